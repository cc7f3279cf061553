/**
 * Paging of lists (cursor: the last record id returned) and of search (cursor: an offset). Pure.
 */
import { at } from '../../core/must.js';
import type { Paging } from '../../wire/api.js';
import { validationError } from '../errors.js';

/** Index of the first id greater than `after` in ascending numeric ids (binary search). */
function firstAfter(ids: readonly string[], after: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (Number(ids[mid]) <= after) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function parseListCursor(after: string | undefined): number {
  if (after === undefined) return -1;
  const n = Number(after);
  if (!/^\d+$/.test(after) || !Number.isSafeInteger(n)) {
    throw validationError(
      `Invalid paging cursor after='${after}'; pass the paging.next.after value of the previous page.`,
    );
  }
  return n;
}

/**
 * One page of ids after the cursor that `accept` keeps. Stops at the first accepted id beyond the page,
 * which proves that a next page exists.
 */
export function pageIds(
  ids: readonly string[],
  after: number,
  limit: number,
  accept: (id: string) => boolean,
): { ids: string[]; next?: string } {
  const page: string[] = [];
  for (let i = firstAfter(ids, after); i < ids.length; i++) {
    const id = at(ids, i);
    if (!accept(id)) continue;
    if (page.length === limit) return { ids: page, next: page.at(-1) };
    page.push(id);
  }
  return { ids: page };
}

/** `paging.next` with a query fragment carrying the other query parameters. */
export function nextPaging(after: string | undefined, query: Record<string, unknown>): Paging | undefined {
  if (after === undefined) return undefined;
  const params = new URLSearchParams();
  params.set('after', after);
  for (const [key, value] of Object.entries(query)) {
    if (key === 'after') continue;
    for (const v of Array.isArray(value) ? value : [value]) {
      if (typeof v === 'string') params.append(key, v);
    }
  }
  return { next: { after, link: `?${params.toString()}` } };
}

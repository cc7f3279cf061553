/** Async iteration over `after`-cursor pages (lists, search, event definitions). */
import type { Paging } from '../types/api.js';

export interface Page<T> {
  results: T[];
  paging?: Paging;
}

/**
 * Yields every item of every page, fetching the next page only when the previous one is consumed.
 * Stops when `paging.next.after` is absent, or repeats a cursor already followed (a server bug that
 * would otherwise loop forever).
 */
export async function* paginate<T>(
  fetchPage: (after: string | undefined) => Promise<Page<T>>,
  after?: string,
): AsyncGenerator<T, void, undefined> {
  const seen = new Set<string>();
  let cursor = after;
  for (;;) {
    const page = await fetchPage(cursor);
    yield* page.results;
    const next = page.paging?.next?.after;
    if (next === undefined || next === '' || seen.has(next)) return;
    seen.add(next);
    cursor = next;
  }
}

/** Async iteration over `after`-cursor pages (lists, search, event definitions), guarded against servers that never end. */
import { CrmSchemaError } from '../core/errors.js';
import type { Paging } from '../wire/api.js';

export interface Page<T> {
  results: T[];
  paging?: Paging;
}

/** Empty pages in a row that name a next page: past this, the server is not paging through anything. */
export const MAX_EMPTY_PAGES = 3;

/**
 * Follows a server's cursors and stops a paging that could never end: a cursor already followed (a
 * server bug that would loop forever) ends it quietly, as the API's last page would; empty pages that keep
 * naming a next one, a page of nothing but items already seen, or more pages than the first page's `total`
 * allows, are refused as a bad answer. `keyOf` names an item (an id, a name) for the check of repeats.
 */
export class PageGuard<T> {
  readonly #seenCursors = new Set<string>();
  readonly #seenKeys = new Set<string>();
  #empty = 0;
  #pages = 0;
  #maxPages: number | undefined;

  constructor(
    /** for messages: `GET /events/v3/event-definitions` */
    private readonly what: string,
    private readonly keyOf?: (item: T) => string,
  ) {}

  /** The cursor of the next page to read, or undefined when the paging is over; throws on a paging that never ends. */
  next(page: Page<T> & { total?: unknown }, pageSize?: number): string | undefined {
    this.#pages += 1;
    if (this.#pages === 1 && typeof page.total === 'number' && pageSize !== undefined && pageSize > 0)
      this.#maxPages = Math.ceil(page.total / pageSize) + 2;
    const next = page.paging?.next?.after;
    if (next === undefined || next === '' || this.#seenCursors.has(next)) return undefined;
    this.#seenCursors.add(next);
    this.#empty = page.results.length === 0 ? this.#empty + 1 : 0;
    if (this.#empty >= MAX_EMPTY_PAGES)
      throw this.#endless(`${MAX_EMPTY_PAGES} empty pages in a row each named a next page`);
    if (this.keyOf !== undefined && page.results.length > 0) {
      const keys = page.results.map(this.keyOf);
      if (keys.every((key) => this.#seenKeys.has(key)))
        throw this.#endless('a page held only items of earlier pages and named a next page');
      for (const key of keys) this.#seenKeys.add(key);
    }
    if (this.#maxPages !== undefined && this.#pages >= this.#maxPages)
      throw this.#endless(`it named a page past the ${this.#maxPages} its total allows`);
    return next;
  }

  #endless(why: string): CrmSchemaError {
    return new CrmSchemaError(
      'BAD_RESPONSE',
      `${this.what}: the CRM's paging does not end (${why}); stopped after ${this.#pages} pages.`,
      {
        hint: 'The server answers pages that never end: check the base URL (is it the CRM?) and try again later.',
      },
    );
  }
}

/**
 * Yields every item of every page, fetching the next page only when the previous one is consumed, until
 * the last page (see PageGuard for the pagings that are stopped).
 */
export async function* paginate<T>(
  fetchPage: (after: string | undefined) => Promise<Page<T> & { total?: unknown }>,
  options: { after?: string; what?: string; keyOf?: (item: T) => string; pageSize?: number } = {},
): AsyncGenerator<T, void, undefined> {
  const guard = new PageGuard<T>(options.what ?? 'a paged list', options.keyOf);
  let cursor = options.after;
  for (;;) {
    const page = await fetchPage(cursor);
    yield* page.results;
    const next = guard.next(page, options.pageSize);
    if (next === undefined) return;
    cursor = next;
  }
}

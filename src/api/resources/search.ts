/**
 * Search (POST /crm/v3/objects/{objectType}/search), for any object type. Searches pass their own
 * bucket (5 per second) besides the client's.
 */
import { SEARCH_PAGE } from '../answer-shapes.js';
import { paginate } from '../paging.js';
import type { Requester } from '../request.js';
import type { Routes } from '../../wire/routes.js';
import type { SearchRequest, SearchResponse, SimpleRecord } from '../../wire/api.js';

export class SearchApi {
  readonly #r: Requester;
  readonly #routes: Routes;
  constructor(requester: Requester, routes: Routes) {
    this.#r = requester;
    this.#routes = routes;
  }

  /** One page of search results with `total`. A read (POST, but changes nothing): safe to retry. */
  records(objectType: string, body: SearchRequest): Promise<SearchResponse> {
    return this.#r.request({
      method: 'POST',
      path: this.#routes.search(objectType),
      body,
      retry: 'safe',
      search: true,
      expect: SEARCH_PAGE,
    });
  }

  /** Every result, page after page (the platform stops at 10,000 results in all). */
  iterate(objectType: string, body: Omit<SearchRequest, 'after'>): AsyncGenerator<SimpleRecord> {
    return paginate((after) => this.records(objectType, after === undefined ? body : { ...body, after }), {
      what: `search of ${objectType}`,
      keyOf: (record) => record.id,
    });
  }
}

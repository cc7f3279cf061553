/**
 * Labelled links between records: the platform's v4 record association endpoints,
 * under `/crm/v4/objects/{from}/{id}/associations/...` and `/crm/v4/associations/{from}/{to}/batch/...`.
 * Object types by name or id; record ids are strings.
 */
import {
  ASSOCIATED_PAGE,
  ASSOCIATIONS_OF_BATCH,
  LINK,
  LINK_BATCH,
  NO_RESULTS_BATCH,
} from '../answer-shapes.js';
import { postBatches, type BatchResult } from '../batching.js';
import { paginate } from '../paging.js';
import { withQuery } from '../../wire/paths.js';
import type { Requester } from '../request.js';
import type { Routes } from '../../wire/routes.js';
import type {
  AssociatedRecord,
  AssociationSpec,
  RecordAssociationArchiveInput,
  RecordAssociationCreateInput,
  RecordAssociationLink,
  RecordAssociationsOf,
} from '../../wire/api.js';
import { ASSOCIATION_READ_BATCH_SIZE } from '../../wire/platform-limits.js';

export interface RecordAssociationListOptions {
  /** page size (1 to 500; the server's default is 500) */
  limit?: number;
}

export class RecordAssociationsApi {
  readonly #r: Requester;
  readonly #routes: Routes;
  constructor(requester: Requester, routes: Routes) {
    this.#r = requester;
    this.#routes = routes;
  }

  /**
   * Link two records by the given association types (and their inverses); a labelled type also links
   * the pair's unlabeled type. Idempotent (a link that exists is not made twice): safe to retry.
   */
  link(
    fromObjectType: string,
    fromId: string,
    toObjectType: string,
    toId: string,
    types: readonly AssociationSpec[],
  ): Promise<RecordAssociationLink> {
    return this.#r.request({
      method: 'PUT',
      path: this.#routes.recordAssociation(fromObjectType, fromId, toObjectType, toId),
      body: types,
      retry: 'safe',
      expect: LINK,
    });
  }

  /** Remove every association between two records, both directions. Idempotent. */
  async unlink(fromObjectType: string, fromId: string, toObjectType: string, toId: string): Promise<void> {
    await this.#r.request({
      method: 'DELETE',
      path: this.#routes.recordAssociation(fromObjectType, fromId, toObjectType, toId),
      retry: 'safe',
      absentMeansDone: true,
    });
  }

  /** Every record of `toObjectType` linked from one record, with the types linking it, page after page. */
  list(
    fromObjectType: string,
    fromId: string,
    toObjectType: string,
    options: RecordAssociationListOptions = {},
  ): AsyncGenerator<AssociatedRecord> {
    const route = this.#routes.recordAssociations(fromObjectType, fromId, toObjectType);
    return paginate(
      (after) =>
        this.#r.request({
          method: 'GET',
          path: withQuery(route, { limit: options.limit, after }),
          retry: 'safe',
          expect: ASSOCIATED_PAGE,
        }),
      { what: `associations of ${fromObjectType} ${fromId}`, keyOf: (record) => record.toObjectId },
    );
  }

  /**
   * The associated records of many records, 1,000 per call, calls in parallel. A record that does not
   * exist is an error paired with its id; one with no associations has `to: []`.
   */
  batchRead(
    fromObjectType: string,
    toObjectType: string,
    ids: readonly string[],
  ): Promise<BatchResult<string, RecordAssociationsOf>> {
    const route = this.#routes.associationsBatch(fromObjectType, toObjectType, 'read');
    return postBatches(this.#r, {
      path: route,
      inputs: ids,
      chunkSize: ASSOCIATION_READ_BATCH_SIZE,
      keysOf: (id) => [id],
      retry: 'safe',
      expect: ASSOCIATIONS_OF_BATCH,
      item: (id) => ({ id }),
    });
  }

  /** Link many pairs of records, chunks of 100. Creating a link is idempotent: safe to retry. */
  batchCreate(
    fromObjectType: string,
    toObjectType: string,
    inputs: readonly RecordAssociationCreateInput[],
  ): Promise<BatchResult<RecordAssociationCreateInput, RecordAssociationLink>> {
    const route = this.#routes.associationsBatch(fromObjectType, toObjectType, 'create');
    return postBatches(this.#r, {
      path: route,
      inputs,
      // an error item names both records of its input
      keysOf: (input) => [input.from.id, input.to.id],
      matchAllKeys: true,
      retry: 'safe',
      expect: LINK_BATCH,
    });
  }

  /** Remove every association between each pair of records, chunks of 100 (204). Idempotent. */
  batchArchive(
    fromObjectType: string,
    toObjectType: string,
    inputs: readonly RecordAssociationArchiveInput[],
  ): Promise<BatchResult<RecordAssociationArchiveInput, never>> {
    const route = this.#routes.associationsBatch(fromObjectType, toObjectType, 'archive');
    return postBatches(this.#r, {
      path: route,
      inputs,
      keysOf: (input) => [input.from.id],
      retry: 'safe',
      expect: NO_RESULTS_BATCH,
    });
  }
}

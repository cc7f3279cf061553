/**
 * Records of any object type (by name or id): create, read, list, update, archive, and their batch
 * forms; the projects batch update path has its own method.
 */
import {
  FULL_RECORD,
  NO_RESULTS_BATCH,
  RECORD,
  RECORD_BATCH,
  RECORD_PAGE,
  UPSERT_BATCH,
} from '../answer-shapes.js';
import { randomUUID } from 'node:crypto';
import { postBatches, runBatches, type BatchResult } from '../batching.js';
import { paginate } from '../paging.js';
import { withQuery } from '../../wire/paths.js';
import type { Requester } from '../request.js';
import type { Routes } from '../../wire/routes.js';
import type {
  BatchResponse,
  CollectionResponse,
  FullRecord,
  RecordCreate,
  RecordUpdateInput,
  RecordUpsertInput,
  SimpleRecord,
  UpsertedRecord,
} from '../../wire/api.js';

export interface RecordReadOptions {
  archived?: boolean;
  /** object types whose associated ids to return */
  associations?: string[];
  /** read by this unique-value property instead of the record id */
  idProperty?: string;
  properties?: string[];
  propertiesWithHistory?: string[];
}

export interface RecordListOptions {
  after?: string;
  archived?: boolean;
  properties?: string[];
  propertiesWithHistory?: string[];
  associations?: string[];
  /** page size (the platform's `limit`, at most 100) */
  limit?: number;
}

export interface RecordBatchReadInput {
  ids: readonly string[];
  properties?: string[];
  propertiesWithHistory?: string[];
  /** name of a unique-value property; `ids` then carry its values */
  idProperty?: string;
  archived?: boolean;
}

export class RecordsApi {
  readonly #r: Requester;
  readonly #routes: Routes;
  constructor(requester: Requester, routes: Routes) {
    this.#r = requester;
    this.#routes = routes;
  }

  /** Create a record. Unsafe: a repeat would create a second record. */
  create(objectType: string, body: RecordCreate): Promise<SimpleRecord> {
    return this.#r.request({
      method: 'POST',
      path: this.#routes.records(objectType),
      body,
      retry: 'unsafe',
      expect: RECORD,
    });
  }

  /** Read one record (by id, or by `idProperty` value). */
  get(objectType: string, id: string, options: RecordReadOptions = {}): Promise<FullRecord> {
    return this.#r.request({
      method: 'GET',
      path: withQuery(this.#routes.record(objectType, id), { ...options }),
      retry: 'safe',
      expect: FULL_RECORD,
    });
  }

  /** One page of records. */
  list(objectType: string, options: RecordListOptions = {}): Promise<CollectionResponse<FullRecord>> {
    return this.#r.request({
      method: 'GET',
      path: withQuery(this.#routes.records(objectType), { ...options }),
      retry: 'safe',
      expect: RECORD_PAGE,
    });
  }

  /** Every record, page after page (`after` cursors). */
  listAll(objectType: string, options: Omit<RecordListOptions, 'after'> = {}): AsyncGenerator<FullRecord> {
    return paginate((after) => this.list(objectType, { ...options, after }), {
      what: `the records of ${objectType}`,
      keyOf: (record) => record.id,
    });
  }

  /** Update one record; an empty string clears a value. Idempotent: same values, same end state. */
  update(
    objectType: string,
    id: string,
    properties: Record<string, string>,
    options: { idProperty?: string } = {},
  ): Promise<SimpleRecord> {
    return this.#r.request({
      method: 'PATCH',
      path: withQuery(this.#routes.record(objectType, id), options),
      body: { properties },
      retry: 'safe',
      expect: RECORD,
    });
  }

  /** Archive one record (DELETE). Idempotent. */
  async archive(objectType: string, id: string): Promise<void> {
    await this.#r.request({
      method: 'DELETE',
      path: this.#routes.record(objectType, id),
      retry: 'safe',
      absentMeansDone: true,
    });
  }

  /**
   * Batch create, chunks of 100. Unsafe. Inputs without an `objectWriteTraceId` get one
   * (`<random>-<index>`) so that a 207's error items, which echo it in their context, map back to
   * their input; the caller's objects are not modified.
   */
  async batchCreate(
    objectType: string,
    inputs: readonly RecordCreate[],
  ): Promise<BatchResult<RecordCreate, SimpleRecord>> {
    const route = this.#routes.recordsBatch(objectType, 'create');
    const prefix = randomUUID().slice(0, 8);
    const traced = inputs.map((input, i) => ({
      input,
      wire: input.objectWriteTraceId ? input : { ...input, objectWriteTraceId: `${prefix}-${i}` },
    }));
    const result = await runBatches({
      inputs: traced,
      call: { method: 'POST', path: route },
      keysOf: (t) => [t.wire.objectWriteTraceId],
      send: (chunk) =>
        this.#r.request({
          method: 'POST',
          path: route,
          body: { inputs: chunk.map((t) => t.wire) },
          retry: 'unsafe',
          expect: RECORD_BATCH,
        }),
    });
    return { ...result, errors: result.errors.map(({ input, error }) => ({ input: input.input, error })) };
  }

  /** Batch read by ids (or `idProperty` values), chunks of 100. A read: safe. */
  batchRead(objectType: string, request: RecordBatchReadInput): Promise<BatchResult<string, SimpleRecord>> {
    const route = withQuery(this.#routes.recordsBatch(objectType, 'read'), { archived: request.archived });
    return runBatches({
      inputs: request.ids,
      call: { method: 'POST', path: route },
      keysOf: (id) => [id],
      send: (chunk) =>
        this.#r.request<BatchResponse<SimpleRecord>>({
          method: 'POST',
          path: route,
          body: {
            inputs: chunk.map((id) => ({ id })),
            properties: request.properties ?? [],
            propertiesWithHistory: request.propertiesWithHistory ?? [],
            ...(request.idProperty !== undefined ? { idProperty: request.idProperty } : {}),
          },
          retry: 'safe',
          expect: RECORD_BATCH,
        }),
    });
  }

  /** Batch update, chunks of 100. Idempotent (values are set, not added): safe to retry. */
  batchUpdate(
    objectType: string,
    inputs: readonly RecordUpdateInput[],
  ): Promise<BatchResult<RecordUpdateInput, SimpleRecord>> {
    return this.#batchUpdateAt(this.#routes.recordsBatch(objectType, 'update'), inputs);
  }

  /** The projects batch update on its own path, `/crm/objects/v3/projects/batch/update`. */
  batchUpdateProjects(
    inputs: readonly RecordUpdateInput[],
  ): Promise<BatchResult<RecordUpdateInput, SimpleRecord>> {
    return this.#batchUpdateAt(this.#routes.projectsBatchUpdate(), inputs);
  }

  /**
   * Batch upsert, chunks of 100. Safe to retry: matched by a unique property, so a repeat updates
   * the record the first try created instead of creating another (only its `new` flag may differ).
   */
  batchUpsert(
    objectType: string,
    inputs: readonly RecordUpsertInput[],
  ): Promise<BatchResult<RecordUpsertInput, UpsertedRecord>> {
    const route = this.#routes.recordsBatch(objectType, 'upsert');
    return postBatches(this.#r, {
      path: route,
      inputs,
      keysOf: (input) => [input.id, input.objectWriteTraceId],
      retry: 'safe',
      expect: UPSERT_BATCH,
    });
  }

  /** Batch archive by id, chunks of 100 (no body in the answer). Idempotent. */
  batchArchive(objectType: string, ids: readonly string[]): Promise<BatchResult<string, never>> {
    const route = this.#routes.recordsBatch(objectType, 'archive');
    return postBatches(this.#r, {
      path: route,
      inputs: ids,
      keysOf: (id) => [id],
      retry: 'safe',
      expect: NO_RESULTS_BATCH,
      item: (id) => ({ id }),
    });
  }

  #batchUpdateAt(
    route: string,
    inputs: readonly RecordUpdateInput[],
  ): Promise<BatchResult<RecordUpdateInput, SimpleRecord>> {
    return postBatches(this.#r, {
      path: route,
      inputs,
      keysOf: (input) => [input.id, input.objectWriteTraceId],
      retry: 'safe',
      expect: RECORD_BATCH,
    });
  }
}

/** Property definitions: create, read, list, update and archive, one at a time and in batches. */
import { NO_RESULTS_BATCH, PROPERTY, PROPERTY_BATCH, PROPERTY_LIST } from '../answer-shapes.js';
import { postBatches, runBatches, type BatchResult } from '../batching.js';
import { withQuery } from '../../wire/paths.js';
import type { Requester } from '../request.js';
import type { Routes } from '../../wire/routes.js';
import { writesFor, type Writes } from '../../wire/writes.js';
import { batchPath, json, sent } from '../write-spec.js';
import type { ApiVersion } from '../../wire/api-version.js';
import type { DataSensitivity, Property, PropertyCreate, PropertyUpdate } from '../../wire/api.js';

export interface PropertyBatchReadOptions {
  archived?: boolean;
  dataSensitivity?: DataSensitivity;
  /** locale of labels; the platform calls this query parameter `locale` */
  locale?: string;
}

export interface PropertyListOptions {
  archived?: boolean;
  dataSensitivity?: DataSensitivity;
  locale?: string;
  /** property names to return */
  properties?: string[];
}

export class PropertiesApi {
  readonly #r: Requester;
  readonly #routes: Routes;
  readonly #writes: Writes;
  constructor(requester: Requester, routes: Routes) {
    this.#r = requester;
    this.#routes = routes;
    this.#writes = writesFor(routes.version);
  }

  /** Create a property. Unsafe: a repeat would answer 409 for what the first try created. */
  create(objectType: string, body: PropertyCreate): Promise<Property> {
    return this.#r.request({
      ...sent(this.#writes.createPropertyAlone(objectType, json(body))),
      retry: 'unsafe',
      expect: PROPERTY,
    });
  }

  /** Batch read properties by name, in chunks of 100. A read: safe to retry. */
  batchRead(
    objectType: string,
    names: readonly string[],
    options: PropertyBatchReadOptions = {},
  ): Promise<BatchResult<string, Property>> {
    const route = withQuery(this.#routes.propertiesBatch(objectType, 'read'), { locale: options.locale });
    return runBatches({
      inputs: names,
      call: { method: 'POST', path: route },
      keysOf: (name) => [name],
      send: (chunk) =>
        this.#r.request({
          method: 'POST',
          path: route,
          body: {
            ...batchReadClass(this.#routes.version, options),
            inputs: chunk.map((name) => ({ name })),
          },
          retry: 'safe',
          expect: PROPERTY_BATCH,
        }),
    });
  }

  /** All properties of an object type (no paging on this endpoint). */
  async list(objectType: string, options: PropertyListOptions = {}): Promise<Property[]> {
    const page = await this.#r.request({
      method: 'GET',
      path: withQuery(this.#routes.properties(objectType), { ...options }),
      retry: 'safe',
      expect: PROPERTY_LIST,
    });
    return page.results;
  }

  /** One property; 404 NOT_FOUND when missing (or archived, unless `archived`). */
  get(objectType: string, name: string, options: { archived?: boolean } = {}): Promise<Property> {
    return this.#r.request({
      method: 'GET',
      path: withQuery(this.#routes.property(objectType, name), options),
      retry: 'safe',
      expect: PROPERTY,
    });
  }

  /**
   * PATCH a property (options, when given, replace the whole list). Idempotent: the same PATCH twice
   * leaves the same definition.
   */
  update(objectType: string, name: string, body: PropertyUpdate): Promise<Property> {
    return this.#r.request({
      ...sent(this.#writes.updateProperty(objectType, name, json(body))),
      retry: 'safe',
      expect: PROPERTY,
    });
  }

  /** Archive (DELETE) a property. Idempotent; a 404 after an uncertain try counts as done. */
  async archive(objectType: string, name: string): Promise<void> {
    await this.#r.request({
      ...sent(this.#writes.archivePropertyAlone(objectType, name)),
      retry: 'safe',
      absentMeansDone: true,
    });
  }

  /**
   * Batch create, chunks of 100; a 207 maps each failed input by its name. Unsafe (creates): a chunk
   * whose answer was lost is reported as OUTCOME_UNKNOWN for each of its inputs.
   */
  batchCreate(
    objectType: string,
    inputs: readonly PropertyCreate[],
  ): Promise<BatchResult<PropertyCreate, Property>> {
    const route = batchPath(this.#writes.createProperty(objectType, {}));
    return postBatches(this.#r, {
      path: route,
      inputs,
      keysOf: (input) => [input.name],
      retry: 'unsafe',
      expect: PROPERTY_BATCH,
    });
  }

  /** Batch archive by name (204 whatever each name's state): idempotent. */
  batchArchive(objectType: string, names: readonly string[]): Promise<BatchResult<string, never>> {
    const route = batchPath(this.#writes.archiveProperty(objectType, ''));
    return postBatches(this.#r, {
      path: route,
      inputs: names,
      keysOf: (name) => [name],
      retry: 'safe',
      expect: NO_RESULTS_BATCH,
      item: (name) => ({ name }),
    });
  }
}

/**
 * The class of properties a batch read asks for. The date-versioned endpoint requires both fields; the
 * legacy one takes them as options with the same defaults (active, non-sensitive).
 */
function batchReadClass(
  version: ApiVersion,
  options: PropertyBatchReadOptions,
): { archived?: boolean; dataSensitivity?: DataSensitivity } {
  if (version === 'legacy') {
    return {
      ...(options.archived !== undefined ? { archived: options.archived } : {}),
      ...(options.dataSensitivity !== undefined ? { dataSensitivity: options.dataSensitivity } : {}),
    };
  }
  return { archived: options.archived ?? false, dataSensitivity: options.dataSensitivity ?? 'non_sensitive' };
}

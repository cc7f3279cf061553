/**
 * Association type configuration (limits): the read of one object pair, the all-pairs read, and the
 * limit create/update/purge, all under the `/crm/associations/v4` prefix.
 */
import { NO_RESULTS_BATCH, TYPE_CONFIG_ALL, TYPE_CONFIG_BATCH, TYPE_CONFIG_LIST } from '../answer-shapes.js';
import { postBatches, type BatchResult } from '../batching.js';
import type { Requester } from '../request.js';
import type { Routes } from '../../wire/routes.js';
import { writesFor, type Writes } from '../../wire/writes.js';
import type {
  AssociationLimitConfigAll,
  AssociationLimitInput,
  AssociationLimitPurgeInput,
  AssociationTypeConfig,
} from '../../wire/api.js';

export class LimitsApi {
  readonly #r: Requester;
  readonly #routes: Routes;
  readonly #writes: Writes;
  constructor(requester: Requester, routes: Routes) {
    this.#r = requester;
    this.#routes = routes;
    this.#writes = writesFor(routes.version);
  }

  /** The association type configuration of an object pair (with `userEnforcedMaxToObjectIds`). */
  async get(fromObjectType: string, toObjectType: string): Promise<AssociationTypeConfig[]> {
    const page = await this.#r.request({
      method: 'GET',
      path: this.#routes.limits(fromObjectType, toObjectType),
      retry: 'safe',
      expect: TYPE_CONFIG_LIST,
    });
    return page.results;
  }

  /** Every configuration of every pair. */
  async getAll(): Promise<AssociationLimitConfigAll[]> {
    const page = await this.#r.request({
      method: 'GET',
      path: this.#routes.allLimits(),
      retry: 'safe',
      expect: TYPE_CONFIG_ALL,
    });
    return page.results;
  }

  /** Set limits where none exist. Unsafe (a create). */
  batchCreate(
    fromObjectType: string,
    toObjectType: string,
    inputs: readonly AssociationLimitInput[],
  ): Promise<BatchResult<AssociationLimitInput, AssociationTypeConfig>> {
    return this.#limits(
      this.#writes.setLimit(fromObjectType, toObjectType, 'create', {}).path,
      inputs,
      'unsafe',
    );
  }

  /** Change existing limits. Idempotent. */
  batchUpdate(
    fromObjectType: string,
    toObjectType: string,
    inputs: readonly AssociationLimitInput[],
  ): Promise<BatchResult<AssociationLimitInput, AssociationTypeConfig>> {
    return this.#limits(
      this.#writes.setLimit(fromObjectType, toObjectType, 'update', {}).path,
      inputs,
      'safe',
    );
  }

  /** Remove limits (204, also when none exists). Idempotent. */
  batchPurge(
    fromObjectType: string,
    toObjectType: string,
    inputs: readonly AssociationLimitPurgeInput[],
  ): Promise<BatchResult<AssociationLimitPurgeInput, never>> {
    const route = this.#writes.purgeLimit(fromObjectType, toObjectType, {}).path;
    return postBatches(this.#r, {
      path: route,
      inputs,
      keysOf: (input) => [String(input.typeId)],
      retry: 'safe',
      expect: NO_RESULTS_BATCH,
    });
  }

  #limits(
    tail: string,
    inputs: readonly AssociationLimitInput[],
    retry: 'safe' | 'unsafe',
  ): Promise<BatchResult<AssociationLimitInput, AssociationTypeConfig>> {
    const route = tail;
    return postBatches(this.#r, {
      path: route,
      inputs,
      keysOf: (input) => [String(input.typeId)],
      retry,
      expect: TYPE_CONFIG_BATCH,
    });
  }
}

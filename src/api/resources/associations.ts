/**
 * Association labels: the batch archive of labels on record associations and the label definitions
 * list/create/update/delete (under the `/crm/v4/associations` prefix;
 * the platform also serves `/crm/associations/v4`).
 */
import { LABEL_LIST, NO_RESULTS_BATCH } from '../answer-shapes.js';
import { postBatches, type BatchResult } from '../batching.js';
import type { Requester } from '../request.js';
import type { Routes } from '../../wire/routes.js';
import { writesFor, type Writes } from '../../wire/writes.js';
import { json, sent } from '../write-spec.js';
import type {
  AssociationLabel,
  AssociationLabelArchiveInput,
  AssociationLabelCreate,
  AssociationLabelUpdate,
} from '../../wire/api.js';

export class AssociationsApi {
  readonly #r: Requester;
  readonly #routes: Routes;
  readonly #writes: Writes;
  constructor(requester: Requester, routes: Routes) {
    this.#r = requester;
    this.#routes = routes;
    this.#writes = writesFor(routes.version);
  }

  /**
   * Batch archive association labels between records, chunks of 100. Idempotent (archiving what is
   * already gone changes nothing). Archiving the unlabeled type removes every labeled one too.
   */
  archiveLabels(
    fromObjectType: string,
    toObjectType: string,
    inputs: readonly AssociationLabelArchiveInput[],
  ): Promise<BatchResult<AssociationLabelArchiveInput, Record<string, unknown>>> {
    const route = this.#routes.associationLabelsArchiveBatch(fromObjectType, toObjectType);
    return postBatches<AssociationLabelArchiveInput, Record<string, unknown>>(this.#r, {
      path: route,
      inputs,
      keysOf: (input) => [input.from.id, input.to.id],
      retry: 'safe',
      expect: NO_RESULTS_BATCH,
    });
  }

  /** Label definitions of an object pair; the unlabeled type has `label: null`. */
  async listLabels(fromObjectType: string, toObjectType: string): Promise<AssociationLabel[]> {
    const page = await this.#r.request({
      method: 'GET',
      path: this.#routes.labels(fromObjectType, toObjectType),
      retry: 'safe',
      expect: LABEL_LIST,
    });
    return page.results;
  }

  /**
   * Create a label pair (one type id per direction). Unsafe: a repeat would create a second pair with
   * new type ids.
   */
  async createLabel(
    fromObjectType: string,
    toObjectType: string,
    body: AssociationLabelCreate,
  ): Promise<AssociationLabel[]> {
    const answer = await this.#r.request({
      ...sent(this.#writes.createLabel(fromObjectType, toObjectType, json(body))),
      retry: 'unsafe',
      expect: LABEL_LIST,
    });
    return answer.results;
  }

  /** Rename a label (PUT, 204). Idempotent. */
  async updateLabel(
    fromObjectType: string,
    toObjectType: string,
    body: AssociationLabelUpdate,
  ): Promise<void> {
    await this.#r.request({
      ...sent(this.#writes.updateLabel(fromObjectType, toObjectType, json(body))),
      retry: 'safe',
    });
  }

  /** Delete a label (both directions). Idempotent; a 404 after an uncertain try counts as done. */
  async deleteLabel(fromObjectType: string, toObjectType: string, associationTypeId: number): Promise<void> {
    await this.#r.request({
      ...sent(this.#writes.deleteLabel(fromObjectType, toObjectType, associationTypeId)),
      retry: 'safe',
      absentMeansDone: true,
    });
  }
}

/**
 * The exact requests a change sends. A request apply may merge with others of the same kind carries
 * `batch`: the batch endpoint's path and this request's item of its `inputs` array. `toWireRequests`
 * does the merging, so dry-run output, the plan file and apply agree by construction.
 * Bodies may hold a `Ref` (`{ ref: <label address> }`) where a typeId only exists after an earlier
 * change has run; apply resolves it with `resolveRefs`.
 */
import type { JsonValue } from '../change-types.js';

export type HttpMethod = 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface PlannedRequest {
  method: HttpMethod;
  path: string;
  body?: JsonValue;
  /** merging: many such requests become one `POST {path}` with body `{ inputs: [item, ...] }` */
  batch?: { path: string; item: JsonValue };
}

/** The key of the item array of every batch body of the platform. */
export const BATCH_INPUTS_KEY = 'inputs';

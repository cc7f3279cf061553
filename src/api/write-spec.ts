/**
 * A schema write of `wire/writes.ts` as the client sends it: its method, path and body (the one source of
 * each write's shape), and the batch endpoint of the writes the CRM also takes in batches.
 */
import type { JsonObject } from '../core/json.js';
import type { WriteRequest } from '../wire/writes.js';
import type { RequestSpec } from './request.js';

/** The method, path and body of a write request. */
export function sent(request: WriteRequest): Pick<RequestSpec, 'method' | 'path' | 'body'> {
  return {
    method: request.method,
    path: request.path,
    ...(request.body === undefined ? {} : { body: request.body }),
  };
}

/** The batch endpoint of a write the CRM also takes in batches (an internal error when it has none). */
export function batchPath(request: WriteRequest): string {
  if (request.batch === undefined)
    throw new Error(`internal error: ${request.method} ${request.path} has no batch endpoint`);
  return request.batch.path;
}

/** A typed body as the JSON object the write builders take. */
export function json(body: object): JsonObject {
  return body as JsonObject;
}

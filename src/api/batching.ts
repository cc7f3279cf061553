/**
 * Batch helpers: split inputs into chunks the platform accepts (100 unless told), send the chunks in
 * parallel (the request loop bounds concurrency and rate), and merge every answer into one result.
 *
 * How a failed input is found: a 207 answer lists error items without saying which input each belongs
 * to, except through the item's `context`, e.g. `{ names: ['x'] }`, `{ ids: ['12'] }`
 * or `{ objectWriteTraceId: ['t-3'] }`. Each input declares its keys (name; id; objectWriteTraceId);
 * every string in an item's context (and its `id`) is looked up among the chunk's keys, and each input
 * found gets the error. An item that names no input is kept in `unmatched`, never dropped.
 * A chunk that fails as a whole (an error status, a network failure, an outcome-unknown create, an
 * answer of the wrong shape) gives all its inputs that one error.
 */
import { ANY_BATCH, type Shape } from './answer-shapes.js';
import { errorFromBatchItem } from './error-mapping.js';
import { BadResponseError, isApiError, type CrmApiError } from './errors.js';
import type { BatchErrorItem, BatchResponse } from '../wire/api.js';
import { BATCH_SIZE } from '../wire/platform-limits.js';
import type { Requester } from './request.js';
import type { RetryClass } from './retry.js';

export interface BatchItemError<I> {
  input: I;
  /** the item's error, or the whole chunk's (then `error.code` may be OUTCOME_UNKNOWN) */
  error: CrmApiError;
}

export interface BatchResult<I, R> {
  results: R[];
  errors: BatchItemError<I>[];
  /** error items of a 207 whose context named none of the inputs sent */
  unmatched: CrmApiError[];
}

export interface BatchRun<I, R> {
  inputs: readonly I[];
  /** method and path, for the errors of batch items */
  call: { method: string; path: string };
  /** sends one chunk; undefined for endpoints that answer 204 */
  send(chunk: I[]): Promise<BatchResponse<R> | undefined>;
  /** the values an error item's context may carry for this input */
  keysOf(input: I): readonly (string | undefined)[];
  /**
   * true: an error item belongs to an input only when its context names every key of the input (for
   * inputs keyed by a pair of ids, where one id alone would also name other inputs)
   */
  matchAllKeys?: boolean;
  /** inputs per call: the endpoint's cap (default 100; the association batch read takes 1,000) */
  chunkSize?: number;
}

/** A batch endpoint that takes `{ inputs: [...] }` by POST, the usual kind. */
export interface PostBatch<I, R> extends Pick<
  BatchRun<I, R>,
  'inputs' | 'keysOf' | 'matchAllKeys' | 'chunkSize'
> {
  path: string;
  /** whether a call may be repeated when its outcome is unknown */
  retry: RetryClass;
  /** the answer's shape: a batch of R, or nothing (204) */
  expect: Shape<BatchResponse<R> | undefined> | Shape<BatchResponse<R>>;
  /** one input as an item of `inputs`; default the input itself */
  item?: (input: I) => unknown;
}

/** Sends `inputs` to a batch endpoint in chunks, `{ inputs: chunk }` by POST, and merges the answers. */
export function postBatches<I, R>(requester: Requester, batch: PostBatch<I, R>): Promise<BatchResult<I, R>> {
  const { path, retry, expect, item, ...run } = batch;
  return runBatches<I, R>({
    ...run,
    call: { method: 'POST', path },
    send: (chunk) =>
      requester.request<BatchResponse<R> | undefined>({
        method: 'POST',
        path,
        body: { inputs: item === undefined ? chunk : chunk.map(item) },
        retry,
        expect,
      }),
  });
}

export function chunk<T>(items: readonly T[], size = BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export async function runBatches<I, R>(run: BatchRun<I, R>): Promise<BatchResult<I, R>> {
  const chunks = chunk(run.inputs, run.chunkSize ?? BATCH_SIZE);
  const merged: BatchResult<I, R> = { results: [], errors: [], unmatched: [] };
  type Answer = { inputs: I[]; response?: BatchResponse<R>; failed?: CrmApiError };
  const answers = await Promise.all(
    chunks.map(async (inputs): Promise<Answer> => {
      try {
        const response = await run.send(inputs);
        // the resources' requests check this already; a caller's own `send` may not have
        const problem = response === undefined ? undefined : ANY_BATCH.check(response);
        if (problem !== undefined) return { inputs, failed: new BadResponseError(run.call, problem) };
        return { inputs, response };
      } catch (error) {
        if (!isApiError(error)) throw error;
        return { inputs, failed: error };
      }
    }),
  );
  // chunks are merged in input order, whatever order they finished in
  for (const answer of answers) {
    if (answer.failed) {
      for (const input of answer.inputs) merged.errors.push({ input, error: answer.failed });
      continue;
    }
    if (!answer.response) continue;
    // one by one: spreading a huge list into push() would overflow the stack
    for (const result of answer.response.results) merged.results.push(result);
    if (answer.response.errors?.length) mergeItemErrors(run, answer.inputs, answer.response.errors, merged);
  }
  return merged;
}

function mergeItemErrors<I, R>(
  run: BatchRun<I, R>,
  inputs: readonly I[],
  items: readonly BatchErrorItem[],
  merged: BatchResult<I, R>,
): void {
  const byKey = new Map<string, I[]>();
  for (const input of inputs) {
    for (const key of run.keysOf(input)) {
      if (key === undefined) continue;
      const list = byKey.get(key);
      if (list) list.push(input);
      else byKey.set(key, [input]);
    }
  }
  for (const item of items) {
    const error = errorFromBatchItem(run.call, item);
    const values = new Set(contextValues(item));
    const hits = new Set<I>();
    for (const value of values) for (const input of byKey.get(value) ?? []) hits.add(input);
    if (run.matchAllKeys) {
      for (const input of hits) {
        if (!run.keysOf(input).every((key) => key === undefined || values.has(key))) hits.delete(input);
      }
    }
    if (hits.size === 0) merged.unmatched.push(error);
    for (const input of hits) merged.errors.push({ input, error });
  }
}

/** The values an error item names; its answer's shape check leaves `context` optional. */
function contextValues(item: Pick<BatchErrorItem, 'id'> & { context?: unknown }): string[] {
  const values: string[] = [];
  const add = (value: unknown) => {
    if (typeof value === 'string') values.push(value);
    else if (typeof value === 'number') values.push(String(value));
  };
  add(item.id);
  const context = (item.context ?? {}) as Record<string, unknown>;
  for (const value of Object.values(context)) {
    if (Array.isArray(value)) value.forEach(add);
    else add(value);
  }
  return values;
}

/**
 * Batch plumbing shared by the record batch endpoints: input limits, per-item error capture and the
 * batch response. Items are processed in order; an item that fails becomes an error item and the
 * others still succeed, answered 207.
 */
import type { FastifyReply } from 'fastify';
import type { BatchErrorItem, BatchResponse } from '../../wire/api.js';
import { isEmulatorError, toBatchErrorItem, validationError } from '../errors.js';
import { isJsonObject, type JsonObject } from '../request-values.js';
import { requireBody } from './body.js';
import { MAX_BATCH_INPUTS } from '../limits.js';

/** The `inputs` array of a batch body: present, 1 to `max` (default 100) objects. */
export function batchInputs(
  body: unknown,
  max = MAX_BATCH_INPUTS,
): { body: JsonObject; inputs: JsonObject[] } {
  const obj = requireBody(body);
  const inputs = obj.inputs;
  if (!Array.isArray(inputs)) throw validationError('Invalid input JSON: inputs must be an array.');
  if (inputs.length === 0) throw validationError('inputs is empty: give at least one input.');
  if (inputs.length > max) {
    throw validationError(
      `Too many inputs: ${inputs.length} given, at most ${max} per batch; split the batch.`,
      [
        {
          message: `inputs has ${inputs.length} items; the limit is ${max}.`,
          code: 'TOO_MANY_INPUTS',
          in: 'inputs',
        },
      ],
    );
  }
  inputs.forEach((input, i) => {
    if (!isJsonObject(input)) throw validationError(`Invalid input JSON: inputs[${i}] must be an object.`);
  });
  return { body: obj, inputs: inputs as JsonObject[] };
}

/** Collects results and error items of a batch. */
export class BatchCollector<T> {
  readonly startedAt: string;
  readonly results: T[] = [];
  readonly errors: BatchErrorItem[] = [];

  constructor(now: string) {
    this.startedAt = now;
  }

  /** Runs one item; an EmulatorError becomes an error item with `context` (plus its own context). */
  item(context: Record<string, string[]>, run: () => T | undefined): void {
    try {
      const result = run();
      if (result !== undefined) this.results.push(result);
    } catch (error) {
      if (!isEmulatorError(error)) throw error;
      this.errors.push(toBatchErrorItem(error, context));
    }
  }

  response(now: string): BatchResponse<T> {
    const body: BatchResponse<T> = {
      status: 'COMPLETE',
      results: this.results,
      startedAt: this.startedAt,
      completedAt: now,
      requestedAt: this.startedAt,
    };
    if (this.errors.length > 0) {
      body.numErrors = this.errors.length;
      body.errors = this.errors;
    }
    return body;
  }

  /** 207 when any item failed, else `okStatus`. */
  send(reply: FastifyReply, okStatus: number, now: string): FastifyReply {
    return reply.status(this.errors.length > 0 ? 207 : okStatus).send(this.response(now));
  }
}

/** Context of an item error: the trace id the client gave, echoed back (as the batch create does). */
export function traceContext(input: JsonObject): Record<string, string[]> {
  return typeof input.objectWriteTraceId === 'string'
    ? { objectWriteTraceId: [input.objectWriteTraceId] }
    : {};
}

/**
 * The property batch endpoints: read, create and archive. A batch takes at most 100 inputs, as the
 * record batches do: the platform documents no cap for property batches and names 100 as the safe
 * size, so the emulator holds clients to it.
 */
import type { BatchErrorItem, BatchResponse, Property } from '../../wire/api.js';
import { isEmulatorError, notFound, toBatchErrorItem, validationError } from '../errors.js';
import type { ObjectTypeState } from '../state/model.js';
import { countProperties } from './property-rules.js';
import { isJsonObject } from '../request-values.js';
import { archiveIfPossible, createProperty } from './property-store.js';
import { isDataSensitivity } from './query-params.js';
import { own } from '../../core/own.js';
import { MAX_BATCH_INPUTS } from '../limits.js';

export interface BatchOutcome {
  statusCode: 200 | 201 | 207;
  body: BatchResponse<Property>;
}

/** `{inputs: [...]}` with at most 100 items; a 400 otherwise. */
function readInputs(body: unknown): unknown[] {
  if (!isJsonObject(body) || !Array.isArray(body.inputs)) {
    throw validationError('The request body must be a JSON object with an inputs array.', [
      { message: 'inputs is required and must be an array.', code: 'REQUIRED_FIELD', in: 'inputs' },
    ]);
  }
  if (body.inputs.length > MAX_BATCH_INPUTS) {
    throw validationError(
      `A batch takes at most ${MAX_BATCH_INPUTS} inputs; got ${body.inputs.length}. Split it into smaller batches.`,
      [{ message: `At most ${MAX_BATCH_INPUTS} inputs.`, code: 'TOO_MANY_INPUTS', in: 'inputs' }],
    );
  }
  return body.inputs;
}

/** `{inputs: [{name}]}`: the names in input order, each once. */
function readNameInputs(body: unknown): string[] {
  const inputs = readInputs(body);
  const names = new Set<string>();
  inputs.forEach((input, i) => {
    const name = isJsonObject(input) ? input.name : undefined;
    if (typeof name !== 'string' || name === '') {
      throw validationError(`inputs[${i}] must be an object with a non-empty name.`, [
        { message: 'name is required.', code: 'REQUIRED_FIELD', in: `inputs[${i}].name` },
      ]);
    }
    names.add(name);
  });
  return [...names];
}

function outcome(
  results: Property[],
  errors: BatchErrorItem[],
  startedAt: string,
  completedAt: string,
  success: 200 | 201,
): BatchOutcome {
  const body: BatchResponse<Property> = { status: 'COMPLETE', results, startedAt, completedAt };
  if (errors.length === 0) return { statusCode: success, body };
  return { statusCode: 207, body: { ...body, numErrors: errors.length, errors } };
}

/**
 * Batch read: the named properties. `archived: true` reads archived ones only; `dataSensitivity`, when given,
 * keeps only properties of that sensitivity (names are explicit, so none is filtered by default).
 * A name with no match is one OBJECT_NOT_FOUND error item (context `{name: [...]}`) in a 207.
 */
export function batchRead(objectType: ObjectTypeState, body: unknown, now: () => string): BatchOutcome {
  const startedAt = now();
  const names = readNameInputs(body);
  const { archived = false, dataSensitivity } = body as { archived?: unknown; dataSensitivity?: unknown };
  if (typeof archived !== 'boolean') {
    throw validationError('archived must be true or false.', [
      { message: 'archived must be true or false.', code: 'INVALID_BOOLEAN', in: 'archived' },
    ]);
  }
  if (dataSensitivity !== undefined && dataSensitivity !== null && !isDataSensitivity(dataSensitivity)) {
    throw validationError('dataSensitivity must be highly_sensitive, non_sensitive or sensitive.', [
      { message: 'Unknown dataSensitivity.', code: 'INVALID_DATA_SENSITIVITY', in: 'dataSensitivity' },
    ]);
  }
  const results: Property[] = [];
  const errors: BatchErrorItem[] = [];
  for (const name of names) {
    const p = own(objectType.properties, name);
    const matches =
      p !== undefined &&
      (p.archived === true) === archived &&
      (dataSensitivity == null || (p.dataSensitivity ?? 'non_sensitive') === dataSensitivity);
    if (p && matches) {
      results.push(p);
      continue;
    }
    const what = archived ? 'archived property' : 'property';
    const error = notFound(`No ${what} named '${name}' exists on ${objectType.name}.`);
    errors.push(toBatchErrorItem(error, { name: [name] }));
  }
  return outcome(results, errors, startedAt, now(), 200);
}

/** Batch create: each input as a single create; failures become error items naming the input, the rest succeed. */
export function batchCreate(objectType: ObjectTypeState, body: unknown, now: () => string): BatchOutcome {
  const startedAt = now();
  const inputs = readInputs(body);
  const counts = countProperties(Object.values(objectType.properties));
  const results: Property[] = [];
  const errors: BatchErrorItem[] = [];
  inputs.forEach((input, i) => {
    try {
      results.push(createProperty(objectType, input, now(), counts));
    } catch (error) {
      if (!isEmulatorError(error)) throw error;
      const name = isJsonObject(input) && typeof input.name === 'string' ? input.name : undefined;
      errors.push(toBatchErrorItem(error, name !== undefined ? { name: [name] } : { index: [String(i)] }));
    }
  });
  return outcome(results, errors, startedAt, now(), 201);
}

/** Batch archive: archives each active custom property named; returns the names archived. */
export function batchArchive(objectType: ObjectTypeState, body: unknown, now: string): string[] {
  return readNameInputs(body).filter((name) => archiveIfPossible(objectType, name, now));
}

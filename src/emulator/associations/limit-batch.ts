/**
 * Association limit configuration batches: set,
 * change and purge the user-enforced cap (`maxToObjectIds`) of association types of one object pair.
 * Create and update check each input on its own: the good ones are applied, the others become batch
 * error items.
 */
import type { AssociationTypeConfig, BatchErrorItem } from '../../wire/api.js';
import { alreadyExists, notFound, toBatchErrorItem, validationError, type EmulatorError } from '../errors.js';
import type { AssociationTypeState, EmulatorState } from '../state/model.js';
import { findType, isFromTo, pairName, toConfigItem, type ObjectPair } from './association-types.js';
import { isJsonObject, isPositiveInteger, requireObjectBody } from '../request-values.js';

export const MAX_LIMIT_BATCH_INPUTS = 100;

export type LimitBatchMode = 'create' | 'update';

export interface LimitBatchOutcome {
  results: AssociationTypeConfig[];
  errors: BatchErrorItem[];
}

/** The `inputs` array of a batch body: 400 when missing or longer than MAX_LIMIT_BATCH_INPUTS. */
export function batchInputs(body: unknown, expected: string): unknown[] {
  const input = requireObjectBody(body, `{ inputs: [${expected}] }`);
  if (!Array.isArray(input.inputs)) {
    throw validationError(`'inputs' is required and must be an array of ${expected}.`);
  }
  if (input.inputs.length > MAX_LIMIT_BATCH_INPUTS) {
    throw validationError(
      `A batch takes at most ${MAX_LIMIT_BATCH_INPUTS} inputs; got ${input.inputs.length}. Split it into smaller batches.`,
    );
  }
  return input.inputs;
}

export function applyLimitBatch(
  state: EmulatorState,
  pair: ObjectPair,
  inputs: readonly unknown[],
  mode: LimitBatchMode,
): LimitBatchOutcome {
  const outcome: LimitBatchOutcome = { results: [], errors: [] };
  for (const raw of inputs) {
    const checked = checkLimitInput(state, pair, raw, mode);
    if ('error' in checked) {
      outcome.errors.push(toBatchErrorItem(checked.error, { typeId: [describeTypeId(raw)] }));
      continue;
    }
    checked.type.maxToObjectIds = checked.max;
    outcome.results.push(toConfigItem(checked.type));
  }
  return outcome;
}

/**
 * Removes the limit of each input's type. Like the platform (204 "also when no limit exists"), inputs
 * naming no limit of this pair are ignored: unknown ids, types of other pairs, a category that differs.
 * Returns the types whose limit was removed.
 */
export function purgeLimits(
  state: EmulatorState,
  pair: ObjectPair,
  inputs: readonly unknown[],
): AssociationTypeState[] {
  const purged: AssociationTypeState[] = [];
  for (const raw of inputs) {
    if (!isJsonObject(raw) || !isPositiveInteger(raw.typeId)) continue;
    const type = findType(state, raw.typeId);
    if (!type || !isFromTo(type, pair) || type.category !== raw.category) continue;
    if (type.maxToObjectIds === undefined) continue;
    delete type.maxToObjectIds;
    purged.push(type);
  }
  return purged;
}

type CheckedInput = { type: AssociationTypeState; max: number } | { error: EmulatorError };

function checkLimitInput(
  state: EmulatorState,
  pair: ObjectPair,
  raw: unknown,
  mode: LimitBatchMode,
): CheckedInput {
  if (!isJsonObject(raw)) {
    return { error: validationError('Each input must be an object { category, typeId, maxToObjectIds }.') };
  }
  if (!isPositiveInteger(raw.typeId)) {
    return {
      error: validationError(`'typeId' must be a positive integer; got ${JSON.stringify(raw.typeId)}.`),
    };
  }
  const type = findType(state, raw.typeId);
  if (!type) return { error: notFound(`No association type ${raw.typeId} exists.`) };
  if (!isFromTo(type, pair)) {
    return {
      error: validationError(
        `Association type ${type.typeId} is not a ${pairName(pair)} type; it goes from ${type.fromObjectTypeId} to ${type.toObjectTypeId}.`,
      ),
    };
  }
  if (raw.category !== type.category) {
    return {
      error: validationError(
        `Association type ${type.typeId} has category ${type.category}, not ${JSON.stringify(raw.category ?? null)}.`,
      ),
    };
  }
  if (!isPositiveInteger(raw.maxToObjectIds)) {
    return {
      error: validationError(
        `'maxToObjectIds' must be a positive integer; got ${JSON.stringify(raw.maxToObjectIds ?? null)}.`,
      ),
    };
  }
  if (mode === 'create' && type.maxToObjectIds !== undefined) {
    return {
      error: alreadyExists(
        `Association type ${type.typeId} already has a limit (${type.maxToObjectIds}); change it with batch/update.`,
      ),
    };
  }
  if (mode === 'update' && type.maxToObjectIds === undefined) {
    return {
      error: notFound(`Association type ${type.typeId} has no limit to update; set one with batch/create.`),
    };
  }
  return { type, max: raw.maxToObjectIds };
}

function describeTypeId(raw: unknown): string {
  if (!isJsonObject(raw) || raw.typeId === undefined) return '';
  return typeof raw.typeId === 'number' || typeof raw.typeId === 'string'
    ? String(raw.typeId)
    : JSON.stringify(raw.typeId);
}

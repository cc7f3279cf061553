/**
 * What every route module receives: the state, the options, a clock, and the hooks that keep state
 * consistent (object type resolution, persistence).
 */
import type { EmulatorState, ObjectTypeState } from './state/model.js';
import type { StateChange } from './state/changes.js';
import { validationError } from './errors.js';
import type { RequiredPropertyRule } from './records/required-rules.js';

export { changed, type StateChange } from './state/changes.js';

export interface EmulatorContext {
  readonly state: EmulatorState;
  /** current time as an ISO 8601 string (the emulator's clock option, or the system's) */
  now(): string;
  /**
   * call after every change to `state`, naming what changed (`changed.record(...)`, ...); the server
   * saves it before the reply is sent. Without arguments the whole state is saved (a snapshot), which
   * costs more the larger the state is.
   */
  markDirty(...changes: StateChange[]): void;
  /**
   * the account's required-property rules, on the routes of a version that enforces them on record
   * writes (2026-09 and later); absent elsewhere
   */
  readonly requiredPropertyRules?: readonly RequiredPropertyRule[];
}

/** Finds an object type by name (`tickets`) or id (`0-5`); unknown ones are a 400, as on the platform. */
export function resolveObjectType(state: EmulatorState, nameOrId: string): ObjectTypeState {
  // own keys only: a name such as `constructor` must not resolve to Object.prototype's member
  const byId = Object.hasOwn(state.objectTypes, nameOrId) ? state.objectTypes[nameOrId] : undefined;
  if (byId) return byId;
  const wanted = nameOrId.toLowerCase();
  for (const objectType of Object.values(state.objectTypes)) {
    if (objectType.name === wanted) return objectType;
  }
  throw validationError(`Unable to infer object type from: ${nameOrId}`, [], {
    subCategory: 'ObjectTypeError.UNKNOWN_OBJECT_TYPE',
  });
}

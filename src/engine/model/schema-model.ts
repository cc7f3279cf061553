/**
 * The one normalised schema model. Desired state (from the manifests) and live state (from the API) are
 * both converted into it, with the platform's defaults filled, so the diff compares like with like. It
 * is generic: a `SchemaState` holds each resource family's part (its slice) under the family's name, and
 * each family declares its slice's shape and the accessors that read and fill it (in its own folder). The
 * engine moves states around without knowing what a slice holds.
 *
 * Compared fields and live-only facts are kept apart: a family's normalised resources hold exactly what a
 * manifest can declare and the diff compares, while `ResourceFlags` (built in, archived, when and by whom
 * last changed) sit beside them.
 */
import type { Static } from '../../core/json-schema.js';
import type { OptionShape } from './model-shapes.js';

export type NormalizedOption = Static<typeof OptionShape>;

/** Live-only facts about a resource; never compared, never declared. */
export interface ResourceFlags {
  /** a built-in resource: crm-schema never changes it */
  platformDefined: boolean;
  /** an archived resource counts as absent */
  archived: boolean;
  /** when it was made, when the API says (a rename tells its own new property from an older one) */
  createdAt?: string;
  /** when and by whom it was last changed, when the API says (drift shows it for outside edits) */
  updatedAt?: string;
  updatedUserId?: string;
}

/** The live-only facts of a property (the flags every family's resources share). */
export type PropertyFlags = ResourceFlags;

/** A family whose resources could not be read: the token lacks their scope (which also writes them). */
export interface NotRead {
  missingScopes: string[];
  /** the calls the refused read made */
  calls: number;
}

export interface SchemaState {
  /** each family's part, under the family's name (`sliceOf`) */
  readonly slices: Map<string, unknown>;
  /** the families whose resources could not be read, by name */
  readonly notRead: Map<string, NotRead>;
}

/** How a family finds its slice: its name, and the empty slice made on first use. */
export interface SliceKey<T> {
  readonly family: string;
  empty(): T;
}

export function emptySchemaState(): SchemaState {
  return { slices: new Map(), notRead: new Map() };
}

/** A family's slice of a state, made empty on first use. */
export function sliceOf<T>(state: SchemaState, key: SliceKey<T>): T {
  let slice = state.slices.get(key.family) as T | undefined;
  if (slice === undefined) {
    slice = key.empty();
    state.slices.set(key.family, slice);
  }
  return slice;
}

/** A family's slice of a state, when it has one (reading never makes one). */
export function sliceIn<T>(state: SchemaState, key: SliceKey<T>): T | undefined {
  return state.slices.get(key.family) as T | undefined;
}

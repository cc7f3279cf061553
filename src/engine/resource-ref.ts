/**
 * A resource by identity, as a change kind names its target: `kind` names its type of resource (a
 * family's), the rest is the family's own. And what a rollback puts a resource back into.
 */
import type { Tombstone } from './model/desired-state.js';
import type { SchemaState } from './model/schema-model.js';

export interface ResourceRef {
  readonly kind: string;
  readonly [field: string]: unknown;
}

/** What a rollback puts back into: the desired state it builds, and the live state when it is known. */
export interface PutBackTarget {
  state: SchemaState;
  tombstones: Tombstone[];
  /** the live account (undefined when the rollback only works out what to read) */
  live?: SchemaState;
}

/**
 * The desired state: what the manifests declare, normalised like the live state (the same
 * `SchemaState`, each family's slice), the tombstones (resources to archive or delete, each of its
 * family's own shape, told apart by `kind`), where each declared resource was written, and each family's
 * intents beside the resources (a property's rename, say), under the family's name. The manifest part
 * builds it; the planner diffs it against the live state.
 */
import type { SchemaState } from './schema-model.js';
import type { SourceLocation } from '../../core/source/source-location.js';

/** A resource to archive or delete: `kind` names its resource kind; the rest is its family's. */
export interface Tombstone {
  readonly kind: string;
  readonly source?: SourceLocation | undefined;
  readonly [field: string]: unknown;
}

export interface DesiredState {
  state: SchemaState;
  tombstones: readonly Tombstone[];
  /** where each declared resource was written, keyed by address; diagnostics point there */
  sources?: ReadonlyMap<string, SourceLocation>;
  /** what a family's manifests say beside its resources (a property's rename), under the family's name */
  intents?: ReadonlyMap<string, unknown>;
}

/** The tombstones of one resource kind, typed as its family declares them. */
export function tombstonesOfKind<T extends Tombstone>(
  desired: Pick<DesiredState, 'tombstones'>,
  kind: T['kind'],
): T[] {
  return desired.tombstones.filter((tombstone): tombstone is T => tombstone.kind === kind);
}

export const CONFLICT_RESOLUTIONS = ['keep', 'overwrite'] as const;
export type ConflictResolution = (typeof CONFLICT_RESOLUTIONS)[number];

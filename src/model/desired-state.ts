/**
 * The desired state: what the manifests declare, normalised like the live state (the same
 * `SchemaState`), the tombstones (resources to archive or delete), and where each was written. The
 * manifest part builds it; the planner diffs it against the live state.
 */
import type { SchemaState } from './schema-model.js';
import type { SourceLocation } from '../core/source/source-location.js';

export type Tombstone = (
  | { kind: 'property'; objectType: string; name: string }
  | { kind: 'group'; objectType: string; name: string }
  /** a user label, by its text */
  | { kind: 'label'; from: string; to: string; label: string }
  /** a limit: of a user label (`label`) or of any type (`category` and `typeId`) */
  | { kind: 'limit'; from: string; to: string; label?: string; category?: string; typeId?: number }
  | { kind: 'eventProperty'; eventName: string; name: string }
) & { source?: SourceLocation };

export interface DesiredState {
  state: SchemaState;
  tombstones: readonly Tombstone[];
  /** where each declared resource was written, keyed by address; diagnostics point there */
  sources?: ReadonlyMap<string, SourceLocation>;
  /** renames: the new property's address -> the internal name it is renamed from */
  renames?: ReadonlyMap<string, string>;
  /** option remaps: a property's address -> (old option value -> the value that replaces it) */
  remaps?: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /**
   * a rename's or remap's decision on values it did not write (`onConflict`), keyed by the property's
   * address: `keep` them or `overwrite` them; absent, such values are conflicts that refuse the change
   */
  onConflict?: ReadonlyMap<string, ConflictResolution>;
}

export const CONFLICT_RESOLUTIONS = ['keep', 'overwrite'] as const;
export type ConflictResolution = (typeof CONFLICT_RESOLUTIONS)[number];

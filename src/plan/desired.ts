/**
 * What the diff takes on the desired side: the state the manifests declare, the tombstones (resources to
 * archive or delete), and where each came from; plus the policy from the project file.
 */
import type { SchemaState } from '../model/schema-model.js';

export interface SourceLocation {
  file: string;
  line: number;
  column: number;
}

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
}

export type UnmanagedPolicy = 'ignore' | 'report' | 'archive';

export interface PlanPolicy {
  /** what to do with live custom resources in the managed scope that no manifest names */
  unmanaged: UnmanagedPolicy;
  /** the managed scope: properties in these groups (any object type) or with these name prefixes */
  manage: { groups: readonly string[]; prefixes: readonly string[] };
}

export const DEFAULT_POLICY: PlanPolicy = { unmanaged: 'ignore', manage: { groups: [], prefixes: [] } };

export interface DiffOptions {
  policy: PlanPolicy;
}

/**
 * The shapes the changes of several kinds share: a changed field (with its option changes), why a
 * resource is removed, and a value only known at apply time (`Ref`).
 */
import type { NormalizedOption } from '../model/schema-model.js';
import type { JsonValue } from '../core/json.js';

/**
 * One changed field of an update or replace: `old` is the live value, `new` the desired one; an unset
 * optional field is `null`. An `options` field also lists the option changes, compared by `value`.
 */
export interface FieldChange {
  field: string;
  old: JsonValue;
  new: JsonValue;
  options?: OptionChange[];
}

/**
 * Option changes, compared by `value`. On a removal, `recordCount` (records holding it) is attached by the
 * data-check rule, and `replacedBy` (the value those records are rewritten to) by a remap.
 */
export type OptionChange =
  | { kind: 'added'; value: string; option: NormalizedOption }
  | { kind: 'removed'; value: string; option: NormalizedOption; recordCount?: number; replacedBy?: string }
  | { kind: 'relabelled'; value: string; old: string; new: string }
  | {
      kind: 'reordered';
      value: string;
      oldPosition: number;
      newPosition: number;
      oldDisplayOrder: number;
      newDisplayOrder: number;
    }
  | { kind: 'hidden'; value: string; old: boolean; new: boolean }
  | { kind: 'description'; value: string; old: string; new: string };

/** Why a resource is removed: a tombstone in a manifest, or the `unmanaged: archive` policy. */
export type RemovalCause = 'tombstone' | 'unmanaged';

/**
 * A value only known once an earlier change has run: the typeId of the label created at `ref` (the
 * label's address), of its own direction, or with `side: 'inverse'` of its inverse direction.
 */
// a type alias (not an interface) so that it is assignable to JsonValue inside request bodies
export type Ref = { ref: string; side?: 'inverse' };

export function isRef(value: unknown): value is Ref {
  return typeof value === 'object' && value !== null && typeof (value as { ref?: unknown }).ref === 'string';
}

/** The key a ref's typeId is kept under once known: the label address, `#inverse` for its inverse side. */
export function refKey(ref: Ref): string {
  return ref.side === 'inverse' ? `${ref.ref}#inverse` : ref.ref;
}

/** What every change is: its type and its data. The union of the planner's changes is `Change`. */
export interface ChangeShape {
  type: string;
  meta: unknown;
}

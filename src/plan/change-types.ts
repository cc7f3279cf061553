/**
 * A change is data: `{ type, meta }`, one union of every kind the planner produces. Address, message,
 * base severity, phase and requests are derived from `meta` by the kind registry (`kinds/`), so a plan
 * written to JSON and read back gives the same derived values. Every value here is JSON-able.
 */
import type {
  NormalizedEventDefinitionInfo,
  NormalizedEventProperty,
  NormalizedGroup,
  NormalizedLabel,
  NormalizedOption,
  NormalizedProperty,
} from '../model/schema-model.js';
import type { ConflictResolution } from '../model/desired-state.js';
import type { FieldChange, Ref, RemovalCause } from './change-shapes.js';

export type { FieldChange, OptionChange, Ref, RemovalCause } from './change-shapes.js';
export { isRef, refKey } from './change-shapes.js';
import { KIND_TYPES } from './kinds/registry.js';

export interface PropertyCreateChange {
  type: 'property.create';
  meta: { objectType: string; property: NormalizedProperty };
}
export interface PropertyUpdateChange {
  type: 'property.update';
  meta: { objectType: string; name: string; fields: FieldChange[] };
}
export interface PropertyArchiveChange {
  type: 'property.archive';
  /** `property`: the live definition being archived */
  meta: { objectType: string; name: string; cause: RemovalCause; property: NormalizedProperty };
}
export interface PropertyReplaceChange {
  type: 'property.replace';
  /** `immutable`: the fields the API cannot change that differ; `fields`: every differing field */
  meta: {
    objectType: string;
    name: string;
    immutable: FieldChange[];
    fields: FieldChange[];
    property: NormalizedProperty;
  };
}

export interface PropertyRenameChange {
  type: 'property.rename';
  /**
   * `property`: the declared definition under its new name; `old`: the live property it is renamed from,
   * whose values are copied over before it is archived; `created`: the new property exists already (an
   * earlier run stopped before the end), so only the copy and the archive are left. `finished`: why the
   * rename is known to have finished before (the old property came back since): it is not run again.
   * `onConflict`: the manifest's decision on records whose new value the copy did not write.
   */
  meta: {
    objectType: string;
    from: string;
    property: NormalizedProperty;
    old: NormalizedProperty;
    created: boolean;
    finished?: string;
    onConflict?: ConflictResolution;
  };
}
export interface PropertyRemapChange {
  type: 'property.remap';
  /**
   * An update whose removed options are replaced by others (`replaces`): `fields` as an update's;
   * `remaps`: old value -> new value, for the old options still live; `kept`: those old options, kept
   * until the records holding them are rewritten, then kept hidden and marked as replaced;
   * `multiple`: a checkbox (`;`-separated values). `returned`: old values whose remap had finished and
   * that were shown again since (rewritten again only with `onConflict: overwrite`).
   */
  meta: {
    objectType: string;
    name: string;
    fields: FieldChange[];
    remaps: { from: string; to: string }[];
    kept: NormalizedOption[];
    multiple: boolean;
    returned?: string[];
    onConflict?: ConflictResolution;
  };
}
export interface PropertyRestoreChange {
  type: 'property.restore';
  /** a declared property whose name belongs to an archived one: creating it restores it, values and all */
  meta: { objectType: string; property: NormalizedProperty };
}

export interface GroupCreateChange {
  type: 'group.create';
  meta: { objectType: string; group: NormalizedGroup };
}
export interface GroupUpdateChange {
  type: 'group.update';
  meta: { objectType: string; name: string; fields: FieldChange[] };
}
export interface GroupArchiveChange {
  type: 'group.archive';
  meta: { objectType: string; name: string; cause: RemovalCause; group: NormalizedGroup };
}

export interface LabelCreateChange {
  type: 'label.create';
  /** `label.name` is always set: the manifest's, or derived from the text */
  meta: { from: string; to: string; label: NormalizedLabel };
}
export interface LabelUpdateChange {
  type: 'label.update';
  /** `label`: the new text; `inverseLabel`: the one to keep or set (PUT replaces both) */
  meta: {
    from: string;
    to: string;
    typeId: number;
    label: string;
    inverseLabel?: string;
    fields: FieldChange[];
  };
}
export interface LabelDeleteChange {
  type: 'label.delete';
  /** `label`: the live label (with its typeId) */
  meta: { from: string; to: string; cause: RemovalCause; label: NormalizedLabel };
}

export interface LimitSetChange {
  type: 'limit.set';
  /**
   * `mode`: `create` when no limit is set live (batch/create), `update` otherwise (batch/update).
   * `typeId` is a `Ref` when the label is created by the same plan.
   */
  meta: {
    from: string;
    to: string;
    category: string;
    typeId: number | Ref;
    label?: string;
    mode: 'create' | 'update';
    old?: number;
    new: number;
  };
}
export interface LimitPurgeChange {
  type: 'limit.purge';
  meta: { from: string; to: string; category: string; typeId: number; label?: string; old: number };
}

export interface EventDefinitionCreateChange {
  type: 'eventDefinition.create';
  /** `definition`: the manifest's `definition` block; the event's properties are created after it */
  meta: { eventName: string; definition: NormalizedEventDefinitionInfo };
}

export interface EventPropertyCreateChange {
  type: 'eventProperty.create';
  /** `replaces`: recreating a property whose type changed; runs after its delete */
  meta: { eventName: string; property: NormalizedEventProperty; replaces?: boolean };
}
export interface EventPropertyUpdateChange {
  type: 'eventProperty.update';
  meta: { eventName: string; name: string; fields: FieldChange[] };
}
export interface EventPropertyDeleteChange {
  type: 'eventProperty.delete';
  /** `cause` `type-change`: deleted to be recreated with `newType` (PATCH cannot change a type) */
  meta: {
    eventName: string;
    name: string;
    cause: RemovalCause | 'type-change';
    property: NormalizedEventProperty;
    newType?: string;
  };
}

export type Change =
  | PropertyCreateChange
  | PropertyUpdateChange
  | PropertyArchiveChange
  | PropertyReplaceChange
  | PropertyRenameChange
  | PropertyRemapChange
  | PropertyRestoreChange
  | GroupCreateChange
  | GroupUpdateChange
  | GroupArchiveChange
  | LabelCreateChange
  | LabelUpdateChange
  | LabelDeleteChange
  | LimitSetChange
  | LimitPurgeChange
  | EventDefinitionCreateChange
  | EventPropertyCreateChange
  | EventPropertyUpdateChange
  | EventPropertyDeleteChange;

export type ChangeType = Change['type'];
export type ChangeOf<T extends ChangeType> = Extract<Change, { type: T }>;

/** Every change type: the registry's, in the order of the list of kinds (`kinds/all-kinds.ts`). */
export const CHANGE_TYPES: readonly ChangeType[] = KIND_TYPES;

/**
 * What changed in the live account since a saved plan was made, for the stale-plan refusal: per field,
 * the value the plan was computed from (`expected`) and the value now (`actual`). The plan file keeps a
 * fingerprint of each resource, not the resource, so the planned-from values are those the change
 * itself records: the old value of each field it updates, the definition it archives, the limit it
 * replaces, or "absent" for a create. When the resource moved only in fields the plan does not record,
 * the list is empty and the caller says so.
 */
import type { SchemaState } from '../../model/schema-model.js';
import type { Change, ChangeOf, ChangeType, FieldChange } from '../../plan/change-types.js';
import type { FieldDifference } from '../types.js';
import {
  liveEventProperty,
  liveGroup,
  liveLabelByText,
  liveLabelByTypeId,
  liveLimit,
  liveProperty,
} from '../../model/schema-lookup.js';
import { fieldDifferences, fieldsNotHolding } from './lookup.js';

type Moved<T extends ChangeType> = (change: ChangeOf<T>, live: SchemaState) => FieldDifference[];

const CREATED_MEANWHILE: FieldDifference = { field: 'exists', expected: false, actual: true };
const REMOVED_MEANWHILE: FieldDifference = { field: 'exists', expected: true, actual: false };

function fromAbsent(live: unknown): FieldDifference[] {
  return live === undefined ? [] : [CREATED_MEANWHILE];
}

function fromOldValues(fields: readonly FieldChange[], live: object | undefined): FieldDifference[] {
  if (live === undefined) return [REMOVED_MEANWHILE];
  return fieldsNotHolding(fields, 'old', live);
}

function fromWhole(planned: object, live: object | undefined, fields?: readonly string[]): FieldDifference[] {
  if (live === undefined) return [REMOVED_MEANWHILE];
  return fieldDifferences(planned, live, fields);
}

const MOVED: { readonly [T in ChangeType]: Moved<T> } = {
  'property.create': (c, live) => fromAbsent(liveProperty(live, c.meta.objectType, c.meta.property.name)),
  'property.update': (c, live) =>
    fromOldValues(c.meta.fields, liveProperty(live, c.meta.objectType, c.meta.name)),
  'property.replace': (c, live) =>
    fromOldValues(c.meta.fields, liveProperty(live, c.meta.objectType, c.meta.name)),
  'property.archive': (c, live) =>
    fromWhole(c.meta.property, liveProperty(live, c.meta.objectType, c.meta.name)),
  'group.create': (c, live) => fromAbsent(liveGroup(live, c.meta.objectType, c.meta.group.name)),
  'group.update': (c, live) => fromOldValues(c.meta.fields, liveGroup(live, c.meta.objectType, c.meta.name)),
  'group.archive': (c, live) => fromWhole(c.meta.group, liveGroup(live, c.meta.objectType, c.meta.name)),
  'label.create': (c, live) => fromAbsent(liveLabelByText(live, c.meta.from, c.meta.to, c.meta.label.label)),
  'label.update': (c, live) =>
    fromOldValues(c.meta.fields, liveLabelByTypeId(live, c.meta.from, c.meta.to, c.meta.typeId)),
  'label.delete': (c, live) =>
    fromWhole(c.meta.label, liveLabelByTypeId(live, c.meta.from, c.meta.to, c.meta.label.typeId), ['label']),
  'limit.set': (c, live) => {
    if (typeof c.meta.typeId !== 'number') return [];
    const found = liveLimit(live, c.meta.from, c.meta.to, c.meta.category, c.meta.typeId);
    const now = found?.maxToObjectIds ?? null;
    const planned = c.meta.old ?? null;
    return now === planned ? [] : [{ field: 'maxToObjectIds', expected: planned, actual: now }];
  },
  'limit.purge': (c, live) => {
    const found = liveLimit(live, c.meta.from, c.meta.to, c.meta.category, c.meta.typeId);
    const now = found?.maxToObjectIds ?? null;
    return now === c.meta.old ? [] : [{ field: 'maxToObjectIds', expected: c.meta.old, actual: now }];
  },
  'eventDefinition.create': (c, live) =>
    fromAbsent(live.events.get(c.meta.eventName)?.exists === true ? c.meta.eventName : undefined),
  'eventProperty.create': (c, live) => {
    const found = liveEventProperty(live, c.meta.eventName, c.meta.property.name);
    // a re-create after a type change was planned from the property its delete removes
    return c.meta.replaces === true ? [] : fromAbsent(found);
  },
  'eventProperty.update': (c, live) =>
    fromOldValues(c.meta.fields, liveEventProperty(live, c.meta.eventName, c.meta.name)),
  'eventProperty.delete': (c, live) =>
    fromWhole(c.meta.property, liveEventProperty(live, c.meta.eventName, c.meta.name)),
};

export function movedFields(change: Change, live: SchemaState): FieldDifference[] {
  return (MOVED[change.type] as Moved<ChangeType>)(change, live);
}

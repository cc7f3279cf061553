/**
 * Response shapes of records: the simple record and the full record with associations.
 *
 * Properties returned: without a `properties` selection, the default set (hs_object_id, createdate,
 * hs_lastmodifieddate and the type's primary property) plus, after a write, the properties written;
 * with a selection, exactly the selected names that exist (unknown names are ignored), null when unset.
 */
import type { AssociatedId, FullRecord, SimpleRecord, ValueWithTimestamp } from '../../wire/api.js';
import type { AssociationTypeState, EmulatorState, ObjectTypeState, RecordState } from '../state/model.js';
import { associationsFrom } from './associations.js';
import { historyOf } from './history.js';
import { isReadable, primaryProperty, singular } from './object-info.js';
import { own } from '../../core/own.js';

export interface RecordSelection {
  /** undefined: the default set */
  properties?: readonly string[];
  propertiesWithHistory?: readonly string[];
  /** names written by the request (added to the default set) */
  written?: Iterable<string>;
  objectWriteTraceId?: string;
}

const DEFAULT_NAMES = ['hs_object_id', 'createdate', 'hs_lastmodifieddate'];

/** The names a record view returns, in response order. */
export function selectedNames(objectType: ObjectTypeState, selection: RecordSelection): string[] {
  if (selection.properties) return selection.properties.filter((n) => isReadable(objectType, n));
  const names = new Set(DEFAULT_NAMES);
  const primary = primaryProperty(objectType);
  if (primary) names.add(primary);
  for (const name of selection.written ?? []) names.add(name);
  return [...names];
}

export function toSimpleRecord(
  objectType: ObjectTypeState,
  record: RecordState,
  selection: RecordSelection,
  names: readonly string[] = selectedNames(objectType, selection),
): SimpleRecord {
  const properties: Record<string, string | null> = {};
  for (const name of names) properties[name] = own(record.properties, name) ?? null;
  const view: SimpleRecord = {
    id: record.id,
    properties,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    archived: record.archived,
  };
  if (record.archivedAt !== undefined) view.archivedAt = record.archivedAt;
  if (selection.propertiesWithHistory) {
    const history: Record<string, ValueWithTimestamp[]> = {};
    for (const name of selection.propertiesWithHistory) {
      if (isReadable(objectType, name)) history[name] = historyOf(record, name);
    }
    view.propertiesWithHistory = history;
  }
  if (selection.objectWriteTraceId !== undefined) view.objectWriteTraceId = selection.objectWriteTraceId;
  return view;
}

/**
 * The `type` of an associated id: a user label's internal name; otherwise `<from>_to_<to>` (singular
 * object type names, e.g. `ticket_to_order`), suffixed with the label in snake case for labeled types
 * that have no internal name.
 */
export function associationTypeName(state: EmulatorState, type: AssociationTypeState): string {
  if (type.name) return type.name;
  const from = singular(own(state.objectTypes, type.fromObjectTypeId)?.name ?? type.fromObjectTypeId);
  const to = singular(own(state.objectTypes, type.toObjectTypeId)?.name ?? type.toObjectTypeId);
  const base = `${from}_to_${to}`;
  if (type.label === null) return base;
  const label = type.label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
  return label ? `${base}_${label}` : base;
}

/** Associated ids of one record, grouped by the requested object types (keyed by their names). */
export function associationsView(
  state: EmulatorState,
  objectType: ObjectTypeState,
  record: RecordState,
  targets: readonly ObjectTypeState[],
): NonNullable<FullRecord['associations']> {
  const grouped: NonNullable<FullRecord['associations']> = {};
  const entries = associationsFrom(state, objectType.objectTypeId, record.id);
  for (const target of targets) {
    const results: AssociatedId[] = [];
    for (const entry of entries) {
      if (entry.toObjectTypeId !== target.objectTypeId) continue;
      const other = own(target.records, entry.toId);
      if (!other || other.archived) continue; // links to archived records are hidden
      const type = own(state.associationTypes, String(entry.typeId));
      results.push({ id: entry.toId, type: type ? associationTypeName(state, type) : String(entry.typeId) });
    }
    if (results.length > 0) grouped[target.name] = { results };
  }
  return grouped;
}

export function toFullRecord(
  state: EmulatorState,
  objectType: ObjectTypeState,
  record: RecordState,
  selection: RecordSelection,
  targets: readonly ObjectTypeState[],
  names?: readonly string[],
): FullRecord {
  const view: FullRecord = toSimpleRecord(objectType, record, selection, names);
  if (targets.length > 0) {
    const associations = associationsView(state, objectType, record, targets);
    if (Object.keys(associations).length > 0) view.associations = associations;
  }
  return view;
}

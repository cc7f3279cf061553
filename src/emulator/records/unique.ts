/**
 * Indexes of `hasUniqueValue` properties: value -> record id per object type and property, so that
 * duplicate checks and `idProperty` look-ups are O(1). An index is built lazily from the records on
 * first use (records may come from a data or seed file) and kept current by the record writes.
 * Archived records release their values.
 */
import { conflict, validationError } from '../errors.js';
import type { ObjectTypeState, RecordState } from '../state/model.js';
import { own } from './body.js';
import { activeProperty } from './object-info.js';

type PropertyIndex = Map<string, string>;
/** keyed by the records map, so a state loaded afresh gets fresh indexes */
const indexes = new WeakMap<Record<string, RecordState>, Map<string, PropertyIndex>>();

function indexFor(objectType: ObjectTypeState, name: string): PropertyIndex {
  let perType = indexes.get(objectType.records);
  if (!perType) {
    perType = new Map();
    indexes.set(objectType.records, perType);
  }
  let index = perType.get(name);
  if (!index) {
    index = new Map();
    for (const record of Object.values(objectType.records)) {
      const value = own(record.properties, name);
      if (!record.archived && value !== undefined) index.set(value, record.id);
    }
    perType.set(name, index);
  }
  return index;
}

export function isUniqueProperty(objectType: ObjectTypeState, name: string): boolean {
  return activeProperty(objectType, name)?.hasUniqueValue === true;
}

/** The active record holding `value` in unique property `name`. */
export function findByUniqueValue(
  objectType: ObjectTypeState,
  name: string,
  value: string,
): RecordState | undefined {
  const index = indexFor(objectType, name);
  const id = index.get(value);
  if (id === undefined) return undefined;
  const record = own(objectType.records, id);
  // an index entry is trusted only while the record still holds the value
  if (record && !record.archived && own(record.properties, name) === value) return record;
  index.delete(value);
  return undefined;
}

/** 409 CONFLICT when a value to write is already held by another active record. */
export function checkUniqueValues(
  objectType: ObjectTypeState,
  values: ReadonlyMap<string, string>,
  selfId?: string,
): void {
  for (const [name, value] of values) {
    if (value === '' || !isUniqueProperty(objectType, name)) continue;
    const holder = findByUniqueValue(objectType, name, value);
    if (holder && holder.id !== selfId) {
      throw conflict(
        `A ${objectType.name} record with ${name} '${value}' already exists. Existing ID: ${holder.id}. Property "${name}" requires unique values.`,
        {
          errors: [
            {
              message: `Value '${value}' of unique property "${name}" is used by record ${holder.id}.`,
              code: 'VALUE_NOT_UNIQUE',
              in: name,
            },
          ],
          context: { id: [holder.id], propertyName: [name] },
        },
      );
    }
  }
}

/** Keeps built indexes current after a record's value changed (or the record was archived: newValue ''). */
export function noteUniqueChange(
  objectType: ObjectTypeState,
  name: string,
  recordId: string,
  previous: string | undefined,
  newValue: string,
): void {
  const index = indexes.get(objectType.records)?.get(name);
  if (!index) return;
  if (previous !== undefined && index.get(previous) === recordId) index.delete(previous);
  if (newValue !== '') index.set(newValue, recordId);
}

/** Checks that `idProperty` names a unique-value property (or the record id property). */
export function checkIdProperty(objectType: ObjectTypeState, idProperty: string): void {
  if (idProperty === 'hs_object_id' || isUniqueProperty(objectType, idProperty)) return;
  throw validationError(
    `idProperty "${idProperty}" is not a unique-value property of ${objectType.name}; use a property with hasUniqueValue: true, or omit idProperty to use record ids.`,
    [{ message: `"${idProperty}" cannot identify records.`, code: 'INVALID_ID_PROPERTY', in: 'idProperty' }],
  );
}

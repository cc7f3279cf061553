/**
 * Indexes of `hasUniqueValue` properties: value -> record id per property definition, so that
 * duplicate checks and `idProperty` look-ups are O(1). An index is built lazily from the records on
 * first use (records may come from a data or seed file) and kept current by the record writes.
 * Archived records release their values.
 *
 * An index belongs to one stored definition object. Stored definitions are replaced, never changed in
 * place, on every property change (PATCH, archive, restore), so a property restored as unique gets a
 * fresh index that sees values written while it was not unique.
 */
import type { Property } from '../../wire/api.js';
import { conflict, validationError } from '../errors.js';
import type { ObjectTypeState, RecordState } from '../state/model.js';
import { activeProperty } from './object-info.js';
import { own } from '../../core/own.js';

type PropertyIndex = Map<string, string>;
const indexes = new WeakMap<Property, PropertyIndex>();

/** The index of an active unique property (the caller checked `def` is one). */
function indexFor(objectType: ObjectTypeState, def: Property): PropertyIndex {
  let index = indexes.get(def);
  if (!index) {
    index = new Map();
    for (const record of Object.values(objectType.records)) {
      const value = own(record.properties, def.name);
      if (!record.archived && value !== undefined) index.set(value, record.id);
    }
    indexes.set(def, index);
  }
  return index;
}

/** The active definition of `name` when it is a unique property. */
function uniqueDefinition(objectType: ObjectTypeState, name: string): Property | undefined {
  const def = activeProperty(objectType, name);
  return def?.hasUniqueValue === true ? def : undefined;
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
  const def = uniqueDefinition(objectType, name);
  if (!def) return undefined;
  const index = indexFor(objectType, def);
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
  const def = uniqueDefinition(objectType, name);
  const index = def ? indexes.get(def) : undefined;
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

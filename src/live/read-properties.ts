/**
 * Properties and groups of one object type. Named properties are read with the batch read (100 names
 * per call): a name the account does not have comes back as a NOT_FOUND item and counts as
 * absent. Batch read returns every data sensitivity. A full read instead lists the object type once per
 * data sensitivity, because the list returns only `non_sensitive` properties when none is asked for.
 * A declared name that is not active is looked up among the archived
 * properties (one more batch read, only when some name is absent): creating it again restores the
 * property with its values, which the plan calls a restore.
 */
import type { CrmClient } from '../api/client.js';
import type { CrmApiError } from '../api/errors.js';
import { addApiGroup, addApiProperty, objectSchemaOf } from '../model/schema-state.js';
import type { SchemaState } from '../model/schema-model.js';
import { DATA_SENSITIVITIES, type Property } from '../types/api.js';
import type { ObjectTypeScope } from './scope.js';

export async function readObjectType(
  client: CrmClient,
  scope: ObjectTypeScope,
  state: SchemaState,
): Promise<void> {
  const { objectType } = scope;
  // the live state knows the object type even when nothing of it exists yet
  objectSchemaOf(state, objectType);
  const [properties, groups] = await Promise.all([
    readProperties(client, scope),
    scope.groups ? client.groups.list(objectType) : Promise.resolve([]),
  ]);
  const active = new Set(properties.map((property) => property.name));
  for (const property of properties) addApiProperty(state, objectType, property);
  for (const group of groups) addApiGroup(state, objectType, group);
  // a declared name that is not active may be archived: creating it restores the property, values and all
  const absent = [...scope.properties].filter((name) => !active.has(name));
  if (absent.length > 0) {
    for (const property of await readArchived(client, objectType, absent))
      if (!active.has(property.name)) addApiProperty(state, objectType, { ...property, archived: true });
  }
}

async function readArchived(client: CrmClient, objectType: string, names: string[]): Promise<Property[]> {
  const result = await client.properties.batchRead(objectType, names, { archived: true });
  for (const { input, error } of result.errors) {
    if (!isAbsent(error, input)) throw error;
  }
  for (const error of result.unmatched) {
    if (error.code !== 'NOT_FOUND') throw error;
  }
  return result.results;
}

async function readProperties(client: CrmClient, scope: ObjectTypeScope): Promise<Property[]> {
  const { objectType } = scope;
  if (scope.fullList) {
    // the list, once per sensitivity
    const lists = await Promise.all(
      DATA_SENSITIVITIES.map((dataSensitivity) => client.properties.list(objectType, { dataSensitivity })),
    );
    return lists.flat();
  }
  if (scope.properties.size === 0) return [];
  const result = await client.properties.batchRead(objectType, [...scope.properties]);
  for (const { input, error } of result.errors) {
    if (!isAbsent(error, input)) throw error;
  }
  for (const error of result.unmatched) {
    if (error.code !== 'NOT_FOUND') throw error;
  }
  return result.results;
}

/**
 * A NOT_FOUND item of a 207 names a property the account does not have. A whole call that failed with
 * 404 (e.g. an unknown route) is an error: its status is the HTTP status, and its context names no input.
 */
function isAbsent(error: CrmApiError, name: string): boolean {
  if (error.code !== 'NOT_FOUND') return false;
  if (error.status === undefined) return true;
  return Object.values(error.context).some((value) =>
    Array.isArray(value) ? value.includes(name) : value === name,
  );
}

/**
 * Properties and groups of one object type, with the fewest calls that still see every sensitivity:
 *
 * - up to 100 declared names: one batch read of the names (it returns every data sensitivity);
 * - more: the list (one call: every non-sensitive property), then, for the declared names it did not
 *   return, the cheaper of a batch read of those names (100 per call) or the lists of the two other
 *   sensitivities: one call in the common case, three at most;
 * - read in full (the unmanaged policy or a group tombstone needs every property): the list once per
 *   sensitivity, because the list returns only non-sensitive properties when none is asked for;
 * - a declared name still not found may be archived: the cheaper of a batch read of those names with
 *   `archived: true` or the three archived lists (none when every declared name is active). Creating an
 *   archived name restores the property with its values, which the plan calls a restore.
 *
 * Plus one group list when groups are in scope. A name the account does not have comes back from a batch
 * read as a NOT_FOUND item and counts as absent.
 *
 * On a date-versioned API a batch read takes one sensitivity per call (`dataSensitivity` is required):
 * a batch read of names whose sensitivity is unknown is then one call per sensitivity, and the lists are
 * never dearer than it.
 */
import type { CrmClient } from '../../api/client.js';
import type { CrmApiError } from '../../api/errors.js';
import { addApiGroup, addApiProperty, objectSchemaOf } from './model.js';
import type { SchemaState } from '../../engine/model/schema-model.js';
import { DATA_SENSITIVITIES, type DataSensitivity, type Property } from '../../wire/api.js';
import { DEFAULT_API_VERSION, isDateVersion, type ApiVersion } from '../../wire/api-version.js';
import type { ObjectTypeScope } from './live/scope.js';
import { BATCH_SIZE } from '../../wire/platform-limits.js';

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
  for (const property of await readArchived(client, objectType, absent))
    if (!active.has(property.name)) addApiProperty(state, objectType, { ...property, archived: true });
}

/**
 * How the properties of one object type are read, for `named` declared names (see the top of this file):
 * `batch` (the names, 100 per call), `list-first` (the list, then what it missed), `full` (3 lists).
 */
export function propertyReadPlan(scope: ObjectTypeScope): 'batch' | 'list-first' | 'full' {
  if (scope.fullList) return 'full';
  return scope.properties.size <= BATCH_SIZE ? 'batch' : 'list-first';
}

/** Batch read calls per 100 names when `classes` sensitivities are possible: 1, or one per class when each call takes one. */
export function batchCallsPerChunk(version: ApiVersion, classes: number): number {
  return isDateVersion(version) ? classes : 1;
}

/** Calls to read `missing` names among the other sensitivities or the archived: a batch read or lists. */
export function namesOrListsCalls(
  missing: number,
  lists: number,
  version: ApiVersion = DEFAULT_API_VERSION,
): number {
  if (missing === 0) return 0;
  return Math.min(Math.ceil(missing / BATCH_SIZE) * batchCallsPerChunk(version, lists), lists);
}

async function readProperties(client: CrmClient, scope: ObjectTypeScope): Promise<Property[]> {
  const { objectType } = scope;
  const plan = propertyReadPlan(scope);
  if (plan === 'full') {
    const lists = await Promise.all(
      DATA_SENSITIVITIES.map((dataSensitivity) => client.properties.list(objectType, { dataSensitivity })),
    );
    return lists.flat();
  }
  if (plan === 'batch')
    return scope.properties.size === 0
      ? []
      : batchRead(client, objectType, [...scope.properties], false, DATA_SENSITIVITIES);
  // the list answers every non-sensitive property at once; only the names it missed are read again
  const listed = await client.properties.list(objectType);
  const found = new Set(listed.map((p) => p.name));
  const missing = [...scope.properties].filter((name) => !found.has(name));
  return [...listed, ...(await readOthers(client, objectType, missing, false))];
}

/**
 * Properties of `names` the non-sensitive list did not return (`archived`: among the archived ones): a
 * batch read of those names, or the lists of the other sensitivities (of every sensitivity for archived
 * ones), whichever takes fewer calls.
 */
async function readOthers(
  client: CrmClient,
  objectType: string,
  names: string[],
  archived: boolean,
): Promise<Property[]> {
  if (names.length === 0) return [];
  const sensitivities = archived
    ? DATA_SENSITIVITIES
    : DATA_SENSITIVITIES.filter((s) => s !== 'non_sensitive');
  const batchCalls =
    Math.ceil(names.length / BATCH_SIZE) * batchCallsPerChunk(client.apiVersion, sensitivities.length);
  if (batchCalls <= sensitivities.length)
    return batchRead(client, objectType, names, archived, sensitivities);
  const wanted = new Set(names);
  const lists = await Promise.all(
    sensitivities.map((dataSensitivity) =>
      client.properties.list(objectType, { dataSensitivity, ...(archived ? { archived } : {}) }),
    ),
  );
  return lists.flat().filter((p) => wanted.has(p.name));
}

function readArchived(client: CrmClient, objectType: string, names: string[]): Promise<Property[]> {
  return readOthers(client, objectType, names, true);
}

/**
 * The properties of `names` among `classes` (the sensitivities they may have): one batch read on the
 * legacy API (it answers every sensitivity), one per sensitivity on a date-versioned one.
 */
async function batchRead(
  client: CrmClient,
  objectType: string,
  names: string[],
  archived: boolean,
  classes: readonly DataSensitivity[],
): Promise<Property[]> {
  const asks = isDateVersion(client.apiVersion)
    ? classes.map((dataSensitivity) => ({ dataSensitivity, ...(archived ? { archived } : {}) }))
    : [archived ? { archived } : {}];
  const results = await Promise.all(
    asks.map((options) => client.properties.batchRead(objectType, names, options)),
  );
  const found: Property[] = [];
  for (const result of results) {
    for (const { input, error } of result.errors) {
      if (!isAbsent(error, input)) throw error;
    }
    for (const error of result.unmatched) {
      if (error.code !== 'NOT_FOUND') throw error;
    }
    found.push(...result.results);
  }
  return found;
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

/**
 * Checks that a value read from a data file has the shape of an EmulatorState, so a damaged or foreign
 * file is refused at start rather than failing later on some request. The check is structural (the
 * containers and the fields the server relies on), linear in the size of the state.
 */
import { isJsonObject } from '../request-values.js';
import { STATE_FORMAT_VERSION } from './model.js';

type Problem = string | undefined;

const describe = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;

function needObject(value: unknown, path: string): Problem {
  return isJsonObject(value) ? undefined : `${path} should be an object but is ${describe(value)}`;
}

function needFields(value: Record<string, unknown>, path: string, fields: Record<string, string>): Problem {
  for (const [field, type] of Object.entries(fields)) {
    const actual = value[field];
    const ok = type === 'object' ? isJsonObject(actual) : typeof actual === type;
    if (!ok)
      return `${path}.${field} should be ${type === 'object' ? 'an object' : `a ${type}`} but is ${describe(actual)}`;
  }
  return undefined;
}

function eachEntry(
  container: Record<string, unknown>,
  path: string,
  check: (entry: Record<string, unknown>, entryPath: string) => Problem,
): Problem {
  for (const [key, entry] of Object.entries(container)) {
    const entryPath = `${path}[${JSON.stringify(key)}]`;
    const problem = needObject(entry, entryPath) ?? check(entry as Record<string, unknown>, entryPath);
    if (problem) return problem;
  }
  return undefined;
}

/** The checks of one stored unit (a record, a property, ...), shared with the data file's journal. */
export const unitProblem = {
  record: (r: Record<string, unknown>, at: string): Problem =>
    needFields(r, at, { id: 'string', properties: 'object', history: 'object' }),
  property: (p: Record<string, unknown>, at: string): Problem =>
    needFields(p, at, { name: 'string', type: 'string', fieldType: 'string', groupName: 'string' }),
  group: (g: Record<string, unknown>, at: string): Problem => needFields(g, at, { name: 'string' }),
  associationType: (t: Record<string, unknown>, at: string): Problem =>
    needFields(t, at, { typeId: 'number', fromObjectTypeId: 'string', toObjectTypeId: 'string' }),
  eventDefinition: (d: Record<string, unknown>, at: string): Problem => needFields(d, at, { name: 'string' }),
  counters: (c: Record<string, unknown>, at: string): Problem =>
    needFields(c, at, { record: 'number', associationType: 'number', eventDefinition: 'number' }),
  link: (e: Record<string, unknown>, at: string): Problem =>
    needFields(e, at, {
      fromObjectTypeId: 'string',
      fromId: 'string',
      toObjectTypeId: 'string',
      toId: 'string',
      typeId: 'number',
      category: 'string',
    }),
};

/** The first problem of a value that should be one stored unit (an object of the unit's shape). */
export function findUnitProblem(kind: keyof typeof unitProblem, value: unknown, path: string): Problem {
  return needObject(value, path) ?? unitProblem[kind](value as Record<string, unknown>, path);
}

function checkObjectType(objectType: Record<string, unknown>, path: string): Problem {
  return (
    needFields(objectType, path, {
      objectTypeId: 'string',
      name: 'string',
      properties: 'object',
      groups: 'object',
      records: 'object',
    }) ??
    eachEntry(objectType.properties as Record<string, unknown>, `${path}.properties`, unitProblem.property) ??
    eachEntry(objectType.groups as Record<string, unknown>, `${path}.groups`, unitProblem.group) ??
    eachEntry(objectType.records as Record<string, unknown>, `${path}.records`, unitProblem.record)
  );
}

/** The first problem found, or undefined when the value is a state this version can serve. */
export function findStateProblem(value: unknown): Problem {
  if (!isJsonObject(value)) return `the top level should be an object but is ${describe(value)}`;
  if (value.formatVersion !== STATE_FORMAT_VERSION) {
    return `its formatVersion is ${JSON.stringify(value.formatVersion)}; this version of crm-schema reads formatVersion ${STATE_FORMAT_VERSION}`;
  }
  const top =
    needFields(value, 'state', {
      accountId: 'number',
      counters: 'object',
      objectTypes: 'object',
      associationTypes: 'object',
      eventDefinitions: 'object',
    }) ?? unitProblem.counters(value.counters as Record<string, unknown>, 'state.counters');
  if (top) return top;
  if (!Array.isArray(value.recordAssociations)) {
    return `state.recordAssociations should be an array but is ${describe(value.recordAssociations)}`;
  }
  return (
    eachEntry(value.objectTypes as Record<string, unknown>, 'state.objectTypes', checkObjectType) ??
    eachEntry(
      value.associationTypes as Record<string, unknown>,
      'state.associationTypes',
      unitProblem.associationType,
    ) ??
    eachEntry(
      value.eventDefinitions as Record<string, unknown>,
      'state.eventDefinitions',
      unitProblem.eventDefinition,
    )
  );
}

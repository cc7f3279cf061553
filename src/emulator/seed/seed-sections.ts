/**
 * The sections of a seed file and how each is applied to a fresh state, in this order: custom object
 * types, groups, properties, association labels, event definitions, records. Entries go through the
 * same checks as the API (the domain stores), so a seed file cannot create what the API would refuse;
 * a problem is a SeedProblem naming the path of the entry in the file.
 */
import type { EmulatorContext } from '../context.js';
import { resolveObjectType } from '../context.js';
import { isEmulatorError } from '../errors.js';
import { resolvePair } from '../associations/association-types.js';
import { nextFreeTypeId, parseLabelCreate } from '../associations/label-rules.js';
import { createLabel } from '../associations/label-store.js';
import { createEventDefinition } from '../events/event-definition.js';
import { createGroup } from '../properties/group-store.js';
import { createProperty } from '../properties/property-store.js';
import { planAssociations } from '../records/association-input.js';
import { checkPropertyInput } from '../records/property-input.js';
import { createRecord } from '../records/record-store.js';
import { isJsonObject } from '../request-values.js';
import { builtInSchema } from '../properties/built-in-properties.js';
import type { EmulatorState, ObjectTypeState } from '../state/model.js';

export type SeedPath = (string | number)[];

export class SeedProblem extends Error {
  readonly code = 'SEED_PROBLEM';
  constructor(
    readonly path: SeedPath,
    message: string,
  ) {
    super(message);
    this.name = 'SeedProblem';
  }
}

export function isSeedProblem(error: unknown): error is SeedProblem {
  return (error as { code?: unknown } | null)?.code === 'SEED_PROBLEM';
}

interface SeedRun {
  state: EmulatorState;
  now: string;
  /** for the record store, which works on a context */
  ctx: EmulatorContext;
}

type Entry = Record<string, unknown>;

/** Runs `action`; an API error it throws becomes a SeedProblem at `path`. */
function at<T>(path: SeedPath, action: () => T): T {
  try {
    return action();
  } catch (error) {
    if (!isEmulatorError(error)) throw error;
    const details = (error.extra.errors ?? [])
      .map((e) => e.message)
      .filter((m) => !error.message.includes(m));
    throw new SeedProblem(path, [error.message, ...details].join(' '));
  }
}

function entries(value: unknown, path: SeedPath, what: string): Entry[] {
  if (!Array.isArray(value)) throw new SeedProblem(path, `should be a list of ${what}`);
  value.forEach((item, i) => {
    if (!isJsonObject(item)) throw new SeedProblem([...path, i], `should be a mapping (one of ${what})`);
  });
  return value as Entry[];
}

function onlyKeys(entry: Entry, path: SeedPath, allowed: readonly string[], noun = 'field'): void {
  const unknown = Object.keys(entry).find((key) => !allowed.includes(key));
  if (unknown !== undefined) {
    throw new SeedProblem([...path, unknown], `unknown ${noun} '${unknown}'; allowed: ${allowed.join(', ')}`);
  }
}

function text(entry: Entry, field: string, path: SeedPath): string {
  const value = entry[field];
  if (typeof value === 'string' && value.trim() !== '') return value;
  throw new SeedProblem([...path, field], `'${field}' is required and must be a non-empty string`);
}

/** A section keyed by object type (name or id), each holding a list. */
function perObjectType(
  run: SeedRun,
  value: unknown,
  path: SeedPath,
  what: string,
  apply: (objectType: ObjectTypeState, entry: Entry, path: SeedPath) => void,
): void {
  if (!isJsonObject(value))
    throw new SeedProblem(path, `should map object types (e.g. tickets) to lists of ${what}`);
  for (const [key, list] of Object.entries(value)) {
    const objectType = at([...path, key], () => resolveObjectType(run.state, key));
    entries(list, [...path, key], what).forEach((entry, i) => {
      apply(objectType, entry, [...path, key, i]);
    });
  }
}

const CUSTOM_ID = /^2-\d+$/;
const TYPE_NAME = /^[a-z][a-z0-9_]*$/;

/** Unlabeled association types between a new custom object type and every other type. */
function addCustomTypeAssociations(state: EmulatorState, objectTypeId: string): void {
  const taken = (id: number) => state.associationTypes[String(id)] !== undefined;
  for (const other of Object.keys(state.objectTypes)) {
    if (other === objectTypeId) continue;
    const forwardId = nextFreeTypeId(state.counters.associationType, taken);
    const inverseId = nextFreeTypeId(forwardId, taken);
    state.counters.associationType = inverseId;
    const common = { category: 'USER_DEFINED', label: null };
    state.associationTypes[String(forwardId)] = {
      ...common,
      typeId: forwardId,
      fromObjectTypeId: objectTypeId,
      toObjectTypeId: other,
      inverseTypeId: inverseId,
    };
    state.associationTypes[String(inverseId)] = {
      ...common,
      typeId: inverseId,
      fromObjectTypeId: other,
      toObjectTypeId: objectTypeId,
      inverseTypeId: forwardId,
    };
  }
}

function seedObjectTypes(run: SeedRun, value: unknown, path: SeedPath): void {
  entries(value, path, 'object types').forEach((entry, i) => {
    const where = [...path, i];
    onlyKeys(entry, where, ['objectTypeId', 'name', 'primaryProperty']);
    const objectTypeId = text(entry, 'objectTypeId', where);
    const name = text(entry, 'name', where);
    if (!CUSTOM_ID.test(objectTypeId)) {
      throw new SeedProblem(
        [...where, 'objectTypeId'],
        `'${objectTypeId}' is not a custom object type id like 2-1234`,
      );
    }
    if (!TYPE_NAME.test(name)) {
      throw new SeedProblem(
        [...where, 'name'],
        `'${name}' is not a valid name: use lowercase letters, digits and _`,
      );
    }
    const clash = Object.values(run.state.objectTypes).find(
      (t) => t.objectTypeId === objectTypeId || t.name === name,
    );
    if (clash)
      throw new SeedProblem(where, `the object type ${clash.name} (${clash.objectTypeId}) already exists`);
    const primaryProperty =
      entry.primaryProperty === undefined ? 'name' : text(entry, 'primaryProperty', where);
    const { properties, groups } = builtInSchema({ objectTypeId, name, primaryProperty }, run.now);
    const objectType: ObjectTypeState & { primaryProperty: string } = {
      objectTypeId,
      name,
      primaryProperty,
      properties: Object.fromEntries(properties.map((p) => [p.name, p])),
      groups: Object.fromEntries(groups.map((g) => [g.name, g])),
      records: {},
    };
    run.state.objectTypes[objectTypeId] = objectType;
    addCustomTypeAssociations(run.state, objectTypeId);
  });
}

function seedLabels(run: SeedRun, value: unknown, path: SeedPath): void {
  entries(value, path, 'association labels').forEach((entry, i) => {
    const where = [...path, i];
    onlyKeys(entry, where, [
      'from',
      'to',
      'name',
      'label',
      'inverseLabel',
      'maxToObjectIds',
      'inverseMaxToObjectIds',
    ]);
    const pair = at(where, () =>
      resolvePair(run.state, text(entry, 'from', where), text(entry, 'to', where)),
    );
    const [forward, inverse] = at(where, () => {
      const {
        from: _from,
        to: _to,
        maxToObjectIds: _max,
        inverseMaxToObjectIds: _inverseMax,
        ...body
      } = entry;
      return createLabel(run.state, pair, parseLabelCreate(body));
    });
    for (const [field, type] of [
      ['maxToObjectIds', forward],
      ['inverseMaxToObjectIds', inverse],
    ] as const) {
      const max = entry[field];
      if (max === undefined) continue;
      if (typeof max !== 'number' || !Number.isInteger(max) || max < 1) {
        throw new SeedProblem([...where, field], `'${field}' must be a positive integer`);
      }
      type.maxToObjectIds = max;
    }
  });
}

function seedRecord(run: SeedRun, objectType: ObjectTypeState, entry: Entry, where: SeedPath): void {
  onlyKeys(entry, where, ['id', 'properties', 'associations']);
  const rawId = entry.id;
  const id =
    rawId === undefined
      ? undefined
      : typeof rawId === 'string' || typeof rawId === 'number'
        ? String(rawId)
        : JSON.stringify(rawId);
  if (id !== undefined && !/^[1-9]\d{0,14}$/.test(id)) {
    throw new SeedProblem([...where, 'id'], `'${id}' is not a record id (a positive whole number)`);
  }
  if (id !== undefined && Object.values(run.state.objectTypes).some((t) => Object.hasOwn(t.records, id))) {
    throw new SeedProblem([...where, 'id'], `the record id ${id} is already used`);
  }
  const values = at([...where, 'properties'], () => checkPropertyInput(objectType, entry.properties));
  const planned = at([...where, 'associations'], () =>
    planAssociations(run.state, objectType, entry.associations),
  );
  const counters = run.state.counters;
  const highest = counters.record;
  // the store hands out the next id: point the counter just below a given id, then restore it
  if (id !== undefined) counters.record = Number(id) - 1;
  at(where, () => createRecord(run.ctx, objectType, values, planned));
  counters.record = Math.max(highest, counters.record);
}

type SectionApplier = (run: SeedRun, value: unknown, path: SeedPath) => void;

/** The sections, in the order they are applied (later ones may refer to what earlier ones made). */
const SECTIONS: ReadonlyArray<readonly [string, SectionApplier]> = [
  ['objectTypes', seedObjectTypes],
  [
    'groups',
    (run, value, path) => {
      perObjectType(run, value, path, 'groups', (objectType, entry, where) =>
        at(where, () => createGroup(objectType, entry)),
      );
    },
  ],
  [
    'properties',
    (run, value, path) => {
      perObjectType(run, value, path, 'properties', (objectType, entry, where) =>
        at(where, () => createProperty(objectType, entry, run.now)),
      );
    },
  ],
  ['associationLabels', seedLabels],
  [
    'eventDefinitions',
    (run, value, path) => {
      entries(value, path, 'event definitions').forEach((entry, i) =>
        at([...path, i], () => createEventDefinition(run.state, entry, run.now)),
      );
    },
  ],
  [
    'records',
    (run, value, path) => {
      perObjectType(run, value, path, 'records', (objectType, entry, where) => {
        seedRecord(run, objectType, entry, where);
      });
    },
  ],
];

export const SEED_SECTION_NAMES: readonly string[] = SECTIONS.map(([name]) => name);

/** Applies seed data (already parsed) to a fresh state. An empty file adds nothing. */
export function applySeed(state: EmulatorState, data: unknown, now: string): void {
  if (data === null || data === undefined) return;
  if (!isJsonObject(data)) {
    throw new SeedProblem(
      [],
      `the top level should be a mapping with some of: ${SEED_SECTION_NAMES.join(', ')}`,
    );
  }
  onlyKeys(data, [], SEED_SECTION_NAMES, 'section');
  const run: SeedRun = { state, now, ctx: { state, now: () => now, markDirty: () => undefined } };
  for (const [name, apply] of SECTIONS) {
    if (data[name] !== undefined && data[name] !== null) apply(run, data[name], [name]);
  }
}

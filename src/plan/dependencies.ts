/**
 * `dependsOn` of every change (change ids, see `changeId`), so that apply runs a change only after the
 * changes it needs, and skips it when one of them failed.
 *
 * Creating: a property (create, replace, or an update moving it / changing its formula) depends on the
 * creation of its group and of the properties its formula uses; a limit on a new label on the label's
 * creation; an event property on the creation of its event definition, and one re-created for a type
 * change on its delete.
 * Removing (reverse order): a group archive depends on the archive, replace or move of the properties it
 * held; a label delete on the purge of its limit; a property archive on the archives of the calculated
 * properties whose formulas use it.
 */
import {
  eventDefinitionAddress,
  eventPropertyAddress,
  groupAddress,
  labelAddress,
  propertyAddress,
} from '../model/address.js';
import type { Change, ChangeOf, ChangeType, FieldChange } from './change-types.js';
import { isRef } from './change-types.js';
import { formulaIdentifiers } from './formula.js';
import { idOf } from './kinds/registry.js';

/** What changes make available, by the resource they act on. */
interface Index {
  /** group / property / label / event definition address -> id of its creation (property: create or replace) */
  created: Map<string, string>;
  /** event property address -> id of its delete for a type change */
  typeChangeDeletes: Map<string, string>;
  /** group address -> ids of the changes that take a property out of it */
  leavingGroup: Map<string, string[]>;
  /** property address -> id of its archive */
  archives: Map<string, string>;
  /** `pair|typeId` -> id of the limit purge */
  purges: Map<string, string>;
}

type Provider<T extends ChangeType> = (change: ChangeOf<T>, id: string, index: Index) => void;
type Requirer<T extends ChangeType> = (change: ChangeOf<T>, index: Index) => Iterable<string | undefined>;

const PROVIDES: { readonly [T in ChangeType]?: Provider<T> } = {
  'group.create': (c, id, ix) => void ix.created.set(groupAddress(c.meta.objectType, c.meta.group.name), id),
  'label.create': (c, id, ix) =>
    void ix.created.set(labelAddress(c.meta.from, c.meta.to, c.meta.label.label), id),
  'property.create': (c, id, ix) =>
    void ix.created.set(propertyAddress(c.meta.objectType, c.meta.property.name), id),
  'property.replace': (c, id, ix) => {
    ix.created.set(propertyAddress(c.meta.objectType, c.meta.property.name), id);
    leaves(ix, c.meta.objectType, c.meta.fields, id);
  },
  'property.update': (c, id, ix) => leaves(ix, c.meta.objectType, c.meta.fields, id),
  'property.archive': (c, id, ix) => {
    ix.archives.set(propertyAddress(c.meta.objectType, c.meta.name), id);
    push(ix.leavingGroup, groupAddress(c.meta.objectType, c.meta.property.groupName), id);
  },
  'eventDefinition.create': (c, id, ix) => void ix.created.set(eventDefinitionAddress(c.meta.eventName), id),
  'eventProperty.delete': (c, id, ix) => {
    if (c.meta.cause === 'type-change')
      ix.typeChangeDeletes.set(eventPropertyAddress(c.meta.eventName, c.meta.name), id);
  },
  'limit.purge': (c, id, ix) => void ix.purges.set(`${c.meta.from}->${c.meta.to}|${c.meta.typeId}`, id),
};

const REQUIRES: { readonly [T in ChangeType]?: Requirer<T> } = {
  'property.create': (c, ix) =>
    propertyNeeds(ix, c.meta.objectType, c.meta.property.groupName, c.meta.property.calculationFormula),
  'property.replace': (c, ix) =>
    propertyNeeds(ix, c.meta.objectType, c.meta.property.groupName, c.meta.property.calculationFormula),
  'property.update': (c, ix) =>
    propertyNeeds(
      ix,
      c.meta.objectType,
      newValue(c.meta.fields, 'groupName'),
      newValue(c.meta.fields, 'calculationFormula'),
    ),
  'limit.set': (c, ix) => [isRef(c.meta.typeId) ? ix.created.get(c.meta.typeId.ref) : undefined],
  'eventProperty.create': (c, ix) => [
    ix.created.get(eventDefinitionAddress(c.meta.eventName)),
    c.meta.replaces === true
      ? ix.typeChangeDeletes.get(eventPropertyAddress(c.meta.eventName, c.meta.property.name))
      : undefined,
  ],
  'group.archive': (c, ix) => ix.leavingGroup.get(groupAddress(c.meta.objectType, c.meta.name)) ?? [],
  'label.delete': (c, ix) => [ix.purges.get(`${c.meta.from}->${c.meta.to}|${c.meta.label.typeId}`)],
};

export function computeDependencies(changes: readonly Change[]): Map<string, string[]> {
  const index: Index = {
    created: new Map(),
    typeChangeDeletes: new Map(),
    leavingGroup: new Map(),
    archives: new Map(),
    purges: new Map(),
  };
  const ids = changes.map(idOf);
  changes.forEach((change, i) =>
    (PROVIDES[change.type] as Provider<ChangeType> | undefined)?.(change, ids[i], index),
  );

  const deps = new Map<string, Set<string>>(ids.map((id) => [id, new Set<string>()]));
  changes.forEach((change, i) => {
    const requirer = REQUIRES[change.type] as Requirer<ChangeType> | undefined;
    for (const dep of requirer?.(change, index) ?? [])
      if (dep !== undefined && dep !== ids[i]) deps.get(ids[i])!.add(dep);
  });
  // a property archive waits for the archives of the calculated properties whose live formula uses it
  changes.forEach((change, i) => {
    if (change.type !== 'property.archive') return;
    for (const name of formulaIdentifiers(change.meta.property.calculationFormula ?? '')) {
      const used = index.archives.get(propertyAddress(change.meta.objectType, name));
      if (used !== undefined && used !== ids[i]) deps.get(used)!.add(ids[i]);
    }
  });
  return new Map([...deps].map(([id, set]) => [id, [...set].sort()]));
}

function propertyNeeds(
  ix: Index,
  objectType: string,
  groupName: string | undefined,
  formula: string | undefined,
): (string | undefined)[] {
  const needs = groupName === undefined ? [] : [ix.created.get(groupAddress(objectType, groupName))];
  for (const name of formulaIdentifiers(formula ?? ''))
    needs.push(ix.created.get(propertyAddress(objectType, name)));
  return needs;
}

function leaves(ix: Index, objectType: string, fields: readonly FieldChange[], id: string): void {
  const moved = fields.find((f) => f.field === 'groupName');
  if (typeof moved?.old === 'string') push(ix.leavingGroup, groupAddress(objectType, moved.old), id);
}

function newValue(fields: readonly FieldChange[], field: string): string | undefined {
  const change = fields.find((f) => f.field === field);
  return typeof change?.new === 'string' ? change.new : undefined;
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

/**
 * What the emulator's account holds of the synthetic project (test/bench/synthetic-account.ts), as plain
 * sorted lists in which a duplicate would show as a repeated entry, and what it should hold. Properties
 * and groups are keyed by name in the state (a second create is refused), labels and event properties
 * are lists (a second create would be a second entry), so both are counted the same way.
 */
import type { EmulatorState } from '../../src/emulator/state/model.js';
import {
  associationPairs,
  eventName,
  eventPropertyName,
  GROUPS,
  OBJECT_TYPES,
  propertyName,
  type SyntheticSize,
} from '../bench/synthetic-account.js';

export interface Inventory {
  /** active `syn_` properties per object type */
  properties: Record<string, string[]>;
  /** active `syn_` groups per object type */
  groups: Record<string, string[]>;
  /** user label types, one entry per direction: `from->to:label` */
  labels: string[];
  /** limits on user label types: `from->to:label=max` */
  limits: string[];
  /** custom properties per `syn_` event definition */
  events: Record<string, string[]>;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

export function expectedInventory(size: SyntheticSize): Inventory {
  const types = OBJECT_TYPES.slice(0, size.objectTypes);
  const pairs = associationPairs(size.objectTypes, size.pairs);
  return {
    properties: Object.fromEntries(types.map((t) => [t, range(size.propertiesPerType).map(propertyName)])),
    groups: Object.fromEntries(types.map((t) => [t, [...GROUPS].sort()])),
    labels: pairs
      .flatMap(([from, to], p) => [
        `${from}->${to}:Syn primary ${p}`,
        `${to}->${from}:Syn primary of ${p}`,
        `${from}->${to}:Syn related ${p}`,
        `${to}->${from}:Syn related ${p}`,
      ])
      .sort(),
    limits: pairs
      .flatMap(([from, to], p) => [
        `${from}->${to}:Syn primary ${p}=${p + 1}`,
        `${from}->${to}:Syn related ${p}=${p + 5}`,
      ])
      .sort(),
    events: Object.fromEntries(
      range(size.events).map((e) => [eventName(e), range(size.propertiesPerEvent).map(eventPropertyName)]),
    ),
  };
}

export function inventory(state: EmulatorState): Inventory {
  const nameOf = new Map(Object.values(state.objectTypes).map((t) => [t.objectTypeId, t.name]));
  const properties: Record<string, string[]> = {};
  const groups: Record<string, string[]> = {};
  for (const type of Object.values(state.objectTypes)) {
    const names = Object.values(type.properties)
      .filter((p) => p.name.startsWith('syn_') && p.archived !== true)
      .map((p) => p.name)
      .sort();
    if (names.length > 0) properties[type.name] = names;
    const groupNames = Object.values(type.groups)
      .filter((g) => g.name.startsWith('syn_') && !g.archived)
      .map((g) => g.name)
      .sort();
    if (groupNames.length > 0) groups[type.name] = groupNames;
  }
  const userTypes = Object.values(state.associationTypes).filter(
    (t) => t.category === 'USER_DEFINED' && t.label !== null && t.label.startsWith('Syn '),
  );
  const direction = (t: (typeof userTypes)[number]) =>
    `${nameOf.get(t.fromObjectTypeId)}->${nameOf.get(t.toObjectTypeId)}:${t.label}`;
  const events: Record<string, string[]> = {};
  for (const [name, definition] of Object.entries(state.eventDefinitions)) {
    if (!name.startsWith('syn_')) continue;
    events[name] = definition.properties
      .filter((p) => p.platformDefined !== true)
      .map((p) => p.name)
      .sort();
  }
  return {
    properties,
    groups,
    labels: userTypes.map(direction).sort(),
    limits: userTypes
      .filter((t) => t.maxToObjectIds !== undefined)
      .map((t) => `${direction(t)}=${t.maxToObjectIds}`)
      .sort(),
    events,
  };
}

/** `{ 'tickets.syn_p_0001': 2 }`: every resource found more than once (none expected). */
export function duplicates(found: Inventory): Record<string, number> {
  const counts = new Map<string, number>();
  const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const [type, names] of Object.entries(found.properties)) names.forEach((n) => add(`${type}.${n}`));
  found.labels.forEach(add);
  for (const [event, names] of Object.entries(found.events)) names.forEach((n) => add(`event:${event}.${n}`));
  return Object.fromEntries([...counts].filter(([, n]) => n > 1));
}

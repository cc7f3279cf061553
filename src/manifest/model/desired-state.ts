/**
 * The desired state (model/desired-state.ts: the normalised state, the tombstones, and the source of
 * each declared resource keyed by its plan address), built from the declarations (model.ts: entries as
 * written, with their YAML locations, which the validation rules check). Pure.
 *
 * What building it does:
 * - object types: the manifest keys well-known ids by name; the planner's canonical name also folds case;
 * - a user label is one label pair (the manifest's merged `labelPairs`), stored once in its first
 *   direction with category USER_DEFINED and the manifest's (possibly derived) name;
 * - limits: the manifest keys them `label:Primary order` / `PLATFORM_DEFINED:27`, the planner
 *   `Primary order` / `PLATFORM_DEFINED/27`; a manifest `maxToObjectIds: null` is a limit without a value
 *   (the planner then purges a live one), and so is a label pair's limit left out;
 * - sources: keyed by the planner's address forms (address.ts);
 * - an event's `definition` block sits on the planner's event definition (created when the account lacks
 *   it), which then exists on the desired side even when every property entry is a tombstone.
 */
import type {
  DesiredAssociationPair,
  DesiredEventDefinition,
  DesiredEventPropertyEntry,
  DesiredGroupEntry,
  DesiredLabelPair,
  DesiredLimit,
  DesiredPropertyEntry,
  Declarations,
} from './model.js';
import { defined } from '../../core/defined.js';
import { USER_DEFINED } from '../../model/normalize-association.js';
import { normalizeEventDefinitionInfo, normalizeEventProperty } from '../../model/normalize-event.js';
import { normalizeGroup } from '../../model/normalize-group.js';
import { normalizeProperty } from '../../model/normalize-property.js';
import { canonicalObjectType } from '../../model/object-types.js';
import type { NormalizedLimit, SchemaState } from '../../model/schema-model.js';
import {
  addLabel,
  addLimit,
  associationPairOf,
  emptySchemaState,
  eventDefinitionOf,
  objectSchemaOf,
} from '../../model/schema-state.js';
import {
  eventDefinitionAddress,
  eventPropertyAddress,
  groupAddress,
  labelAddress,
  limitAddress,
  propertyAddress,
} from '../../model/address.js';
import type { ConflictResolution, DesiredState, Tombstone } from '../../model/desired-state.js';
import type { SourceLocation } from '../../core/source/source-location.js';

export function toDesiredState(declarations: Declarations): DesiredState {
  const out: Builder = {
    state: emptySchemaState(),
    tombstones: [],
    sources: new Map(),
    renames: new Map(),
    remaps: new Map(),
    onConflict: new Map(),
  };
  for (const [typeKey, groups] of declarations.groups) addGroups(out, canonicalObjectType(typeKey), groups);
  for (const [typeKey, properties] of declarations.properties)
    addProperties(out, canonicalObjectType(typeKey), properties);
  for (const pair of declarations.associations.values()) addPair(out, pair);
  for (const pair of declarations.labelPairs) addLabelPair(out, pair);
  for (const [eventName, properties] of declarations.eventProperties) addEvent(out, eventName, properties);
  for (const definition of declarations.eventDefinitions.values()) addEventDefinition(out, definition);
  return out;
}

interface Builder {
  state: SchemaState;
  tombstones: Tombstone[];
  sources: Map<string, SourceLocation>;
  renames: Map<string, string>;
  remaps: Map<string, ReadonlyMap<string, string>>;
  onConflict: Map<string, ConflictResolution>;
}

function addGroups(out: Builder, objectType: string, groups: ReadonlyMap<string, DesiredGroupEntry>): void {
  for (const entry of groups.values()) {
    const source = entry.source;
    if (entry.archived) {
      out.tombstones.push({ kind: 'group', objectType, name: entry.name, source });
      continue;
    }
    const group = normalizeGroup({
      name: entry.name,
      label: entry.label,
      ...defined({ displayOrder: entry.displayOrder }),
    });
    objectSchemaOf(out.state, objectType).groups.set(group.name, group);
    out.sources.set(groupAddress(objectType, entry.name), source);
  }
}

function addProperties(
  out: Builder,
  objectType: string,
  properties: ReadonlyMap<string, DesiredPropertyEntry>,
): void {
  for (const entry of properties.values()) {
    const source = entry.source;
    out.sources.set(propertyAddress(objectType, entry.name), source);
    if (entry.archived) {
      out.tombstones.push({ kind: 'property', objectType, name: entry.name, source });
      continue;
    }
    objectSchemaOf(out.state, objectType).properties.set(entry.name, normalizeProperty(entry.definition));
    const address = propertyAddress(objectType, entry.name);
    if (entry.renamedFrom !== undefined) out.renames.set(address, entry.renamedFrom);
    if (entry.remaps !== undefined) out.remaps.set(address, entry.remaps);
    if (entry.onConflict !== undefined) out.onConflict.set(address, entry.onConflict);
  }
}

/** A direction's tombstones and built-in type limits; its label pairs come from `addLabelPair`. */
function addPair(out: Builder, pair: DesiredAssociationPair): void {
  const from = canonicalObjectType(pair.from);
  const to = canonicalObjectType(pair.to);
  // a pair a manifest names is declared, even with tombstones only (the unmanaged policy looks at it)
  const schema = associationPairOf(out.state, from, to);
  for (const entry of pair.labels.values()) {
    if (!entry.deleted) continue;
    const source = entry.source;
    out.sources.set(labelAddress(from, to, entry.label), source);
    out.tombstones.push({ kind: 'label', from, to, label: entry.label, source });
  }
  for (const limit of pair.limits.values()) {
    if ('label' in limit.target) continue; // part of its label pair
    const normalized = toPlanLimit(limit);
    addLimit(schema, normalized);
    out.sources.set(limitAddress(from, to, normalized), limit.source);
  }
}

/**
 * A label pair, stored once in its own direction, with the limit of that direction's type and, when the
 * inverse text is declared, of the inverse direction's type (stored in that direction, by that text).
 */
function addLabelPair(out: Builder, pair: DesiredLabelPair): void {
  const from = canonicalObjectType(pair.from);
  const to = canonicalObjectType(pair.to);
  const source = pair.source;
  const schema = associationPairOf(out.state, from, to);
  addLabel(schema, {
    label: pair.label,
    category: USER_DEFINED,
    name: pair.name,
    ...defined({
      inverseLabel: pair.inverseLabel,
      renamedFrom: pair.renamedFrom,
      inverseRenamedFrom: pair.inverseRenamedFrom,
    }),
  });
  out.sources.set(labelAddress(from, to, pair.label), source);
  addLimit(schema, labelLimit(pair.label, pair.maxToObjectIds));
  if (pair.inverseLabel === undefined) return;
  addLimit(associationPairOf(out.state, to, from), labelLimit(pair.inverseLabel, pair.inverseMaxToObjectIds));
  out.sources.set(labelAddress(to, from, pair.inverseLabel), source);
}

function labelLimit(label: string, max: number | null | undefined): NormalizedLimit {
  return typeof max === 'number'
    ? { category: USER_DEFINED, label, maxToObjectIds: max }
    : { category: USER_DEFINED, label };
}

/** `label:X` -> the label's limit; `CATEGORY:id` -> that type's; `null` -> no value (purge a live one). */
function toPlanLimit(limit: DesiredLimit): NormalizedLimit {
  const value = limit.maxToObjectIds === null ? {} : { maxToObjectIds: limit.maxToObjectIds };
  if ('label' in limit.target) return { category: USER_DEFINED, label: limit.target.label, ...value };
  return { category: limit.target.category, typeId: limit.target.typeId, ...value };
}

function addEvent(
  out: Builder,
  eventName: string,
  properties: ReadonlyMap<string, DesiredEventPropertyEntry>,
): void {
  for (const entry of properties.values()) {
    const source = entry.source;
    out.sources.set(eventPropertyAddress(eventName, entry.name), source);
    // the event itself points at its first entry, unless a definition block (added later) says more
    if (!out.sources.has(eventDefinitionAddress(eventName)))
      out.sources.set(eventDefinitionAddress(eventName), source);
    if (entry.deleted) {
      out.tombstones.push({ kind: 'eventProperty', eventName, name: entry.name, source });
      continue;
    }
    const definition = eventDefinitionOf(out.state, eventName);
    definition.properties.set(entry.name, normalizeEventProperty(entry.definition));
  }
}

function addEventDefinition(out: Builder, entry: DesiredEventDefinition): void {
  const definition = eventDefinitionOf(out.state, entry.eventName);
  definition.definition = normalizeEventDefinitionInfo(entry);
  out.sources.set(eventDefinitionAddress(entry.eventName), entry.source);
}

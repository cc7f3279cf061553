/**
 * The property family's declarations: the property and group entries of `Properties` documents, keyed by
 * object type (as written in the manifest, the key made canonical) and name, every entry with the source
 * location of its YAML node. Definitions hold exactly the fields the manifest writes (the planner fills
 * the platform's defaults); tombstones (`archived: true`) are entries of their own. A declaration seen
 * twice is reported at the second place, naming the first; the first is kept.
 */
import { defined } from '../../../core/defined.js';
import type { SourceLocation } from '../../../core/source/source-location.js';
import type { DeclareContext, DesiredBuilder } from '../../../engine/manifest-part.js';
import {
  at,
  entriesOf,
  type DocumentItem,
  type ManifestItems,
} from '../../../engine/manifest/model/items.js';
import type { ConflictResolution } from '../../../engine/model/desired-state.js';
import { canonicalObjectType } from '../../../engine/model/object-types.js';
import type { PropertyCreate } from '../../../wire/api.js';
import { addIntent } from '../intents.js';
import { groupAddress } from '../group-model.js';
import { objectSchemaOf, propertyAddress } from '../model.js';
import { normalizeGroup } from '../normalize-group.js';
import { normalizeProperty } from '../normalize-property.js';
import type { GroupEntry, PropertiesManifest, PropertyEntry } from './shapes.js';

/** The kind of the property family's documents. */
export const PROPERTIES_KIND = 'Properties';

export interface DesiredProperty {
  archived: false;
  /** the object type as written in the manifest */
  objectType: string;
  name: string;
  /** the property's request fields as written, ready for a create */
  definition: PropertyCreate;
  /** rename: the current internal name, whose values move to this property */
  renamedFrom?: string;
  /** option value -> the value of the option that `replaces` it */
  remaps?: ReadonlyMap<string, string>;
  /** what the rename or remap does with a value it did not write */
  onConflict?: ConflictResolution;
  source: SourceLocation;
}

export interface ArchivedProperty {
  archived: true;
  objectType: string;
  name: string;
  source: SourceLocation;
}

export type DesiredPropertyEntry = DesiredProperty | ArchivedProperty;

export interface DesiredGroup {
  archived: false;
  objectType: string;
  name: string;
  label: string;
  displayOrder?: number;
  source: SourceLocation;
}

export interface ArchivedGroup {
  archived: true;
  objectType: string;
  name: string;
  source: SourceLocation;
}

export type DesiredGroupEntry = DesiredGroup | ArchivedGroup;

export interface PropertyDeclarations {
  /** object type key -> property name -> entry */
  properties: Map<string, Map<string, DesiredPropertyEntry>>;
  /** object type key -> group name -> entry */
  groups: Map<string, Map<string, DesiredGroupEntry>>;
}

export interface PropertyItem {
  objectType: string;
  entry: PropertyEntry;
  ref: DocumentItem['ref'];
}

export interface GroupItem {
  objectType: string;
  entry: GroupEntry;
  ref: DocumentItem['ref'];
}

function withObjectType<E>(
  items: readonly DocumentItem<E>[],
): { objectType: string; entry: E; ref: DocumentItem['ref'] }[] {
  return items.map(({ data, entry, ref }) => ({
    objectType: (data as Partial<PropertiesManifest>).objectType ?? '',
    entry,
    ref,
  }));
}

/** The property entries of every `Properties` document, with their object type as written. */
export function propertyItems(items: ManifestItems): PropertyItem[] {
  return withObjectType(entriesOf<PropertyEntry>(items, PROPERTIES_KIND, 'properties'));
}

/** The group entries of every `Properties` document, with their object type as written. */
export function groupItems(items: ManifestItems): GroupItem[] {
  return withObjectType(entriesOf<GroupEntry>(items, PROPERTIES_KIND, 'groups'));
}

export function declareProperties(items: ManifestItems, { claim }: DeclareContext): PropertyDeclarations {
  const state: PropertyDeclarations = { properties: new Map(), groups: new Map() };
  for (const { objectType, entry, ref } of groupItems(items)) {
    const typeKey = canonicalObjectType(objectType);
    if (
      !claim(
        `group ${typeKey} ${entry.name}`,
        ref,
        'name',
        'DUPLICATE_GROUP',
        `group '${entry.name}' of ${typeKey}`,
      )
    ) {
      continue;
    }
    const source = at(ref);
    const group = entry.archived
      ? { archived: true as const, objectType, name: entry.name, source }
      : {
          archived: false as const,
          objectType,
          name: entry.name,
          label: entry.label ?? '',
          ...defined({ displayOrder: entry.displayOrder }),
          source,
        };
    mapIn(state.groups, typeKey).set(entry.name, group);
  }

  for (const { objectType, entry, ref } of propertyItems(items)) {
    const typeKey = canonicalObjectType(objectType);
    const what = `property '${entry.name}' of ${typeKey}`;
    if (!claim(`property ${typeKey} ${entry.name}`, ref, 'name', 'DUPLICATE_PROPERTY', what)) continue;
    const source = at(ref);
    if (entry.archived) {
      mapIn(state.properties, typeKey).set(entry.name, {
        archived: true,
        objectType,
        name: entry.name,
        source,
      });
      continue;
    }
    const { archived: _archived, renamedFrom, onConflict, options, ...fields } = entry;
    const remaps = new Map<string, string>();
    const definition: PropertyCreate = { ...(fields as PropertyCreate) };
    if (options !== undefined) {
      definition.options = options.map(({ replaces, ...option }) => {
        for (const old of replaces ?? []) if (!remaps.has(old)) remaps.set(old, option.value);
        return option;
      });
    }
    mapIn(state.properties, typeKey).set(entry.name, {
      archived: false,
      objectType,
      name: entry.name,
      definition,
      ...(renamedFrom === undefined ? {} : { renamedFrom }),
      ...(remaps.size === 0 ? {} : { remaps }),
      ...(onConflict === undefined ? {} : { onConflict }),
      source,
    });
  }

  return state;
}

/** Into the desired state: groups and properties, each with its source; renames and remaps as intents. */
export function desireProperties(declarations: PropertyDeclarations, out: DesiredBuilder): void {
  for (const [typeKey, groups] of declarations.groups) addGroups(out, canonicalObjectType(typeKey), groups);
  for (const [typeKey, properties] of declarations.properties)
    addProperties(out, canonicalObjectType(typeKey), properties);
}

function addGroups(
  out: DesiredBuilder,
  objectType: string,
  groups: ReadonlyMap<string, DesiredGroupEntry>,
): void {
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
  out: DesiredBuilder,
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
    addIntent(out.intents, address, entry);
  }
}

function mapIn<V>(outer: Map<string, Map<string, V>>, key: string): Map<string, V> {
  let inner = outer.get(key);
  if (!inner) {
    inner = new Map();
    outer.set(key, inner);
  }
  return inner;
}

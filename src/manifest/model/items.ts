/**
 * The entries of shape-checked documents, each with a reference to its YAML node, ready for the
 * desired-state model and the semantic rules. Entries a blocking shape error broke are left out
 * (their error is already reported).
 */
import { locate } from '../../core/source/locate.js';
import type { PathSegment } from '../../core/source/locate.js';
import type { ParsedDocument } from '../../core/source/parse-yaml.js';
import type { ShapeResult } from '../schema/shape.js';
import type {
  AssociationTypeEntry,
  AssociationsManifest,
  EventDefinitionEntry,
  EventPropertiesManifest,
  EventPropertyEntry,
  GroupEntry,
  PropertiesManifest,
  PropertyEntry,
} from '../schema/types.js';
import type { SourceLocation } from '../../core/source/source-location.js';

/** Where an entry sits: its document and its key path there. */
export interface EntryRef {
  document: ParsedDocument;
  path: readonly PathSegment[];
  /** the entry's location and those of its keys' values, read before the document's tree is released */
  spots?: EntrySpots;
}

interface EntrySpots {
  self: SourceLocation;
  values: Map<string, SourceLocation>;
}

export interface PropertyItem {
  objectType: string;
  entry: PropertyEntry;
  ref: EntryRef;
}
export interface GroupItem {
  objectType: string;
  entry: GroupEntry;
  ref: EntryRef;
}
export interface AssociationItem {
  from: string;
  to: string;
  entry: AssociationTypeEntry;
  ref: EntryRef;
}
export interface EventPropertyItem {
  eventName: string;
  entry: EventPropertyEntry;
  ref: EntryRef;
}

/** The `definition` block of an EventProperties document. */
export interface EventDefinitionItem {
  eventName: string;
  entry: EventDefinitionEntry;
  ref: EntryRef;
}

/** An object type a document names (`objectType`, or an association's `from` / `to`), where it is written. */
export interface ObjectTypeItem {
  name: string;
  key: 'objectType' | 'from' | 'to';
  at: SourceLocation;
}

export interface ManifestItems {
  properties: PropertyItem[];
  groups: GroupItem[];
  associations: AssociationItem[];
  eventProperties: EventPropertyItem[];
  eventDefinitions: EventDefinitionItem[];
  objectTypes: ObjectTypeItem[];
}

export function emptyItems(): ManifestItems {
  return {
    properties: [],
    groups: [],
    associations: [],
    eventProperties: [],
    eventDefinitions: [],
    objectTypes: [],
  };
}

/** Location of a key inside an entry (or of the entry itself). */
export function at(ref: EntryRef, ...keys: PathSegment[]): SourceLocation {
  const { spots } = ref;
  if (spots !== undefined && keys.length <= 1) {
    const [key] = keys;
    // a key the entry does not have is located at the entry, as locate() does
    return key === undefined ? spots.self : (spots.values.get(String(key)) ?? spots.self);
  }
  return locate(ref.document, [...ref.path, ...keys]);
}

/** Reads the locations `at(ref)` and `at(ref, key)` give, so the document's tree can be released. */
function withSpots(ref: EntryRef, entry: unknown): EntryRef {
  const values = new Map<string, SourceLocation>();
  if (typeof entry === 'object' && entry !== null && !Array.isArray(entry)) {
    for (const key of Object.keys(entry)) values.set(key, locate(ref.document, [...ref.path, key]));
  }
  return { ...ref, spots: { self: locate(ref.document, ref.path), values } };
}

/** Adds the usable entries of one shape-checked document to `items`. */
export function collectItems(document: ParsedDocument, shape: ShapeResult, items: ManifestItems): void {
  if (shape.documentBlocked || shape.kind === undefined) return;
  const usable = <T>(list: string, entries: T[] | undefined, add: (entry: T, ref: EntryRef) => void) => {
    if (!Array.isArray(entries)) return;
    entries.forEach((entry, index) => {
      if (shape.blockedEntries.has(`${list}/${index}`)) return;
      add(entry, withSpots({ document, path: [list, index] }, entry));
    });
  };
  const named = (key: ObjectTypeItem['key'], name: unknown) => {
    if (typeof name === 'string') items.objectTypes.push({ name, key, at: locate(document, [key]) });
  };
  if (shape.kind === 'Properties') {
    const data = document.data as PropertiesManifest;
    named('objectType', data.objectType);
    usable('groups', data.groups, (entry, ref) =>
      items.groups.push({ objectType: data.objectType, entry, ref }),
    );
    usable('properties', data.properties, (entry, ref) =>
      items.properties.push({ objectType: data.objectType, entry, ref }),
    );
  } else if (shape.kind === 'Associations') {
    const data = document.data as AssociationsManifest;
    named('from', data.from);
    named('to', data.to);
    usable('types', data.types, (entry, ref) =>
      items.associations.push({ from: data.from, to: data.to, entry, ref }),
    );
  } else {
    const data = document.data as EventPropertiesManifest;
    // a broken definition block blocks the whole document, so one that is here has the right shape
    if (data.definition !== undefined) {
      items.eventDefinitions.push({
        eventName: data.eventName,
        entry: data.definition,
        ref: withSpots({ document, path: ['definition'] }, data.definition),
      });
    }
    usable('properties', data.properties, (entry, ref) =>
      items.eventProperties.push({ eventName: data.eventName, entry, ref }),
    );
  }
}

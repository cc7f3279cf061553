/**
 * The entries of shape-checked documents, each with a reference to its YAML node, ready for the
 * desired-state model and the semantic rules. Entries a blocking shape error broke are left out
 * (their error is already reported).
 */
import { locate } from './locate.js';
import type { PathSegment } from './locate.js';
import type { ParsedDocument } from './parse-yaml.js';
import type { ShapeResult } from './shape.js';
import type {
  AssociationTypeEntry,
  AssociationsManifest,
  EventDefinitionEntry,
  EventPropertiesManifest,
  EventPropertyEntry,
  GroupEntry,
  PropertiesManifest,
  PropertyEntry,
} from './types.js';
import type { SourceLocation } from '../model/source-location.js';

/** Where an entry sits: its document and its key path there. */
export interface EntryRef {
  document: ParsedDocument;
  path: readonly PathSegment[];
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

export interface ManifestItems {
  properties: PropertyItem[];
  groups: GroupItem[];
  associations: AssociationItem[];
  eventProperties: EventPropertyItem[];
  eventDefinitions: EventDefinitionItem[];
}

export function emptyItems(): ManifestItems {
  return { properties: [], groups: [], associations: [], eventProperties: [], eventDefinitions: [] };
}

/** Location of a key inside an entry (or of the entry itself). */
export function at(ref: EntryRef, ...keys: PathSegment[]): SourceLocation {
  return locate(ref.document, [...ref.path, ...keys]);
}

/** Adds the usable entries of one shape-checked document to `items`. */
export function collectItems(document: ParsedDocument, shape: ShapeResult, items: ManifestItems): void {
  if (shape.documentBlocked || shape.kind === undefined) return;
  const usable = <T>(list: string, entries: T[] | undefined, add: (entry: T, ref: EntryRef) => void) => {
    if (!Array.isArray(entries)) return;
    entries.forEach((entry, index) => {
      if (shape.blockedEntries.has(`${list}/${index}`)) return;
      add(entry, { document, path: [list, index] });
    });
  };
  if (shape.kind === 'Properties') {
    const data = document.data as PropertiesManifest;
    usable('groups', data.groups, (entry, ref) =>
      items.groups.push({ objectType: data.objectType, entry, ref }),
    );
    usable('properties', data.properties, (entry, ref) =>
      items.properties.push({ objectType: data.objectType, entry, ref }),
    );
  } else if (shape.kind === 'Associations') {
    const data = document.data as AssociationsManifest;
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
        ref: { document, path: ['definition'] },
      });
    }
    usable('properties', data.properties, (entry, ref) =>
      items.eventProperties.push({ eventName: data.eventName, entry, ref }),
    );
  }
}

/**
 * Properties of one custom event definition, brought to the live account in the manifests, like object
 * properties: live values into the entries (only what differs), gone ones removed, tombstones kept, new
 * ones appended. A new document for a definition also gets its `definition` block (label, description,
 * primary object) when the live read has it, so the manifests can create the definition in an empty
 * account; an existing block is left alone (the API cannot change a definition).
 */
import type { YAMLMap } from 'yaml';
import { normalizeEventProperty, type EventPropertyLike } from '../normalize-event.js';
import type { Entry } from '../../../engine/pull/entries.js';
import { eventPropertyEntry, EVENT_PROPERTY_KEY_ORDER } from './entries.js';
import { EVENT_PROPERTIES_KIND } from '../manifest/declarations.js';
import type { DocRef, ManifestDocuments as ManifestSet } from '../../../engine/pull/manifest-set.js';
import { mergeNamedEntries } from '../../../engine/pull/merge-named-entries.js';
import { mergeOptions } from '../../property/pull/merge-options.js';
import type { Recorder } from '../../../engine/pull/pull-report.js';
import { appendEntry, deleteKey, plainValue, setValue } from '../../../engine/pull/yaml-edit.js';
import {
  type NormalizedEventDefinition,
  type NormalizedEventProperty,
  eventPropertyAddress,
} from '../model.js';

export interface EventPull {
  eventName: string;
  live: NormalizedEventDefinition;
  addProperties: NormalizedEventProperty[];
}

export function mergeEvent(
  set: ManifestSet,
  pull: EventPull,
  rec: Recorder,
  held: ReadonlySet<string>,
): void {
  const { eventName, live } = pull;
  const docs = set.docs(EVENT_PROPERTIES_KIND, eventName);
  const emptied: DocRef[] = [];
  for (const ref of docs) {
    const dropped = mergeNamedEntries(ref, 'properties', rec, {
      held,
      tombstone: 'deleted',
      address: (name) => eventPropertyAddress(eventName, name),
      live: (name) => live.properties.get(name),
      update: (entry, current) => updateEventProperty(ref, entry, current),
    });
    if (dropped && plainValue(ref.map, 'properties') === undefined) emptied.push(ref);
  }

  const kept = docs.filter((ref) => !emptied.includes(ref));
  let first: DocRef | undefined = kept[0] ?? (pull.addProperties.length > 0 ? emptied.shift() : undefined);
  for (const ref of emptied) set.removeDocument(ref);
  for (const property of pull.addProperties) {
    first ??= set.addDocument(EVENT_PROPERTIES_KIND, eventName, definitionOf(live));
    appendEntry(
      first.doc,
      first.map,
      'properties',
      eventPropertyEntry(property),
      set.keyOrder(EVENT_PROPERTIES_KIND),
    );
    rec.add(eventPropertyAddress(eventName, property.name), first.file);
  }
}

/** The `definition` block of a new document: the definition's own fields, when the live reader has them. */
function definitionOf(live: NormalizedEventDefinition): Record<string, unknown> {
  // the definition's own fields, when the live reader has them (read with the definition)
  const info = (live as { definition?: { label?: unknown; description?: unknown; primaryObject?: unknown } })
    .definition;
  if (info === undefined || typeof info.label !== 'string') return {};
  const definition: Entry = { label: info.label };
  if (typeof info.description === 'string' && info.description !== '')
    definition.description = info.description;
  if (typeof info.primaryObject === 'string') definition.primaryObject = info.primaryObject;
  return { definition };
}

function updateEventProperty(ref: DocRef, entry: YAMLMap, live: NormalizedEventProperty): boolean {
  const declared = normalizeEventProperty(entry.toJSON() as EventPropertyLike);
  const order = EVENT_PROPERTY_KEY_ORDER;
  let changed = false;
  if (declared.label !== live.label) changed = setValue(ref.doc, entry, 'label', live.label, order);
  if (declared.type !== live.type) changed = setValue(ref.doc, entry, 'type', live.type, order) || changed;
  if (declared.description !== live.description) {
    changed =
      (live.description === ''
        ? deleteKey(entry, 'description')
        : setValue(ref.doc, entry, 'description', live.description, order)) || changed;
  }
  return mergeOptions(ref.doc, entry, live.options, order) || changed;
}

/**
 * Groups and properties of one object type, brought to the live account in the manifests: an entry
 * whose resource is live gets the live values (only the fields that differ change), an entry whose
 * resource is gone is removed, a tombstone is kept. New resources are appended: a property to the
 * document that already holds properties of its group (else the one declaring the group, else the first
 * document of the object type, else a new file).
 */
import type { YAMLMap } from 'yaml';
import { GROUP_DEFAULT_DISPLAY_ORDER } from '../../../engine/model/defaults.js';
import { normalizeGroup } from '../normalize-group.js';
import { normalizeProperty, type PropertyLike } from '../normalize-property.js';
import { ENTRY_KEY_ORDER, groupEntry, isPropertyDefault, propertyEntry, PROPERTY_FIELDS } from './entries.js';
import { PROPERTIES_KIND } from '../manifest/declarations.js';
import type { DocRef, ManifestDocuments as ManifestSet } from '../../../engine/pull/manifest-set.js';
import { mergeNamedEntries } from '../../../engine/pull/merge-named-entries.js';
import { keepReplaces, mergeOptions } from './merge-options.js';
import { splitRetired } from './retired-options.js';
import type { Recorder } from '../../../engine/pull/pull-report.js';
import { appendEntry, deleteKey, seqValue, setValue, stringValue } from '../../../engine/pull/yaml-edit.js';
import { type NormalizedGroup, groupAddress } from '../group-model.js';
import { type NormalizedProperty, propertyAddress } from '../model.js';
import type { ObjectSchema } from '../model.js';

export interface ObjectPull {
  objectType: string;
  live: ObjectSchema;
  /** in writing order */
  addGroups: NormalizedGroup[];
  addProperties: NormalizedProperty[];
}

export function mergeObject(
  set: ManifestSet,
  pull: ObjectPull,
  rec: Recorder,
  held: ReadonlySet<string>,
): void {
  const { objectType, live } = pull;
  const docs = set.docs(PROPERTIES_KIND, objectType);
  /** group name -> the document declaring it / the first document holding a property of it */
  const groupDoc = new Map<string, DocRef>();
  const memberDoc = new Map<string, DocRef>();
  const emptied: DocRef[] = [];
  for (const ref of docs) {
    const dropped = [
      mergeGroups(ref, objectType, live, rec, groupDoc, held),
      mergeProperties(ref, objectType, live, rec, memberDoc, held),
    ].some(Boolean);
    const empty = seqValue(ref.map, 'groups') === undefined && seqValue(ref.map, 'properties') === undefined;
    if (dropped && empty) emptied.push(ref);
  }

  // a document whose last entries went declares nothing any more: it goes, unless new entries need it
  const kept = docs.filter((ref) => !emptied.includes(ref));
  const adding = pull.addGroups.length + pull.addProperties.length > 0;
  let first: DocRef | undefined = kept[0] ?? (adding ? emptied.shift() : undefined);
  for (const ref of emptied) set.removeDocument(ref);
  const target = (): DocRef => (first ??= set.addDocument(PROPERTIES_KIND, objectType));
  for (const group of pull.addGroups) {
    const ref = target();
    appendEntry(ref.doc, ref.map, 'groups', groupEntry(group), set.keyOrder(PROPERTIES_KIND));
    rec.add(groupAddress(objectType, group.name), ref.file);
    groupDoc.set(group.name, ref);
  }
  for (const property of pull.addProperties) {
    const ref = memberDoc.get(property.groupName) ?? groupDoc.get(property.groupName) ?? target();
    appendEntry(ref.doc, ref.map, 'properties', propertyEntry(property), set.keyOrder(PROPERTIES_KIND));
    rec.add(propertyAddress(objectType, property.name), ref.file);
    if (!memberDoc.has(property.groupName)) memberDoc.set(property.groupName, ref);
  }
}

function mergeGroups(
  ref: DocRef,
  objectType: string,
  live: ObjectSchema,
  rec: Recorder,
  groupDoc: Map<string, DocRef>,
  held: ReadonlySet<string>,
): boolean {
  return mergeNamedEntries(ref, 'groups', rec, {
    held,
    tombstone: 'archived',
    address: (name) => groupAddress(objectType, name),
    live: (name) => live.groups.get(name),
    update: (entry, current, name) => {
      groupDoc.set(name, ref);
      return updateGroup(ref, entry, current);
    },
  });
}

function updateGroup(ref: DocRef, entry: YAMLMap, live: NormalizedGroup): boolean {
  const declared = normalizeGroup(entry.toJSON() as NormalizedGroup);
  let changed = false;
  if (declared.label !== live.label)
    changed = setValue(ref.doc, entry, 'label', live.label, ENTRY_KEY_ORDER.group);
  if (declared.displayOrder !== live.displayOrder) {
    const done =
      live.displayOrder === GROUP_DEFAULT_DISPLAY_ORDER
        ? deleteKey(entry, 'displayOrder')
        : setValue(ref.doc, entry, 'displayOrder', live.displayOrder, ENTRY_KEY_ORDER.group);
    changed = done || changed;
  }
  return changed;
}

function mergeProperties(
  ref: DocRef,
  objectType: string,
  live: ObjectSchema,
  rec: Recorder,
  memberDoc: Map<string, DocRef>,
  held: ReadonlySet<string>,
): boolean {
  const activeProperty = (name: string): NormalizedProperty | undefined =>
    live.propertyFlags.get(name)?.archived === true ? undefined : live.properties.get(name);
  return mergeNamedEntries(ref, 'properties', rec, {
    held,
    tombstone: 'archived',
    address: (name) => propertyAddress(objectType, name),
    live: (name) => activeProperty(name),
    update: (entry, current) => {
      const changed = updateProperty(ref, entry, current);
      if (!memberDoc.has(current.groupName)) memberDoc.set(current.groupName, ref);
      return changed;
    },
    // a rename not applied yet: the new name is not live, the old one is; apply carries the values over
    pending: (entry, name) => {
      const from = stringValue(entry, 'renamedFrom');
      if (from === undefined || activeProperty(from) === undefined) return undefined;
      return `${propertyAddress(objectType, name)}: the rename from ${from} (renamedFrom) is not applied yet; the entry was left as it is.`;
    },
  });
}

/** Sets the fields that differ from live; a field whose live value is the default is left out. */
function updateProperty(ref: DocRef, entry: YAMLMap, live: NormalizedProperty): boolean {
  const declared = normalizeProperty(entry.toJSON() as PropertyLike);
  let changed = false;
  for (const field of PROPERTY_FIELDS) {
    const value = live[field];
    if (declared[field] === value) continue;
    if (isPropertyDefault(field, value)) changed = deleteKey(entry, field) || changed;
    else
      changed =
        setValue(ref.doc, entry, field, value as string | number | boolean, ENTRY_KEY_ORDER.property) ||
        changed;
  }
  // the options of an `externalOptions` property are the platform's: never written
  if (live.externalOptions) changed = deleteKey(entry, 'options') || changed;
  else {
    // the options a finished remap retired are the `replaces` of the option that replaced them
    const { shown, replaces } = splitRetired(live.options);
    changed = mergeOptions(ref.doc, entry, shown, ENTRY_KEY_ORDER.property) || changed;
    changed = keepReplaces(ref.doc, entry, replaces) || changed;
  }
  return changed;
}

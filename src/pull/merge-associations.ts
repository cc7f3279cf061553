/**
 * Association labels and limits of one direction, brought to the live account in the manifests. A label
 * entry is matched to a live user label by its text, as the planner matches it; its limit follows the live
 * one (`maxToObjectIds` left out when none is set). A built-in type's entry takes the live limit, or `null` when none is set (the entry
 * stays: it keeps that type's limit under management). An entry whose label is gone is removed; a
 * tombstone is kept. New user labels and limits of other types are appended.
 */
import type { YAMLMap } from 'yaml';
import { pairKey, USER_DEFINED } from '../model/normalize-association.js';
import type { AssociationPairSchema, NormalizedLabel } from '../model/schema-model.js';
import { labelAddress, limitAddress } from '../plan/address.js';
import { KEY_ORDER, labelEntry, typeLimitEntry } from './entries.js';
import type { DocRef, ManifestSet } from './manifest-files.js';
import type { Recorder } from './pull-report.js';
import type { PairPull } from './selection.js';
import { appendEntry, deleteKey, filterEntries, plainValue, setValue, stringValue } from './yaml-edit.js';

export function mergePair(set: ManifestSet, pull: PairPull, rec: Recorder): void {
  const { from, to, live } = pull;
  const key = pairKey(from, to);
  const docs = set.docs('associations', key);
  const labels = [...(live?.labels.values() ?? [])].filter((l) => l.category === USER_DEFINED);
  const byText = new Map(labels.map((l) => [l.label, l]));
  const limitOf = limitsByType(live);
  const emptied: DocRef[] = [];

  for (const ref of docs) {
    const dropped = filterEntries(ref.map, 'types', (entry) => {
      const category = stringValue(entry, 'category');
      const typeId = plainValue(entry, 'typeId');
      if (category !== undefined && typeof typeId === 'number') {
        return keepTypeLimit(
          ref,
          entry,
          limitOf.get(`${category}/${typeId}`),
          limitAddress(from, to, { category, typeId }),
          rec,
        );
      }
      const text = stringValue(entry, 'label');
      if (text === undefined) return true;
      const address = labelAddress(from, to, text);
      if (plainValue(entry, 'deleted') === true) {
        if (byText.has(text)) rec.tombstoneStillLive(address, ref.file, 'deleted');
        return true;
      }
      const current = byText.get(text);
      if (current === undefined) {
        rec.remove(address, ref.file);
        return false;
      }
      const limit =
        current.typeId === undefined ? undefined : limitOf.get(`${USER_DEFINED}/${current.typeId}`);
      if (updateLabel(ref, entry, current, limit)) rec.update(address, ref.file);
      return true;
    });
    if (dropped && plainValue(ref.map, 'types') === undefined) emptied.push(ref);
  }

  const kept = docs.filter((ref) => !emptied.includes(ref));
  const adding = pull.addLabels.length + pull.addLimits.length > 0;
  let first: DocRef | undefined = kept[0] ?? (adding ? emptied.shift() : undefined);
  for (const ref of emptied) set.removeDocument(ref);
  const target = (): DocRef =>
    (first ??= set.addDocument('associations', key, { kind: 'Associations', from, to }));
  for (const label of pull.addLabels) {
    const ref = target();
    const limit = label.typeId === undefined ? undefined : limitOf.get(`${USER_DEFINED}/${label.typeId}`);
    appendEntry(ref.doc, ref.map, 'types', labelEntry(label, limit), KEY_ORDER.associations);
    rec.add(labelAddress(from, to, label.label), ref.file);
  }
  for (const limit of pull.addLimits) {
    const ref = target();
    const entry = typeLimitEntry(limit.category, limit.typeId, limit.maxToObjectIds);
    appendEntry(ref.doc, ref.map, 'types', entry, KEY_ORDER.associations);
    rec.add(limitAddress(from, to, limit), ref.file);
  }
}

/** `CATEGORY/typeId` -> the live limit. */
function limitsByType(live: AssociationPairSchema | undefined): Map<string, number> {
  const limits = new Map<string, number>();
  for (const limit of live?.limits.values() ?? []) {
    if (limit.typeId !== undefined && limit.maxToObjectIds !== undefined)
      limits.set(`${limit.category}/${limit.typeId}`, limit.maxToObjectIds);
  }
  return limits;
}

/** A built-in type's entry: the live limit, or null (no limit). Always kept. */
function keepTypeLimit(
  ref: DocRef,
  entry: YAMLMap,
  live: number | undefined,
  address: string,
  rec: Recorder,
): true {
  const declared = plainValue(entry, 'maxToObjectIds');
  const value = live ?? null;
  if ((declared ?? null) !== value) {
    setValue(ref.doc, entry, 'maxToObjectIds', value, KEY_ORDER.associationType);
    rec.update(address, ref.file);
  }
  return true;
}

function updateLabel(ref: DocRef, entry: YAMLMap, live: NormalizedLabel, limit: number | undefined): boolean {
  let changed = false;
  const order = KEY_ORDER.associationType;
  // compared only when written, as the planner does
  const inverse = plainValue(entry, 'inverseLabel');
  if (inverse !== undefined && inverse !== live.inverseLabel) {
    changed =
      (live.inverseLabel === undefined
        ? deleteKey(entry, 'inverseLabel')
        : setValue(ref.doc, entry, 'inverseLabel', live.inverseLabel, order)) || changed;
  }
  const declared = plainValue(entry, 'maxToObjectIds') ?? undefined;
  if (declared !== limit) {
    changed =
      (limit === undefined
        ? deleteKey(entry, 'maxToObjectIds')
        : setValue(ref.doc, entry, 'maxToObjectIds', limit, order)) || changed;
  }
  return changed;
}

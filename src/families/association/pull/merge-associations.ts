/**
 * Association labels and limits of one direction, brought to the live account in the manifests. A label
 * entry is matched to a live label pair as the planner matches it: by its text, else by its inverse text
 * (a label renamed outside crm-schema gets its live text back in the entry). A rename the manifest asks
 * for (`renamedFrom`) that the account does not show yet is left as written. The limits follow the live
 * ones: `maxToObjectIds` for this direction's type and, on an entry that declares the inverse text
 * (unless the other direction's manifest declares it), `inverseMaxToObjectIds` for the inverse type;
 * left out when none is set. A built-in type's entry takes the live limit, or `null` when none is set (the
 * entry stays: it keeps that type's limit under management). An entry whose label is gone is removed; a
 * tombstone is kept. New label pairs (each written once, with its inverse text) and limits of other types
 * are appended.
 */
import type { YAMLMap } from 'yaml';
import { labelFrom, labelPairIndex, type LabelPairIndex } from '../label-pairs.js';
import { pairKey, USER_DEFINED } from '../normalize-association.js';
import { labelEntry, TYPE_KEY_ORDER, typeLimitEntry } from './entries.js';
import { ASSOCIATIONS_KIND } from '../manifest/declarations.js';
import type { DocRef, ManifestDocuments as ManifestSet } from '../../../engine/pull/manifest-set.js';
import type { Recorder } from '../../../engine/pull/pull-report.js';
import {
  appendEntry,
  deleteKey,
  filterEntries,
  mapItems,
  plainValue,
  seqValue,
  setValue,
  stringValue,
} from '../../../engine/pull/yaml-edit.js';
import { type NormalizedLabel, labelAddress } from '../label-model.js';
import { limitAddress } from '../limit-model.js';
import { associationsOf, type AssociationPairSchema } from '../model.js';
import { emptySchemaState, type SchemaState } from '../../../engine/model/schema-model.js';

export interface PairPull {
  from: string;
  to: string;
  live: AssociationPairSchema | undefined;
  /** the live limits of the reverse direction (`to -> from`), for the inverse side of label pairs */
  reverse: AssociationPairSchema | undefined;
  /**
   * user label pairs no manifest declares, seen from this direction, by typeId; each pair once in a pull:
   * when both directions are pulled, in the direction it was created from (its lower typeId)
   */
  addLabels: NormalizedLabel[];
  /** the user label pairs of the object pair in the account, however (and wherever) they are written */
  userLabels: number;
  /** limits of types that are not user labels, by typeId */
  addLimits: { category: string; typeId: number; maxToObjectIds: number }[];
}

export function mergePair(set: ManifestSet, pull: PairPull, rec: Recorder, held: ReadonlySet<string>): void {
  const { from, to, live } = pull;
  const key = pairKey(from, to);
  const docs = set.docs(ASSOCIATIONS_KIND, key);
  const index = labelPairIndex(pairStates(pull), from, to);
  const limitOf = limitsByType(live, pull.reverse);
  // texts the other direction's manifests declare: their entries own the inverse limit
  const reverseTexts = new Set<string>();
  for (const ref of set.docs(ASSOCIATIONS_KIND, pairKey(to, from)))
    for (const text of entryTexts(ref.map)) reverseTexts.add(text);
  const emptied: DocRef[] = [];

  for (const ref of docs) {
    const dropped = filterEntries(ref.map, 'types', (entry) => {
      const category = stringValue(entry, 'category');
      const typeId = plainValue(entry, 'typeId');
      if (category !== undefined && typeof typeId === 'number') {
        const address = limitAddress(from, to, { category, typeId });
        if (held.has(address)) return true;
        return keepTypeLimit(ref, entry, limitOf.get(`${category}/${typeId}`), address, rec);
      }
      const text = stringValue(entry, 'label');
      if (text === undefined) return true;
      const address = labelAddress(from, to, text);
      // with a baseline: a change not deployed yet, left as it is
      if (held.has(address)) return true;
      if (plainValue(entry, 'deleted') === true) {
        if (index.find(from, to, text) !== undefined) rec.tombstoneStillLive(address, ref.file, 'deleted');
        return true;
      }
      const current = matchEntry(entry, text, index, from, to);
      if (current === 'pending') {
        rec.note(
          `${address}: the rename in the manifest (renamedFrom) is not applied yet; the entry was left as it is.`,
        );
        return true;
      }
      if (current === undefined) {
        rec.remove(address, ref.file);
        return false;
      }
      const inverseText = stringValue(entry, 'inverseLabel');
      const ownsInverse = inverseText !== undefined && !reverseTexts.has(inverseText);
      if (updateLabel(ref, entry, current, limitOf, ownsInverse)) rec.update(address, ref.file);
      return true;
    });
    if (dropped && plainValue(ref.map, 'types') === undefined) emptied.push(ref);
  }

  const kept = docs.filter((ref) => !emptied.includes(ref));
  const adding = pull.addLabels.length + pull.addLimits.length > 0;
  let first: DocRef | undefined = kept[0] ?? (adding ? emptied.shift() : undefined);
  for (const ref of emptied) set.removeDocument(ref);
  const target = (): DocRef => (first ??= set.addDocument(ASSOCIATIONS_KIND, key));
  for (const label of pull.addLabels) {
    const ref = target();
    const entry = labelEntry(label, limitsOfLabel(label, limitOf));
    appendEntry(ref.doc, ref.map, 'types', entry, set.keyOrder(ASSOCIATIONS_KIND));
    rec.add(labelAddress(from, to, label.label), ref.file);
  }
  for (const limit of pull.addLimits) {
    const ref = target();
    const entry = typeLimitEntry(limit.category, limit.typeId, limit.maxToObjectIds);
    appendEntry(ref.doc, ref.map, 'types', entry, set.keyOrder(ASSOCIATIONS_KIND));
    rec.add(limitAddress(from, to, limit), ref.file);
  }
}

function pairStates(pull: PairPull): SchemaState {
  const state = emptySchemaState();
  if (pull.live !== undefined) associationsOf(state).set(pairKey(pull.from, pull.to), pull.live);
  if (pull.reverse !== undefined) associationsOf(state).set(pairKey(pull.to, pull.from), pull.reverse);
  return state;
}

/** The label texts a document's entries declare in its direction. */
function entryTexts(doc: YAMLMap): string[] {
  return mapItems(seqValue(doc, 'types')).flatMap((entry) => {
    const text = stringValue(entry, 'label');
    return text === undefined ? [] : [text];
  });
}

/** The live pair an entry is, seen from its direction; 'pending' when only its renamedFrom text is live. */
function matchEntry(
  entry: YAMLMap,
  text: string,
  index: LabelPairIndex,
  from: string,
  to: string,
): NormalizedLabel | undefined | 'pending' {
  const byText = index.find(from, to, text);
  if (byText !== undefined) return labelFrom(byText, from, to, text);
  const renamedFrom = stringValue(entry, 'renamedFrom');
  if (renamedFrom !== undefined && index.find(from, to, renamedFrom) !== undefined) return 'pending';
  const inverse = stringValue(entry, 'inverseLabel');
  const byInverse = inverse === undefined ? undefined : index.find(to, from, inverse);
  return byInverse === undefined ? undefined : labelFrom(byInverse, from, to);
}

/** `CATEGORY/typeId` -> the live limit, both directions (typeIds are unique across directions). */
function limitsByType(...lives: (AssociationPairSchema | undefined)[]): Map<string, number> {
  const limits = new Map<string, number>();
  for (const live of lives) {
    for (const limit of live?.limits.values() ?? []) {
      if (limit.typeId !== undefined && limit.maxToObjectIds !== undefined)
        limits.set(`${limit.category}/${limit.typeId}`, limit.maxToObjectIds);
    }
  }
  return limits;
}

function limitsOfLabel(
  label: NormalizedLabel,
  limitOf: ReadonlyMap<string, number>,
): { maxToObjectIds?: number; inverseMaxToObjectIds?: number } {
  const of = (typeId: number | undefined) =>
    typeId === undefined ? undefined : limitOf.get(`${USER_DEFINED}/${typeId}`);
  return { maxToObjectIds: of(label.typeId), inverseMaxToObjectIds: of(label.inverseTypeId) };
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
    setValue(ref.doc, entry, 'maxToObjectIds', value, TYPE_KEY_ORDER);
    rec.update(address, ref.file);
  }
  return true;
}

function updateLabel(
  ref: DocRef,
  entry: YAMLMap,
  live: NormalizedLabel,
  limitOf: ReadonlyMap<string, number>,
  ownsInverse: boolean,
): boolean {
  const order = TYPE_KEY_ORDER;
  const put = (key: string, value: string | number | undefined): boolean =>
    value === undefined ? deleteKey(entry, key) : setValue(ref.doc, entry, key, value, order);
  let changed = false;
  if (plainValue(entry, 'label') !== live.label) changed = put('label', live.label) || changed;
  // compared only when written, as the planner does
  const inverse = plainValue(entry, 'inverseLabel');
  if (inverse !== undefined && inverse !== live.inverseLabel)
    changed = put('inverseLabel', live.inverseLabel) || changed;
  const limits = limitsOfLabel(live, limitOf);
  if ((plainValue(entry, 'maxToObjectIds') ?? undefined) !== limits.maxToObjectIds)
    changed = put('maxToObjectIds', limits.maxToObjectIds) || changed;
  if (
    ownsInverse &&
    (plainValue(entry, 'inverseMaxToObjectIds') ?? undefined) !== limits.inverseMaxToObjectIds
  )
    changed = put('inverseMaxToObjectIds', limits.inverseMaxToObjectIds) || changed;
  return changed;
}

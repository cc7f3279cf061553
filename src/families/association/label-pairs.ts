/**
 * The label pairs of one object pair, each once, and finding one by the text of either direction. A live
 * label pair appears in both directions' label lists (each the mirror of the other, when the reverse
 * direction was read); here it is one `LabelPair`, anchored in the direction it was found first. For an
 * object type with itself both directions are one list, holding both types of each pair.
 */
import { pairKey } from './normalize-association.js';
import { canonicalObjectType } from '../../engine/model/object-types.js';
import type { SchemaState } from '../../engine/model/schema-model.js';
import type { NormalizedLabel } from './label-model.js';
import { associationsOf } from './model.js';

export interface LabelPair {
  /** the anchor direction (canonical names) */
  from: string;
  to: string;
  /** the pair seen from `from -> to` */
  label: NormalizedLabel;
}

export interface LabelPairIndex {
  pairs: readonly LabelPair[];
  /** the pair whose text in the direction `from -> to` is `text` */
  find(from: string, to: string, text: string): LabelPair | undefined;
}

/** The pair seen from the other direction; undefined when that direction's type is unknown. */
export function mirrorLabel(label: NormalizedLabel): NormalizedLabel | undefined {
  if (label.inverseLabel === undefined || label.inverseTypeId === undefined) return undefined;
  const mirrored: NormalizedLabel = {
    label: label.inverseLabel,
    category: label.category,
    typeId: label.inverseTypeId,
    inverseLabel: label.label,
  };
  if (label.typeId !== undefined) mirrored.inverseTypeId = label.typeId;
  if (label.name !== undefined) mirrored.name = label.name;
  return mirrored;
}

/**
 * The pair seen from `from -> to`, with `text` its text there (which side holds `text` decides for an
 * object type with itself); undefined when that side's type is unknown.
 */
export function labelFrom(
  pair: LabelPair,
  from: string,
  to: string,
  text?: string,
): NormalizedLabel | undefined {
  const f = canonicalObjectType(from);
  const t = canonicalObjectType(to);
  if (pair.from === pair.to) {
    if (text === undefined || pair.label.label === text) return pair.label;
    return pair.label.inverseLabel === text ? mirrorLabel(pair.label) : pair.label;
  }
  return pair.from === f && pair.to === t ? pair.label : mirrorLabel(pair.label);
}

/** The text of the pair in the direction `from -> to`, when known. */
export function textFrom(pair: LabelPair, from: string): string | undefined {
  return pair.from === canonicalObjectType(from) ? pair.label.label : pair.label.inverseLabel;
}

/** Whether `from -> to` is a direction of the object pair `a`, `b` (either way round). */
export function isOfObjectPair(from: string, to: string, a: string, b: string): boolean {
  const [f, t, x, y] = [from, to, a, b].map(canonicalObjectType);
  return (f === x && t === y) || (f === y && t === x);
}

export function labelPairIndex(live: SchemaState, a: string, b: string): LabelPairIndex {
  const from = canonicalObjectType(a);
  const to = canonicalObjectType(b);
  const pairs: LabelPair[] = [];
  const seen = new Set<number>();
  const add = (f: string, t: string, label: NormalizedLabel): void => {
    if (label.typeId !== undefined && seen.has(label.typeId)) return;
    if (label.typeId !== undefined) seen.add(label.typeId);
    if (label.inverseTypeId !== undefined) seen.add(label.inverseTypeId);
    pairs.push({ from: f, to: t, label });
  };
  const forward = [...(associationsOf(live).get(pairKey(from, to))?.labels.values() ?? [])];
  for (const label of sortByTypeId(forward)) add(from, to, label);
  if (from !== to) {
    const reverse = [...(associationsOf(live).get(pairKey(to, from))?.labels.values() ?? [])];
    for (const label of sortByTypeId(reverse)) add(to, from, label);
  }
  const byText = new Map<string, LabelPair>();
  const key = (f: string, t: string, text: string) => `${f}->${t}\u0000${text}`;
  for (const pair of pairs) {
    byText.set(key(pair.from, pair.to, pair.label.label), pair);
    if (pair.label.inverseLabel !== undefined)
      byText.set(key(pair.to, pair.from, pair.label.inverseLabel), pair);
  }
  return {
    pairs,
    find: (f, t, text) => byText.get(key(canonicalObjectType(f), canonicalObjectType(t), text)),
  };
}

function sortByTypeId(labels: NormalizedLabel[]): NormalizedLabel[] {
  return labels.sort((x, y) => (x.typeId ?? Number.MAX_SAFE_INTEGER) - (y.typeId ?? Number.MAX_SAFE_INTEGER));
}

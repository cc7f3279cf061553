/**
 * The association family's part of the model: per ordered pair of object types (`from -> to`, keyed by
 * `pairKey`), the user labels seen from that direction and the limits set on its association types. A
 * desired label pair is stored once, in the direction its first manifest entry declares it; a live one in
 * both directions (when both were read), each the mirror of the other.
 */
import { canonicalObjectType } from '../../engine/model/object-types.js';
import { sliceOf, type SchemaState, type SliceKey } from '../../engine/model/schema-model.js';
import type { AssociationLabel, AssociationTypeConfig } from '../../wire/api.js';
import type { NormalizedLabel } from './label-model.js';
import { fromApiLimit, limitKey, type NormalizedLimit } from './limit-model.js';
import { fromApiLabel, pairKey } from './normalize-association.js';

export interface AssociationPairSchema {
  /** canonical names */
  from: string;
  to: string;
  /** keyed by label text */
  labels: Map<string, NormalizedLabel>;
  /** keyed by `limitKey()`: the label text for user labels, `CATEGORY/typeId` otherwise */
  limits: Map<string, NormalizedLimit>;
}

/** The association family's slice: `pairKey(from, to)` -> that direction's labels and limits. */
export type AssociationsSlice = Map<string, AssociationPairSchema>;

export const ASSOCIATIONS: SliceKey<AssociationsSlice> = { family: 'association', empty: () => new Map() };

/** The directions of a state, keyed by `pairKey(from, to)`. */
export function associationsOf(state: SchemaState): AssociationsSlice {
  return sliceOf(state, ASSOCIATIONS);
}

/** The labels and limits of a direction, made empty on first use. */
export function associationPairOf(state: SchemaState, from: string, to: string): AssociationPairSchema {
  const slice = associationsOf(state);
  const key = pairKey(from, to);
  let pair = slice.get(key);
  if (pair === undefined) {
    pair = {
      from: canonicalObjectType(from),
      to: canonicalObjectType(to),
      labels: new Map(),
      limits: new Map(),
    };
    slice.set(key, pair);
  }
  return pair;
}

export function addLabel(pair: AssociationPairSchema, label: NormalizedLabel): void {
  pair.labels.set(label.label, label);
}

export function addLimit(pair: AssociationPairSchema, limit: NormalizedLimit): void {
  pair.limits.set(limitKey(limit), limit);
}

export function liveLabelByText(
  live: SchemaState,
  from: string,
  to: string,
  text: string,
): NormalizedLabel | undefined {
  return associationsOf(live).get(pairKey(from, to))?.labels.get(text);
}

export function liveLabelByTypeId(
  live: SchemaState,
  from: string,
  to: string,
  typeId: number | undefined,
): NormalizedLabel | undefined {
  for (const label of associationsOf(live).get(pairKey(from, to))?.labels.values() ?? []) {
    if (label.typeId === typeId) return label;
  }
  return undefined;
}

/** The limit set live on one association type, or undefined when none is set. */
export function liveLimit(
  live: SchemaState,
  from: string,
  to: string,
  category: string,
  typeId: number | undefined,
): NormalizedLimit | undefined {
  if (typeId === undefined) return undefined;
  for (const limit of associationsOf(live).get(pairKey(from, to))?.limits.values() ?? []) {
    if (limit.category === category && limit.typeId === typeId) return limit;
  }
  return undefined;
}

/** `inverse`: the reverse direction's entry of the same label, when the reader has it. */
export function addApiLabel(
  state: SchemaState,
  from: string,
  to: string,
  label: AssociationLabel,
  inverse?: Pick<AssociationLabel, 'typeId' | 'label'>,
): void {
  const normalized = fromApiLabel(label, inverse);
  if (normalized !== undefined) addLabel(associationPairOf(state, from, to), normalized);
}

export function addApiLimit(
  state: SchemaState,
  from: string,
  to: string,
  config: AssociationTypeConfig,
): void {
  const limit = fromApiLimit(config);
  if (limit !== undefined) addLimit(associationPairOf(state, from, to), limit);
}

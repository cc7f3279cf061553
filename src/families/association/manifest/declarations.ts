/**
 * The association family's declarations: the entries of `Associations` documents per direction
 * (`from->to`, by `pairKey`) as written, and every declared label pair once, both directions merged
 * (declared-pairs.ts), every entry with the source location of its YAML node. A declaration seen twice is
 * reported at the second place, naming the first; the first is kept.
 *
 * Into the desired state: a user label is one label pair (the merged `labelPairs`), stored once in its
 * first direction with category USER_DEFINED and the manifest's (possibly derived) name; limits are keyed
 * `Primary order` / `PLATFORM_DEFINED/27`; a manifest `maxToObjectIds: null` is a limit without a value
 * (the planner then purges a live one), and so is a label pair's limit left out.
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
import { canonicalObjectType } from '../../../engine/model/object-types.js';
import { mergeLabelPairs, type LabelDeclaration } from '../declared-pairs.js';
import type { DeletedLabel, DesiredLabel, DesiredLabelPair } from './label-declarations.js';

export type { DeletedLabel, DesiredLabel, DesiredLabelPair } from './label-declarations.js';
import { labelAddress } from '../label-model.js';
import { limitAddress, limitKey, type NormalizedLimit } from '../limit-model.js';
import { addLabel, addLimit, associationPairOf } from '../model.js';
import { deriveLabelName, pairKey, USER_DEFINED } from '../normalize-association.js';
import type { AssociationsManifest, AssociationTypeEntry, ManifestAssociationCategory } from './shapes.js';

/** The kind of the association family's documents. */
export const ASSOCIATIONS_KIND = 'Associations';

export type DesiredLabelEntry = DesiredLabel | DeletedLabel;

/** What a limit applies to: a user label (typeId learned from the account) or a known type. */
export type LimitTarget = { label: string } | { category: ManifestAssociationCategory; typeId: number };

export interface DesiredLimit {
  from: string;
  to: string;
  target: LimitTarget;
  /** a positive integer, or null: no limit (purge one set earlier) */
  maxToObjectIds: number | null;
  source: SourceLocation;
}

export interface DesiredAssociationPair {
  /** as written */
  from: string;
  to: string;
  /** by label text */
  labels: Map<string, DesiredLabelEntry>;
  /** by `limitTargetKey(target)` */
  limits: Map<string, DesiredLimit>;
}

export interface AssociationDeclarations {
  /** `from->to` -> labels and limits of that direction, as written */
  associations: Map<string, DesiredAssociationPair>;
  /** every declared label pair once, both directions merged (declared-pairs.ts) */
  labelPairs: DesiredLabelPair[];
}

export interface AssociationItem {
  from: string;
  to: string;
  entry: AssociationTypeEntry;
  ref: DocumentItem['ref'];
}

/** The type entries of every `Associations` document, with their direction as written. */
export function associationItems(items: ManifestItems): AssociationItem[] {
  return entriesOf<AssociationTypeEntry>(items, ASSOCIATIONS_KIND, 'types').map(({ data, entry, ref }) => {
    const document = data as Partial<AssociationsManifest>;
    return { from: document.from ?? '', to: document.to ?? '', entry, ref };
  });
}

/** Key of a limit in `DesiredAssociationPair.limits`: the model's limit key of what it applies to. */
export function limitTargetKey(target: LimitTarget): string {
  return limitKey('label' in target ? { category: USER_DEFINED, label: target.label } : target);
}

export function declareAssociations(
  items: ManifestItems,
  { claim, sink }: DeclareContext,
): AssociationDeclarations {
  const state: AssociationDeclarations = { associations: new Map(), labelPairs: [] };
  const declaredLabels: LabelDeclaration[] = [];
  const deletedLabels: DeletedLabel[] = [];
  for (const { from, to, entry, ref } of associationItems(items)) {
    const key = pairKey(from, to);
    const pair = pairIn(state.associations, key, from, to);
    const source = at(ref);
    let target: LimitTarget | undefined;
    if (entry.label !== undefined && entry.category === undefined) {
      const what = `label '${entry.label}' of ${key}`;
      if (!claim(`label ${key} ${entry.label}`, ref, 'label', 'DUPLICATE_LABEL', what)) continue;
      if (entry.deleted) {
        const tombstone: DeletedLabel = { deleted: true, from, to, label: entry.label, source };
        pair.labels.set(entry.label, tombstone);
        deletedLabels.push(tombstone);
        continue;
      }
      const name = entry.name ?? deriveLabelName(entry.label);
      const label: DesiredLabel = {
        deleted: false,
        from,
        to,
        label: entry.label,
        name,
        nameDerived: entry.name === undefined,
        ...defined({
          inverseLabel: entry.inverseLabel,
          renamedFrom: entry.renamedFrom,
          inverseRenamedFrom: entry.inverseRenamedFrom,
          inverseMaxToObjectIds: entry.inverseMaxToObjectIds,
        }),
        source,
        keySources: Object.fromEntries(Object.keys(entry).map((key) => [key, at(ref, key)])),
      };
      pair.labels.set(entry.label, label);
      declaredLabels.push({ ...label, ...defined({ maxToObjectIds: entry.maxToObjectIds }) });
      target = { label: entry.label };
    } else if (entry.category !== undefined && entry.typeId !== undefined && entry.label === undefined) {
      const what = `association type ${entry.category} ${entry.typeId} of ${key}`;
      const claimed = claim(
        `type ${key} ${entry.category}:${entry.typeId}`,
        ref,
        'typeId',
        'DUPLICATE_ASSOCIATION_TYPE',
        what,
      );
      if (!claimed || entry.deleted) continue;
      target = { category: entry.category, typeId: entry.typeId };
    }
    if (target && entry.maxToObjectIds !== undefined) {
      const limit: DesiredLimit = {
        from,
        to,
        target,
        maxToObjectIds: entry.maxToObjectIds,
        source: at(ref, 'maxToObjectIds'),
      };
      pair.limits.set(limitTargetKey(target), limit);
    }
  }

  state.labelPairs = mergeLabelPairs(declaredLabels, deletedLabels, sink);

  return state;
}

export function desireAssociations(declarations: AssociationDeclarations, out: DesiredBuilder): void {
  for (const pair of declarations.associations.values()) addPair(out, pair);
  for (const pair of declarations.labelPairs) addLabelPair(out, pair);
}

/** A direction's tombstones and built-in type limits; its label pairs come from `addLabelPair`. */
function addPair(out: DesiredBuilder, pair: DesiredAssociationPair): void {
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
function addLabelPair(out: DesiredBuilder, pair: DesiredLabelPair): void {
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

function pairIn(pairs: Map<string, DesiredAssociationPair>, key: string, from: string, to: string) {
  let pair = pairs.get(key);
  if (!pair) {
    pair = { from, to, labels: new Map(), limits: new Map() };
    pairs.set(key, pair);
  }
  return pair;
}

/**
 * The association family's types of resources: a user label pair seen from one direction (by its typeId
 * once it exists, else by its text) and the limit set on an association type of one direction (a limit
 * on a label the same plan creates names its typeId by a `Ref`, found through the ids learned when the
 * label was created).
 */
import type { ResourceType } from '../../engine/family.js';
import { isRef, refKey, type Ref } from '../../engine/plan/change-shapes.js';
import type { SchemaState } from '../../engine/model/schema-model.js';
import { LabelShape, type NormalizedLabel } from './label-model.js';
import type { NormalizedLimit } from './limit-model.js';
import {
  addLimit,
  associationPairOf,
  associationsOf,
  liveLabelByText,
  liveLabelByTypeId,
  liveLimit,
} from './model.js';
import { pairKey } from './normalize-association.js';
import { pairScopeOf, type PairsScope } from './live/scope.js';

export interface LabelRef {
  readonly kind: 'label';
  readonly from: string;
  readonly to: string;
  /** once it exists */
  readonly typeId?: number;
  readonly text: string;
  readonly [field: string]: unknown;
}

export interface LimitRef {
  readonly kind: 'limit';
  readonly from: string;
  readonly to: string;
  readonly category: string;
  /** a `Ref`: the label is created by the same plan */
  readonly typeId: number | Ref;
  readonly label?: string;
  readonly [field: string]: unknown;
}

/** The typeId a limit acts on: its own, or the one its label got (see the top). */
export function limitTypeId(
  ref: LimitRef,
  live: SchemaState,
  typeIds: ReadonlyMap<string, number> | undefined,
): number | undefined {
  if (!isRef(ref.typeId)) return ref.typeId;
  if (typeIds === undefined) return undefined;
  const known = typeIds.get(refKey(ref.typeId));
  if (known !== undefined || ref.label === undefined) return known;
  return liveLabelByText(live, ref.from, ref.to, ref.label)?.typeId;
}

const label: ResourceType<LabelRef, PairsScope> = {
  noun: 'association label',
  removal: 'deleted',
  shape: LabelShape,
  live: (ref, state) =>
    ref.typeId === undefined
      ? liveLabelByText(state, ref.from, ref.to, ref.text)
      : liveLabelByTypeId(state, ref.from, ref.to, ref.typeId),
  // a declared label has no typeId; how a manifest renames it is not part of the label
  declared: (ref, desired) => {
    const found = liveLabelByText(desired, ref.from, ref.to, ref.text);
    if (found === undefined) return undefined;
    const { renamedFrom: _from, inverseRenamedFrom: _inverse, ...rest } = found;
    return rest;
  },
  owner: (ref) => pairKey(ref.from, ref.to),
  // with the reverse direction, so that a label reads as the plan read it whether or not the plan's
  // scope had the inverse labels (a saved plan's verification compares both forms)
  readBack: (ref, scope) => {
    pairScopeOf(scope, ref.from, ref.to).inverse = true;
  },
  putBack: (ref, before, into) => {
    if (before === undefined) {
      into.tombstones.push({ kind: 'label', from: ref.from, to: ref.to, label: ref.text });
      return;
    }
    const was = before as NormalizedLabel;
    const now =
      into.live === undefined ? undefined : liveLabelByTypeId(into.live, ref.from, ref.to, was.typeId);
    const { typeId: _typeId, inverseTypeId: _inverse, ...rest } = was;
    associationPairOf(into.state, ref.from, ref.to).labels.set(rest.label, {
      ...rest,
      ...(now !== undefined && now.label !== was.label ? { renamedFrom: now.label } : {}),
      ...(now?.inverseLabel !== undefined &&
      was.inverseLabel !== undefined &&
      now.inverseLabel !== was.inverseLabel
        ? { inverseRenamedFrom: now.inverseLabel }
        : {}),
    });
  },
  knownAs: (ref, known) => {
    const typeId = (known as { typeId?: unknown } | undefined)?.typeId;
    return typeof typeId === 'number' ? { ...ref, typeId } : ref;
  },
  // another typeId, the same texts: a rollback with --partial made it again, or someone did
  madeAgain: (ref, before, live) => {
    const was = before as NormalizedLabel | undefined;
    if (was === undefined) return false;
    const now = liveLabelByText(live, ref.from, ref.to, was.label);
    return now !== undefined && now.inverseLabel === was.inverseLabel;
  },
  recorded: (_ref, after, address, typeIds) => {
    const typeId = typeIds.get(address);
    if (typeId === undefined) return after;
    const inverseTypeId = typeIds.get(refKey({ ref: address, side: 'inverse' }));
    return { ...after, typeId, ...(inverseTypeId === undefined ? {} : { inverseTypeId }) };
  },
};

/** A limit: its category, typeId, label and maximum, nothing else. */
function isLimit(value: unknown): boolean {
  const limit = value as Record<string, unknown> | null;
  return (
    typeof limit === 'object' &&
    limit !== null &&
    typeof limit.category === 'string' &&
    (limit.typeId === undefined || Number.isSafeInteger(limit.typeId)) &&
    (limit.label === undefined || typeof limit.label === 'string') &&
    (limit.maxToObjectIds === undefined || Number.isSafeInteger(limit.maxToObjectIds)) &&
    Object.keys(limit).every((key) => ['category', 'typeId', 'label', 'maxToObjectIds'].includes(key))
  );
}

const limit: ResourceType<LimitRef, PairsScope> = {
  noun: 'association limit',
  removal: 'deleted',
  definitionProblem: (value) =>
    isLimit(value) ? undefined : 'is not a limit (category, typeId, label, maxToObjectIds)',
  live: (ref, state, typeIds) =>
    liveLimit(state, ref.from, ref.to, ref.category, limitTypeId(ref, state, typeIds)),
  // declared by the label's text (a declared label has no typeId), or by category and typeId
  declared: (ref, desired) => {
    for (const declared of associationsOf(desired).get(pairKey(ref.from, ref.to))?.limits.values() ?? []) {
      const same =
        ref.label === undefined
          ? declared.category === ref.category && declared.typeId === ref.typeId
          : declared.label === ref.label;
      if (same) return declared.maxToObjectIds === undefined ? undefined : declared;
    }
    return undefined;
  },
  owner: (ref) => pairKey(ref.from, ref.to),
  readBack: (ref, scope) => {
    pairScopeOf(scope, ref.from, ref.to);
  },
  putBack: (ref, before, into) => {
    const was = before as NormalizedLimit | undefined;
    if (was === undefined) {
      into.tombstones.push({
        kind: 'limit',
        from: ref.from,
        to: ref.to,
        ...(ref.label === undefined
          ? { category: ref.category, ...(typeof ref.typeId === 'number' ? { typeId: ref.typeId } : {}) }
          : { label: ref.label }),
      });
      return;
    }
    const back: NormalizedLimit =
      was.label === undefined
        ? { category: was.category, ...(was.typeId === undefined ? {} : { typeId: was.typeId }) }
        : { category: was.category, label: was.label };
    if (was.maxToObjectIds !== undefined) back.maxToObjectIds = was.maxToObjectIds;
    addLimit(associationPairOf(into.state, ref.from, ref.to), back);
  },
  knownAs: (ref, known) => {
    const typeId = (known as { typeId?: unknown } | undefined)?.typeId;
    return typeof typeId === 'number' ? { ...ref, typeId } : ref;
  },
  recorded: (_ref, after, address, typeIds) => {
    const typeId = typeIds.get(address);
    return typeId === undefined ? after : { ...after, typeId };
  },
};

export const associationResources = { label, limit };

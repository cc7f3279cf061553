/**
 * The resource a change acts on, by identity: every change kind names its target this way, and generic
 * code finds that resource in a live state (fingerprints, end states), puts it in the scope of a read-back,
 * groups changes by it for reading and classifies it in a drift report.
 */
import { pairKey } from '../../model/normalize-association.js';
import {
  liveEventProperty,
  liveGroup,
  liveLabelByText,
  liveLabelByTypeId,
  liveLimit,
  liveProperty,
} from '../../model/schema-lookup.js';
import type { SchemaState } from '../../model/schema-model.js';
import { isRef, refKey, type Ref } from '../change-shapes.js';

export type ResourceRef =
  | { kind: 'property'; objectType: string; name: string }
  | { kind: 'group'; objectType: string; name: string }
  /** a user label: by its typeId once it exists, else by its text */
  | { kind: 'label'; from: string; to: string; typeId?: number; text: string }
  /** a `Ref` typeId: the label is created by the same plan */
  | { kind: 'limit'; from: string; to: string; category: string; typeId: number | Ref; label?: string }
  | { kind: 'eventDefinition'; eventName: string }
  | { kind: 'eventProperty'; eventName: string; name: string };

/**
 * The normalised live resource, or undefined when there is none. A limit whose typeId is a `Ref` is
 * found through `typeIds` (learned when its label was created), else through the live label of its text;
 * without `typeIds` (when a plan is made) it cannot exist yet.
 */
export function liveResourceOf(
  ref: ResourceRef,
  live: SchemaState,
  typeIds?: ReadonlyMap<string, number>,
): unknown {
  switch (ref.kind) {
    case 'property':
      return liveProperty(live, ref.objectType, ref.name);
    case 'group':
      return liveGroup(live, ref.objectType, ref.name);
    case 'label':
      return ref.typeId === undefined
        ? liveLabelByText(live, ref.from, ref.to, ref.text)
        : liveLabelByTypeId(live, ref.from, ref.to, ref.typeId);
    case 'limit':
      return liveLimit(live, ref.from, ref.to, ref.category, limitTypeId(ref, live, typeIds));
    case 'eventDefinition': {
      const definition = live.events.get(ref.eventName);
      return definition?.exists === true ? (definition.definition ?? { name: ref.eventName }) : undefined;
    }
    case 'eventProperty':
      return liveEventProperty(live, ref.eventName, ref.name);
  }
}

/**
 * The resource as a desired state declares it: labels and limits by their text (a declared label has no
 * typeId), everything else as `liveResourceOf` finds it.
 */
export function declaredResourceOf(ref: ResourceRef, desired: SchemaState): unknown {
  if (ref.kind === 'label') {
    const label = liveLabelByText(desired, ref.from, ref.to, ref.text);
    if (label === undefined) return undefined;
    // how a manifest renames it is not part of the label
    const { renamedFrom: _from, inverseRenamedFrom: _inverse, ...rest } = label;
    return rest;
  }
  if (ref.kind !== 'limit') return liveResourceOf(ref, desired);
  for (const limit of desired.associations.get(pairKey(ref.from, ref.to))?.limits.values() ?? []) {
    const same =
      ref.label === undefined
        ? limit.category === ref.category && limit.typeId === ref.typeId
        : limit.label === ref.label;
    if (same) return limit.maxToObjectIds === undefined ? undefined : limit;
  }
  return undefined;
}

/** The typeId a limit acts on: its own, or the one its label got (see `liveResourceOf`). */
export function limitTypeId(
  ref: Extract<ResourceRef, { kind: 'limit' }>,
  live: SchemaState,
  typeIds: ReadonlyMap<string, number> | undefined,
): number | undefined {
  if (!isRef(ref.typeId)) return ref.typeId;
  if (typeIds === undefined) return undefined;
  const known = typeIds.get(refKey(ref.typeId));
  if (known !== undefined || ref.label === undefined) return known;
  return liveLabelByText(live, ref.from, ref.to, ref.label)?.typeId;
}

/** What a resource belongs to, for reading: `tickets`, `tickets->orders`, `event:order_shipped`. */
export function ownerOf(ref: ResourceRef): string {
  switch (ref.kind) {
    case 'property':
    case 'group':
      return ref.objectType;
    case 'label':
    case 'limit':
      return pairKey(ref.from, ref.to);
    case 'eventDefinition':
    case 'eventProperty':
      return `event:${ref.eventName}`;
  }
}

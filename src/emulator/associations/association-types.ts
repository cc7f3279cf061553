/**
 * Queries over the association types of the state, and their wire shapes: label list items (never with
 * `name`), configuration items and the `.../configurations/all` items.
 */
import type { AssociationLabel, AssociationLimitConfigAll, AssociationTypeConfig } from '../../wire/api.js';
import { resolveObjectType } from '../context.js';
import type { AssociationTypeState, EmulatorState, ObjectTypeState } from '../state/model.js';

/** The two object types named in a path, resolved by name or id (an unknown one is a 400). */
export interface ObjectPair {
  from: ObjectTypeState;
  to: ObjectTypeState;
}

export function resolvePair(state: EmulatorState, from: string, to: string): ObjectPair {
  return { from: resolveObjectType(state, from), to: resolveObjectType(state, to) };
}

export function pairName(pair: ObjectPair): string {
  return `${pair.from.name}->${pair.to.name}`;
}

const byTypeId = (a: AssociationTypeState, b: AssociationTypeState) => a.typeId - b.typeId;

/** Every type in the from->to direction, by ascending type id. */
export function typesFromTo(state: EmulatorState, pair: ObjectPair): AssociationTypeState[] {
  const fromId = pair.from.objectTypeId;
  const toId = pair.to.objectTypeId;
  return Object.values(state.associationTypes)
    .filter((t) => t.fromObjectTypeId === fromId && t.toObjectTypeId === toId)
    .sort(byTypeId);
}

/** Every type in either direction of the pair (a same-type pair: each type once). */
export function typesOfPair(state: EmulatorState, pair: ObjectPair): AssociationTypeState[] {
  return Object.values(state.associationTypes).filter((t) => isOfPair(t, pair));
}

export function isOfPair(type: AssociationTypeState, pair: ObjectPair): boolean {
  const a = pair.from.objectTypeId;
  const b = pair.to.objectTypeId;
  return (
    (type.fromObjectTypeId === a && type.toObjectTypeId === b) ||
    (type.fromObjectTypeId === b && type.toObjectTypeId === a)
  );
}

export function isFromTo(type: AssociationTypeState, pair: ObjectPair): boolean {
  return type.fromObjectTypeId === pair.from.objectTypeId && type.toObjectTypeId === pair.to.objectTypeId;
}

export function findType(state: EmulatorState, typeId: number): AssociationTypeState | undefined {
  return state.associationTypes[String(typeId)];
}

export function allTypes(state: EmulatorState): AssociationTypeState[] {
  return Object.values(state.associationTypes).sort(byTypeId);
}

export function toLabelItem(type: AssociationTypeState): AssociationLabel {
  return { category: type.category, typeId: type.typeId, label: type.label };
}

/** A configuration item; `userEnforcedMaxToObjectIds` only when a limit is set. */
export function toConfigItem(type: AssociationTypeState): AssociationTypeConfig {
  return {
    category: type.category,
    typeId: type.typeId,
    label: type.label,
    ...(type.maxToObjectIds !== undefined ? { userEnforcedMaxToObjectIds: type.maxToObjectIds } : {}),
  };
}

export function toConfigAllItem(type: AssociationTypeState): AssociationLimitConfigAll {
  return {
    fromObjectTypeId: type.fromObjectTypeId,
    toObjectTypeId: type.toObjectTypeId,
    ...toConfigItem(type),
  };
}

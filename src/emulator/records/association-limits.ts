/**
 * The user-set association limits (`maxToObjectIds`) checked before record associations are written,
 * in both directions: the source record's links of each type, and (through the inverse type) each
 * target's links back. Shared by the record create's `associations` and the v4 record association
 * endpoints. Throws a 400 VALIDATION_ERROR naming the first limit a write would exceed.
 */
import type { ErrorDetail } from '../../wire/api.js';
import { validationError } from '../errors.js';
import type { AssociationTypeState, EmulatorState } from '../state/model.js';
import { associationsFrom } from './associations.js';
import { own } from '../../core/own.js';

/** One association to write, from the source record to `toId`. */
export interface PlannedAssociation {
  type: AssociationTypeState;
  toId: string;
  inverse?: AssociationTypeState;
}

/** A planned link of `type` to `toId`, with the type's inverse when it has one. */
export function planLink(state: EmulatorState, type: AssociationTypeState, toId: string): PlannedAssociation {
  const inverse =
    type.inverseTypeId === undefined ? undefined : own(state.associationTypes, String(type.inverseTypeId));
  return { type, toId, ...(inverse ? { inverse } : {}) };
}

function limitError(state: EmulatorState, type: AssociationTypeState, count: number): ErrorDetail {
  const from = own(state.objectTypes, type.fromObjectTypeId)?.name ?? type.fromObjectTypeId;
  const to = own(state.objectTypes, type.toObjectTypeId)?.name ?? type.toObjectTypeId;
  return {
    message: `Association limit exceeded: association type ${type.typeId} (${from} to ${to}) allows at most ${type.maxToObjectIds} ${to} records per ${from} record; this write would make ${count}.`,
    code: 'ASSOCIATION_LIMIT_EXCEEDED',
    in: 'associations',
  };
}

/** The ids a record is linked to by one association type. */
function linkedIds(state: EmulatorState, type: AssociationTypeState, id: string): string[] {
  return associationsFrom(state, type.fromObjectTypeId, id)
    .filter((e) => e.typeId === type.typeId)
    .map((e) => e.toId);
}

/**
 * Checks `maxToObjectIds` of each planned type for the source record and, through the inverse type,
 * for each target. `fromId` is the source record, or undefined for a record not created yet (which has
 * no links). Links that already exist are counted once, so repeating a write never exceeds a limit.
 */
export function checkAssociationLimits(
  state: EmulatorState,
  fromId: string | undefined,
  planned: readonly PlannedAssociation[],
): void {
  const perType = new Map<AssociationTypeState, Set<string>>();
  const perTarget = new Map<
    string,
    { type: AssociationTypeState; max: number; toId: string; count: number }
  >();
  for (const p of planned) {
    const targets = perType.get(p.type);
    if (targets) targets.add(p.toId);
    else perType.set(p.type, new Set([p.toId]));
    if (p.inverse?.maxToObjectIds !== undefined) {
      const k = `${p.inverse.typeId}:${p.toId}`;
      const seen = perTarget.get(k);
      if (seen) seen.count += 1;
      else perTarget.set(k, { type: p.inverse, max: p.inverse.maxToObjectIds, toId: p.toId, count: 1 });
    }
  }
  for (const [type, targets] of perType) {
    if (type.maxToObjectIds === undefined) continue;
    if (fromId !== undefined) for (const id of linkedIds(state, type, fromId)) targets.add(id);
    if (targets.size > type.maxToObjectIds) {
      const detail = limitError(state, type, targets.size);
      throw validationError(detail.message, [detail]);
    }
  }
  for (const { type, max, toId, count } of perTarget.values()) {
    // a link back to the source record that exists already is the one being written, not another
    const others = linkedIds(state, type, toId).filter((id) => id !== fromId);
    const total = others.length + count;
    if (total > max) {
      const detail = limitError(state, type, total);
      throw validationError(`${detail.message} (record ${toId})`, [detail]);
    }
  }
}

/**
 * The `associations` of a record create (spec 2.6): each names an existing target record and
 * association types that lead from this object type. Checked in full before anything is written,
 * including the limits set on the association types (`maxToObjectIds`) in both directions.
 */
import type { ErrorDetail } from '../../types/api.js';
import { validationError } from '../errors.js';
import type {
  AssociationTypeState,
  EmulatorState,
  ObjectTypeState,
  RecordAssociation,
} from '../state/model.js';
import { isJsonObject } from '../request-values.js';
import { own } from './body.js';
import { addAssociation, associationsFrom } from './associations.js';

/** One association to create, from the new record to `toId`. */
export interface PlannedAssociation {
  type: AssociationTypeState;
  toId: string;
  inverse?: AssociationTypeState;
}

function bad(message: string, where: string): never {
  throw validationError(`Invalid associations: ${message}`, [
    { message, code: 'INVALID_ASSOCIATION', in: where },
  ]);
}

function planOne(
  state: EmulatorState,
  objectType: ObjectTypeState,
  input: unknown,
  where: string,
): PlannedAssociation[] {
  if (
    !isJsonObject(input) ||
    !isJsonObject(input.to) ||
    typeof input.to.id !== 'string' ||
    !Array.isArray(input.types)
  ) {
    bad(`${where} must be {to: {id}, types: [{associationCategory, associationTypeId}]}.`, where);
  }
  const toId = input.to.id;
  const planned: PlannedAssociation[] = [];
  input.types.forEach((spec: unknown, i) => {
    const at = `${where}.types[${i}]`;
    if (!isJsonObject(spec) || typeof spec.associationTypeId !== 'number') {
      bad(`${at} must carry a numeric associationTypeId.`, at);
    }
    const type = own(state.associationTypes, String(spec.associationTypeId));
    if (!type || type.fromObjectTypeId !== objectType.objectTypeId) {
      bad(
        `association type ${spec.associationTypeId} does not lead from ${objectType.name}; list the valid types with GET /crm/v4/associations/${objectType.name}/{toObjectType}/labels.`,
        at,
      );
    }
    // the type id alone names the type: the category is not compared, since clients written against the
    // platform send its own name for the neutral PLATFORM_DEFINED (reference, introduction)
    const target = own(state.objectTypes, type.toObjectTypeId);
    const record = target ? own(target.records, toId) : undefined;
    if (!target || !record || record.archived) {
      bad(
        `the ${target?.name ?? type.toObjectTypeId} record ${toId} to associate with does not exist.`,
        `${where}.to.id`,
      );
    }
    const inverse =
      type.inverseTypeId === undefined ? undefined : own(state.associationTypes, String(type.inverseTypeId));
    planned.push({ type, toId, ...(inverse ? { inverse } : {}) });
  });
  return planned;
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

/** Checks `maxToObjectIds` of each type for the new record and, through the inverse type, each target. */
function checkLimits(state: EmulatorState, planned: readonly PlannedAssociation[]): void {
  const perType = new Map<AssociationTypeState, number>();
  const perTarget = new Map<string, { type: AssociationTypeState; toId: string; count: number }>();
  for (const p of planned) {
    perType.set(p.type, (perType.get(p.type) ?? 0) + 1);
    if (p.inverse?.maxToObjectIds !== undefined) {
      const k = `${p.inverse.typeId}:${p.toId}`;
      const seen = perTarget.get(k);
      if (seen) seen.count += 1;
      else perTarget.set(k, { type: p.inverse, toId: p.toId, count: 1 });
    }
  }
  for (const [type, count] of perType) {
    if (type.maxToObjectIds !== undefined && count > type.maxToObjectIds) {
      const detail = limitError(state, type, count);
      throw validationError(detail.message, [detail]);
    }
  }
  for (const { type, toId, count } of perTarget.values()) {
    const existing = associationsFrom(state, type.fromObjectTypeId, toId).filter(
      (e) => e.typeId === type.typeId,
    );
    const total = existing.length + count;
    if (total > type.maxToObjectIds!) {
      const detail = limitError(state, type, total);
      throw validationError(`${detail.message} (record ${toId})`, [detail]);
    }
  }
}

/** Checks the `associations` of a create; throws a 400 VALIDATION_ERROR naming the first problem. */
export function planAssociations(
  state: EmulatorState,
  objectType: ObjectTypeState,
  input: unknown,
): PlannedAssociation[] {
  if (input === undefined || input === null) return [];
  if (!Array.isArray(input)) bad('associations must be an array.', 'associations');
  // the same target and type given twice is one association
  const seen = new Set<string>();
  const planned = input
    .flatMap((item, i) => planOne(state, objectType, item, `associations[${i}]`))
    .filter((p) => {
      const k = `${p.type.typeId}:${p.toId}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
  checkLimits(state, planned);
  return planned;
}

/** Stores planned associations from a new record, with their inverse entries. */
export function storeAssociations(
  state: EmulatorState,
  fromId: string,
  planned: readonly PlannedAssociation[],
): void {
  for (const { type, toId, inverse } of planned) {
    const forward: RecordAssociation = {
      fromObjectTypeId: type.fromObjectTypeId,
      fromId,
      toObjectTypeId: type.toObjectTypeId,
      toId,
      typeId: type.typeId,
      category: type.category,
    };
    addAssociation(state, forward);
    if (inverse) {
      addAssociation(state, {
        fromObjectTypeId: type.toObjectTypeId,
        fromId: toId,
        toObjectTypeId: type.fromObjectTypeId,
        toId: fromId,
        typeId: inverse.typeId,
        category: inverse.category,
      });
    }
  }
}

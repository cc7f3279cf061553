/**
 * The `associations` of a record create: each names an existing target record and
 * association types that lead from this object type. Checked in full before anything is written,
 * including the limits set on the association types (`maxToObjectIds`) in both directions.
 */
import { validationError } from '../errors.js';
import type { EmulatorState, ObjectTypeState, RecordAssociation } from '../state/model.js';
import { isJsonObject } from '../request-values.js';
import { addAssociation } from './associations.js';
import { checkAssociationLimits, planLink, type PlannedAssociation } from './association-limits.js';
import { own } from '../../core/own.js';

export type { PlannedAssociation } from './association-limits.js';

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
    // platform send its own name for the neutral PLATFORM_DEFINED
    const target = own(state.objectTypes, type.toObjectTypeId);
    const record = target ? own(target.records, toId) : undefined;
    if (!target || !record || record.archived) {
      bad(
        `the ${target?.name ?? type.toObjectTypeId} record ${toId} to associate with does not exist.`,
        `${where}.to.id`,
      );
    }
    planned.push(planLink(state, type, toId));
  });
  return planned;
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
  checkAssociationLimits(state, undefined, planned);
  return planned;
}

/**
 * Stores planned associations from a record, with their inverse entries; returns the entries added
 * (those already stored are not stored twice).
 */
export function storeAssociations(
  state: EmulatorState,
  fromId: string,
  planned: readonly PlannedAssociation[],
): RecordAssociation[] {
  const added: RecordAssociation[] = [];
  for (const { type, toId, inverse } of planned) {
    const entries: RecordAssociation[] = [
      {
        fromObjectTypeId: type.fromObjectTypeId,
        fromId,
        toObjectTypeId: type.toObjectTypeId,
        toId,
        typeId: type.typeId,
        category: type.category,
      },
    ];
    if (inverse) {
      entries.push({
        fromObjectTypeId: type.toObjectTypeId,
        fromId: toId,
        toObjectTypeId: type.fromObjectTypeId,
        toId: fromId,
        typeId: inverse.typeId,
        category: inverse.category,
      });
    }
    for (const entry of entries) if (addAssociation(state, entry)) added.push(entry);
  }
  return added;
}

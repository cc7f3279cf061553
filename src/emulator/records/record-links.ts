/**
 * Labelled links between two given records, for the v4 record association endpoints: the object pair
 * of a path, the association types a request names, and the write itself. A link is stored as one entry
 * per direction (the type and its inverse), like the associations of a record create, and the same
 * limits apply.
 */
import type { FastifyRequest } from 'fastify';
import { type ObjectPair, isFromTo, typesFromTo } from '../associations/association-types.js';
import { type EmulatorContext, resolveObjectType } from '../context.js';
import { validationError } from '../errors.js';
import { isJsonObject } from '../request-values.js';
import type { AssociationTypeState, EmulatorState, RecordAssociation } from '../state/model.js';
import { type Access, objectTypeFor } from './access.js';
import { storeAssociations } from './association-input.js';
import { checkAssociationLimits, planLink } from './association-limits.js';
import { requireRecord } from './record-store.js';
import { own } from '../../core/own.js';

/**
 * The object types of a path, by name or id (an unknown one is a 400); the records scope (`access`)
 * of the `from` object type is required (403 otherwise).
 */
export function linkPair(
  ctx: EmulatorContext,
  request: FastifyRequest,
  from: string,
  to: string,
  access: Access,
): ObjectPair {
  return { from: objectTypeFor(ctx, request, from, access), to: resolveObjectType(ctx.state, to) };
}

/**
 * The type ids of `[{associationCategory, associationTypeId}]`: a non-empty array whose items carry an
 * integer `associationTypeId`, else a 400. The category is not read: the type id alone names the type.
 */
export function parseTypeIds(input: unknown, where: string): number[] {
  if (!Array.isArray(input) || input.length === 0) {
    throw validationError(
      `Invalid input JSON: ${where} must be a non-empty array of {associationCategory, associationTypeId}.`,
    );
  }
  return input.map((spec: unknown, i) => {
    const typeId = isJsonObject(spec) ? spec.associationTypeId : undefined;
    if (typeof typeId === 'number' && Number.isInteger(typeId)) return typeId;
    const message = `${where}[${i}].associationTypeId must be an integer association type id; got ${typeId === undefined ? 'nothing' : JSON.stringify(typeId)}.`;
    throw validationError(`Invalid input JSON: ${message}`, [
      { message, code: 'INVALID_INPUT', in: `${where}[${i}].associationTypeId` },
    ]);
  });
}

/**
 * The association types to link: each id must name a type leading from -> to (400 otherwise). Like the
 * platform, a labelled link also links the pair's unlabeled type (the one with the lowest id) when the
 * pair has one and the request does not name an unlabeled type itself.
 */
export function resolveLinkTypes(
  state: EmulatorState,
  pair: ObjectPair,
  typeIds: readonly number[],
  where: string,
): AssociationTypeState[] {
  const types = new Set<AssociationTypeState>();
  typeIds.forEach((typeId, i) => {
    const type = own(state.associationTypes, String(typeId));
    if (!type || !isFromTo(type, pair)) {
      const message = `association type ${typeId} is not a type from ${pair.from.name} to ${pair.to.name}; list them with GET /crm/v4/associations/${pair.from.name}/${pair.to.name}/labels.`;
      throw validationError(`${where}[${i}]: ${message}`, [
        { message, code: 'INVALID_ASSOCIATION_TYPE', in: `${where}[${i}]` },
      ]);
    }
    types.add(type);
  });
  const all = [...types];
  if (all.every((t) => t.label !== null)) {
    const unlabeled = typesFromTo(state, pair).find((t) => t.label === null);
    if (unlabeled) all.unshift(unlabeled);
  }
  return all;
}

/**
 * Links two active records (404 when either is missing or archived) by the given types and their
 * inverses, after checking the limits in both directions; returns the entries added (a link that exists
 * already is not stored twice).
 */
export function linkRecords(
  state: EmulatorState,
  pair: ObjectPair,
  fromId: string,
  toId: string,
  types: readonly AssociationTypeState[],
): RecordAssociation[] {
  requireRecord(pair.from, fromId, { archived: false });
  requireRecord(pair.to, toId, { archived: false });
  const planned = types.map((type) => planLink(state, type, toId));
  checkAssociationLimits(state, fromId, planned);
  return storeAssociations(state, fromId, planned);
}

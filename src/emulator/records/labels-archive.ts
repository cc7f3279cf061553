/**
 * Batch archive of association labels between records (POST .../batch/labels/archive). Each input
 * removes the associations of the given types between two records, in both directions. Archiving the
 * unlabeled type (label null) removes every association between the two records, labeled or not.
 * Answers the batch response with one empty object per input.
 */
import type { FastifyInstance } from 'fastify';
import { changed, type EmulatorContext } from '../context.js';
import { validationError } from '../errors.js';
import type {
  AssociationTypeState,
  EmulatorState,
  ObjectTypeState,
  RecordAssociation,
} from '../state/model.js';
import { objectTypeFor } from './access.js';
import { associationsFrom, removeAssociations } from './associations.js';
import { BatchCollector, batchInputs } from './batch.js';
import { isJsonObject, type JsonObject } from '../request-values.js';
import { own } from '../../core/own.js';

interface PairParams {
  fromObjectType: string;
  toObjectType: string;
}

/** `inputs[i].from.id` or `inputs[i].to.id`: a non-empty string, else a 400. */
export function recordId(input: JsonObject, side: 'from' | 'to', i: number): string {
  const value = input[side];
  if (!isJsonObject(value) || typeof value.id !== 'string' || value.id === '') {
    throw validationError(`Invalid input JSON: inputs[${i}].${side}.id must be a non-empty string.`);
  }
  return value.id;
}

function typesOf(
  state: EmulatorState,
  from: ObjectTypeState,
  to: ObjectTypeState,
  input: JsonObject,
  i: number,
): AssociationTypeState[] {
  if (!Array.isArray(input.types) || input.types.length === 0) {
    throw validationError(`Invalid input JSON: inputs[${i}].types must be a non-empty array.`);
  }
  return input.types.map((spec: unknown, j) => {
    const typeId = isJsonObject(spec) ? spec.associationTypeId : undefined;
    const type = typeof typeId === 'number' ? own(state.associationTypes, String(typeId)) : undefined;
    if (!type || type.fromObjectTypeId !== from.objectTypeId || type.toObjectTypeId !== to.objectTypeId) {
      throw validationError(
        `inputs[${i}].types[${j}]: association type ${String(typeId)} is not a type from ${from.name} to ${to.name}; list them with GET /crm/v4/associations/${from.name}/${to.name}/labels.`,
        [
          {
            message: `Unknown association type ${String(typeId)}.`,
            code: 'INVALID_ASSOCIATION_TYPE',
            in: `inputs[${i}].types[${j}]`,
          },
        ],
      );
    }
    return type;
  });
}

/**
 * The entries to remove between two records for the given types (both directions); without types, or
 * with the unlabeled type among them, every association between the two records.
 */
export function doomedBetween(
  state: EmulatorState,
  from: ObjectTypeState,
  to: ObjectTypeState,
  fromId: string,
  toId: string,
  types?: readonly AssociationTypeState[],
): RecordAssociation[] {
  const everything = types === undefined || types.some((t) => t.label === null);
  const forwardIds = new Set(types?.map((t) => t.typeId));
  const inverseIds = new Set(types?.flatMap((t) => (t.inverseTypeId === undefined ? [] : [t.inverseTypeId])));
  const forward = associationsFrom(state, from.objectTypeId, fromId).filter(
    (e) =>
      e.toObjectTypeId === to.objectTypeId && e.toId === toId && (everything || forwardIds.has(e.typeId)),
  );
  const backward = associationsFrom(state, to.objectTypeId, toId).filter(
    (e) =>
      e.toObjectTypeId === from.objectTypeId && e.toId === fromId && (everything || inverseIds.has(e.typeId)),
  );
  return [...forward, ...backward];
}

export function registerLabelsArchiveRoute(app: FastifyInstance, ctx: EmulatorContext, prefix: string): void {
  app.post<{ Params: PairParams }>(
    `${prefix}/:fromObjectType/:toObjectType/batch/labels/archive`,
    (request, reply) => {
      const from = objectTypeFor(ctx, request, request.params.fromObjectType, 'write');
      const to = objectTypeFor(ctx, request, request.params.toObjectType, 'write');
      const { inputs } = batchInputs(request.body);
      const batch = new BatchCollector<Record<string, never>>(ctx.now());
      const doomed = new Set<RecordAssociation>();
      inputs.forEach((input, i) => {
        const context: Record<string, string[]> =
          isJsonObject(input.from) && typeof input.from.id === 'string' ? { ids: [input.from.id] } : {};
        batch.item(context, () => {
          const fromId = recordId(input, 'from', i);
          const toId = recordId(input, 'to', i);
          const types = typesOf(ctx.state, from, to, input, i);
          for (const entry of doomedBetween(ctx.state, from, to, fromId, toId, types)) doomed.add(entry);
          return {};
        });
      });
      if (removeAssociations(ctx.state, doomed) > 0) ctx.markDirty(...changed.links(doomed));
      return batch.send(reply, 200, ctx.now());
    },
  );
}

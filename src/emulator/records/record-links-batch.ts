/**
 * The v4 record association batches: read the associated records of many records,
 * link many pairs of records, and remove every link between many pairs. Served under
 * `{associations prefix}/{fromObjectType}/{toObjectType}/batch/...`; the records scope of the `from`
 * object type is required (read for batch read, write for the others).
 *
 * A malformed body or input is a 400 for the whole batch; a record that does not exist, a type that
 * does not lead from -> to or a limit fails its own item (207), the other items still succeed.
 */
import type { FastifyInstance } from 'fastify';
import type { RecordAssociationLink, RecordAssociationsOf } from '../../wire/api.js';
import { changed, type EmulatorContext } from '../context.js';
import { validationError } from '../errors.js';
import { isJsonObject } from '../request-values.js';
import type { RecordAssociation } from '../state/model.js';
import { removeAssociations } from './associations.js';
import { BatchCollector, batchInputs } from './batch.js';
import { doomedBetween, recordId } from './labels-archive.js';
import { linkPair, linkRecords, parseTypeIds, resolveLinkTypes } from './record-links.js';
import { linkAnswer, linkedRecords } from './record-links-view.js';
import { requireRecord } from './record-store.js';

/** The platform reads the associations of up to 1,000 records per batch read. */
export const MAX_ASSOCIATION_READ_INPUTS = 1000;

interface PairParams {
  fromObjectType: string;
  toObjectType: string;
}

function readId(value: unknown, where: string): string {
  const id = isJsonObject(value) ? value.id : undefined;
  if (typeof id !== 'string' || id === '') {
    throw validationError(`Invalid input JSON: ${where}.id must be a non-empty string.`);
  }
  return id;
}

export function registerRecordLinkBatchRoutes(
  app: FastifyInstance,
  ctx: EmulatorContext,
  prefix: string,
  archiveAnswersBatch: boolean,
): void {
  const BATCH = `${prefix}/:fromObjectType/:toObjectType/batch`;
  // the associated records of each record read; a missing record is an error item
  app.post<{ Params: PairParams }>(`${BATCH}/read`, (request, reply) => {
    const { fromObjectType, toObjectType } = request.params;
    const pair = linkPair(ctx, request, fromObjectType, toObjectType, 'read');
    const { inputs } = batchInputs(request.body, MAX_ASSOCIATION_READ_INPUTS);
    // a record named twice is read once
    const ids = [...new Set(inputs.map((input, i) => readId(input, `inputs[${i}]`)))];
    const batch = new BatchCollector<RecordAssociationsOf>(ctx.now());
    for (const id of ids) {
      batch.item({ ids: [id] }, () => {
        requireRecord(pair.from, id, { archived: false });
        return { from: { id }, to: linkedRecords(ctx.state, pair, id) };
      });
    }
    return batch.send(reply, 200, ctx.now());
  });

  // link each pair of records by the given types (as the single PUT does)
  app.post<{ Params: PairParams }>(`${BATCH}/create`, (request, reply) => {
    const { fromObjectType, toObjectType } = request.params;
    const pair = linkPair(ctx, request, fromObjectType, toObjectType, 'write');
    const parsed = batchInputs(request.body).inputs.map((input, i) => ({
      fromId: recordId(input, 'from', i),
      toId: recordId(input, 'to', i),
      typeIds: parseTypeIds(input.types, `inputs[${i}].types`),
      where: `inputs[${i}].types`,
    }));
    const batch = new BatchCollector<RecordAssociationLink>(ctx.now());
    const added: RecordAssociation[] = [];
    for (const { fromId, toId, typeIds, where } of parsed) {
      batch.item({ fromId: [fromId], toId: [toId] }, () => {
        const types = resolveLinkTypes(ctx.state, pair, typeIds, where);
        added.push(...linkRecords(ctx.state, pair, fromId, toId, types));
        return linkAnswer(ctx.state, pair, fromId, toId);
      });
    }
    if (added.length > 0) ctx.markDirty(...changed.links(added));
    return batch.send(reply, 201, ctx.now());
  });

  // remove every association between each pair of records, both directions: 204, or 200 with a
  // batch body on the date-versioned paths
  app.post<{ Params: PairParams }>(`${BATCH}/archive`, (request, reply) => {
    const startedAt = ctx.now();
    const { fromObjectType, toObjectType } = request.params;
    const pair = linkPair(ctx, request, fromObjectType, toObjectType, 'write');
    const doomed = new Set<RecordAssociation>();
    // every input is checked before anything is removed
    batchInputs(request.body).inputs.forEach((input, i) => {
      const fromId = recordId(input, 'from', i);
      if (!Array.isArray(input.to)) {
        throw validationError(`Invalid input JSON: inputs[${i}].to must be an array of {id}.`);
      }
      input.to.forEach((to: unknown, j) => {
        const toId = readId(to, `inputs[${i}].to[${j}]`);
        for (const entry of doomedBetween(ctx.state, pair.from, pair.to, fromId, toId)) doomed.add(entry);
      });
    });
    if (removeAssociations(ctx.state, doomed) > 0) ctx.markDirty(...changed.links(doomed));
    if (archiveAnswersBatch) return new BatchCollector<never>(startedAt).send(reply, 200, ctx.now());
    return reply.status(204).send();
  });
}

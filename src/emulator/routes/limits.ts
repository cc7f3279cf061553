/**
 * Association limit configuration: the GET of one pair (legacy: under `/crm/associations/v4/...` and
 * under `/crm/v4/associations/...`, the prefix of the official client), `.../all`, and the batch
 * create / update / purge.
 * Reads need the schema read scope of the `from` object type, writes its schema write scope.
 */
import type { FastifyInstance } from 'fastify';
import { requireScopes, scopes } from '../auth.js';
import {
  allTypes,
  resolvePair,
  toConfigAllItem,
  toConfigItem,
  typesFromTo,
} from '../associations/association-types.js';
import { batchResponse } from '../associations/batch-response.js';
import {
  applyLimitBatch,
  batchInputs,
  purgeLimits,
  type LimitBatchMode,
} from '../associations/limit-batch.js';
import { changed, type EmulatorContext } from '../context.js';
import { archiveAnswersBatch, limitPrefixes, type RouteFamily } from './families.js';

interface PairParams {
  fromObjectType: string;
  toObjectType: string;
}

/** Success status of each batch when every input succeeded; 207 otherwise. */
const BATCH_STATUS: Record<LimitBatchMode, number> = { create: 201, update: 200 };

export function registerLimitsRoutes(app: FastifyInstance, ctx: EmulatorContext, family: RouteFamily): void {
  for (const base of limitPrefixes(family)) {
    const pairPath = `${base}/:fromObjectType/:toObjectType`;

    // every type of every pair. Needs the read scope of every object type.
    app.get(`${base}/all`, (request) => {
      const names = Object.values(ctx.state.objectTypes).map((t) => t.name);
      requireScopes(request, ...names.map((name) => scopes.schemasRead(name)));
      return { results: allTypes(ctx.state).map(toConfigAllItem) };
    });

    // the configuration of one pair (under both prefixes)
    app.get<{ Params: PairParams }>(pairPath, (request) => {
      const pair = resolvePair(ctx.state, request.params.fromObjectType, request.params.toObjectType);
      requireScopes(request, scopes.schemasRead(pair.from.name));
      return { results: typesFromTo(ctx.state, pair).map(toConfigItem) };
    });

    for (const mode of ['create', 'update'] as const) {
      // set (create) or change (update) limits; 207 with per-item errors
      app.post<{ Params: PairParams }>(`${pairPath}/batch/${mode}`, async (request, reply) => {
        const startedAt = ctx.now();
        const pair = resolvePair(ctx.state, request.params.fromObjectType, request.params.toObjectType);
        requireScopes(request, scopes.schemasWrite(pair.from.name));
        const inputs = batchInputs(request.body, '{ category, typeId, maxToObjectIds }');
        const { results, errors } = applyLimitBatch(ctx.state, pair, inputs, mode);
        if (results.length > 0) ctx.markDirty(...results.map((item) => changed.associationType(item.typeId)));
        return reply
          .status(errors.length > 0 ? 207 : BATCH_STATUS[mode])
          .send(batchResponse(startedAt, ctx.now(), results, errors));
      });
    }

    // remove limits, also when none was set: 204, or 200 with a batch body on the date-versioned paths
    app.post<{ Params: PairParams }>(`${pairPath}/batch/purge`, async (request, reply) => {
      const startedAt = ctx.now();
      const pair = resolvePair(ctx.state, request.params.fromObjectType, request.params.toObjectType);
      requireScopes(request, scopes.schemasWrite(pair.from.name));
      const purged = purgeLimits(ctx.state, pair, batchInputs(request.body, '{ category, typeId }'));
      if (purged.length > 0) ctx.markDirty(...purged.map((type) => changed.associationType(type.typeId)));
      if (archiveAnswersBatch(family))
        return reply.status(200).send(batchResponse(startedAt, ctx.now(), [], []));
      return reply.status(204).send();
    });
  }
}

/**
 * Association labels, served under every prefix the platform has (the legacy family has two).
 * Reads need the schema read scope of the `from` object type, writes its schema write scope.
 */
import type { FastifyInstance } from 'fastify';
import { requireScopes, scopes } from '../auth.js';
import { resolvePair, toLabelItem, typesFromTo } from '../associations/association-types.js';
import { createLabel, deleteLabel, updateLabel } from '../associations/label-store.js';
import { parseLabelCreate, parseLabelUpdate } from '../associations/label-rules.js';
import { parseTypeId } from '../request-values.js';
import { changed, type EmulatorContext } from '../context.js';
import { associationPrefixes, type RouteFamily } from './families.js';

interface PairParams {
  fromObjectType: string;
  toObjectType: string;
}

export function registerLabelsRoutes(app: FastifyInstance, ctx: EmulatorContext, family: RouteFamily): void {
  for (const prefix of associationPrefixes(family)) {
    const path = `${prefix}/:fromObjectType/:toObjectType/labels`;

    // list every type from->to, the unlabeled one with label null
    app.get<{ Params: PairParams }>(path, (request) => {
      const pair = resolvePair(ctx.state, request.params.fromObjectType, request.params.toObjectType);
      requireScopes(request, scopes.schemasRead(pair.from.name));
      return { results: typesFromTo(ctx.state, pair).map(toLabelItem) };
    });

    // create a label, one type per direction; 200 like the platform
    app.post<{ Params: PairParams }>(path, (request) => {
      const pair = resolvePair(ctx.state, request.params.fromObjectType, request.params.toObjectType);
      requireScopes(request, scopes.schemasWrite(pair.from.name));
      const created = createLabel(ctx.state, pair, parseLabelCreate(request.body));
      ctx.markDirty(changed.counters(), ...created.map((type) => changed.associationType(type.typeId)));
      return { results: created.map(toLabelItem) };
    });

    // relabel a user type (and its inverse with inverseLabel)
    app.put<{ Params: PairParams }>(path, async (request, reply) => {
      const pair = resolvePair(ctx.state, request.params.fromObjectType, request.params.toObjectType);
      requireScopes(request, scopes.schemasWrite(pair.from.name));
      const types = updateLabel(ctx.state, pair, parseLabelUpdate(request.body));
      ctx.markDirty(...types.map((type) => changed.associationType(type.typeId)));
      return reply.status(204).send();
    });

    // delete both directions and their record associations
    app.delete<{ Params: PairParams & { associationTypeId: string } }>(
      `${path}/:associationTypeId`,
      async (request, reply) => {
        const pair = resolvePair(ctx.state, request.params.fromObjectType, request.params.toObjectType);
        requireScopes(request, scopes.schemasWrite(pair.from.name));
        const typeId = parseTypeId(request.params.associationTypeId, 'associationTypeId');
        const { typeIds, removed } = deleteLabel(ctx.state, pair, typeId);
        ctx.markDirty(...typeIds.map((id) => changed.associationType(id)), ...changed.links(removed));
        return reply.status(204).send();
      },
    );
  }
}

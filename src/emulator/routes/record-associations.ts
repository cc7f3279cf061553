/**
 * The v4 record association endpoints: link two records by labelled association
 * types (PUT), remove every link between them (DELETE), list a record's associated records of one
 * object type (GET), and the batches under `{associations prefix}/{from}/{to}/batch/...`. Object
 * types by name or id; the records scope of the `from` object type is required (read for reads,
 * write for writes).
 */
import type { FastifyInstance } from 'fastify';
import type { AssociatedRecord } from '../../wire/api.js';
import { changed, type EmulatorContext } from '../context.js';
import { removeAssociations } from '../records/associations.js';
import { queryInteger, queryString } from '../records/body.js';
import { doomedBetween } from '../records/labels-archive.js';
import { nextPaging, pageIds, parseListCursor } from '../records/paging.js';
import { registerRecordLinkBatchRoutes } from '../records/record-links-batch.js';
import { linkPair, linkRecords, parseTypeIds, resolveLinkTypes } from '../records/record-links.js';
import { linkAnswer, linkedRecords } from '../records/record-links-view.js';
import { requireRecord } from '../records/record-store.js';
import { must } from '../../core/must.js';
import { registerLabelsArchiveRoute } from '../records/labels-archive.js';
import { archiveAnswersBatch, associationPrefixes, isDated, type RouteFamily } from './families.js';

interface FromParams {
  fromObjectType: string;
  fromObjectId: string;
  toObjectType: string;
}
interface LinkParams extends FromParams {
  toObjectId: string;
}

export const LINKS_DEFAULT_LIMIT = 500;
export const LINKS_MAX_LIMIT = 500;

export function registerRecordAssociationsRoutes(
  app: FastifyInstance,
  ctx: EmulatorContext,
  family: RouteFamily,
): void {
  const FROM_PATH = `${family.recordLinks}/:fromObjectType/:fromObjectId/associations/:toObjectType`;
  const LINK_PATH = `${FROM_PATH}/:toObjectId`;
  // link two records by the types of the body (an array of {associationCategory,
  // associationTypeId}), with their inverses; 200 (201 on the date-versioned paths) with the labels now
  // linking from -> to
  app.put<{ Params: LinkParams }>(LINK_PATH, async (request, reply) => {
    const { fromObjectType, fromObjectId, toObjectType, toObjectId } = request.params;
    const pair = linkPair(ctx, request, fromObjectType, toObjectType, 'write');
    const types = resolveLinkTypes(ctx.state, pair, parseTypeIds(request.body, 'types'), 'types');
    const added = linkRecords(ctx.state, pair, fromObjectId, toObjectId, types);
    if (added.length > 0) ctx.markDirty(...changed.links(added));
    return reply
      .status(isDated(family) ? 201 : 200)
      .send(linkAnswer(ctx.state, pair, fromObjectId, toObjectId));
  });

  // remove every association between the two records, both directions; 204 also
  // when there was none
  app.delete<{ Params: LinkParams }>(LINK_PATH, (request, reply) => {
    const { fromObjectType, fromObjectId, toObjectType, toObjectId } = request.params;
    const pair = linkPair(ctx, request, fromObjectType, toObjectType, 'write');
    const doomed = doomedBetween(ctx.state, pair.from, pair.to, fromObjectId, toObjectId);
    if (removeAssociations(ctx.state, new Set(doomed)) > 0) ctx.markDirty(...changed.links(doomed));
    return reply.status(204).send();
  });

  // the associated records of one object type, one result per record with every
  // type linking to it, by ascending record id; paged by `limit` (1 to 500) and `after`
  app.get<{ Params: FromParams; Querystring: Record<string, unknown> }>(FROM_PATH, (request) => {
    const { fromObjectType, fromObjectId, toObjectType } = request.params;
    const pair = linkPair(ctx, request, fromObjectType, toObjectType, 'read');
    const limit = queryInteger(request.query.limit, 'limit', LINKS_DEFAULT_LIMIT, 1, LINKS_MAX_LIMIT);
    const after = parseListCursor(queryString(request.query.after));
    requireRecord(pair.from, fromObjectId, { archived: false });
    const linked = new Map<string, AssociatedRecord>();
    for (const item of linkedRecords(ctx.state, pair, fromObjectId)) linked.set(item.toObjectId, item);
    const page = pageIds([...linked.keys()], after, limit, () => true);
    const paging = nextPaging(page.next, { ...request.query, limit: String(limit) });
    return {
      results: page.ids.map((id) => must(linked.get(id), 'a linked record')),
      ...(paging ? { paging } : {}),
    };
  });

  for (const prefix of associationPrefixes(family)) {
    registerRecordLinkBatchRoutes(app, ctx, prefix, archiveAnswersBatch(family));
    registerLabelsArchiveRoute(app, ctx, prefix);
  }
}

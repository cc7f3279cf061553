/**
 * Record endpoints for every object type, by name or id, and the association label batch archive.
 * Single-record routes live here; batch routes in `records/batch-routes.ts`, the v4 record
 * associations in `record-associations.ts`.
 */
import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context.js';
import { associationTargets, objectTypeFor } from '../records/access.js';
import { planAssociations } from '../records/association-input.js';
import { registerBatchRoutes } from '../records/batch-routes.js';
import { queryBoolean, queryInteger, queryList, queryString, requireBody } from '../records/body.js';
import { nextPaging, pageIds, parseListCursor } from '../records/paging.js';
import { checkPropertyInput } from '../records/property-input.js';
import { recordIds } from '../records/record-ids.js';
import {
  archiveRecord,
  createRecord,
  findRecord,
  requireRecord,
  updateRecord,
} from '../records/record-store.js';
import { selectedNames, toFullRecord, toSimpleRecord, type RecordSelection } from '../records/record-view.js';
import { must } from '../../core/must.js';
import { registerRecordAssociationsRoutes } from './record-associations.js';
import type { RouteFamily } from './families.js';

type Query = Record<string, unknown>;
interface TypeParams {
  objectType: string;
}
interface RecordParams extends TypeParams {
  id: string;
}

export const LIST_DEFAULT_LIMIT = 10;
export const LIST_MAX_LIMIT = 100;
/** the platform's lower maximum when `propertiesWithHistory` is used */
export const LIST_MAX_LIMIT_WITH_HISTORY = 50;

function readSelection(query: Query): RecordSelection {
  const properties = queryList(query.properties);
  const propertiesWithHistory = queryList(query.propertiesWithHistory);
  // an empty list (`properties=`) means the default set, as when the parameter is absent
  return {
    ...(properties?.length ? { properties } : {}),
    ...(propertiesWithHistory?.length ? { propertiesWithHistory } : {}),
  };
}

export function registerRecordsRoutes(app: FastifyInstance, ctx: EmulatorContext, family: RouteFamily): void {
  const TYPE_PATH = `${family.objects}/:objectType`;
  const RECORD_PATH = `${TYPE_PATH}/:id`;
  // create one record
  app.post<{ Params: TypeParams }>(TYPE_PATH, (request, reply) => {
    const objectType = objectTypeFor(ctx, request, request.params.objectType, 'write');
    const body = requireBody(request.body);
    const values = checkPropertyInput(objectType, body.properties);
    const planned = planAssociations(ctx.state, objectType, body.associations);
    const record = createRecord(ctx, objectType, values, planned);
    const trace =
      typeof body.objectWriteTraceId === 'string' ? { objectWriteTraceId: body.objectWriteTraceId } : {};
    return reply.status(201).send(toSimpleRecord(objectType, record, { written: values.keys(), ...trace }));
  });

  // list records
  app.get<{ Params: TypeParams; Querystring: Query }>(TYPE_PATH, (request) => {
    const objectType = objectTypeFor(ctx, request, request.params.objectType, 'read');
    const query = request.query;
    const selection = readSelection(query);
    const archived = queryBoolean(query.archived, 'archived');
    const requested = queryInteger(query.limit, 'limit', LIST_DEFAULT_LIMIT, 1, LIST_MAX_LIMIT);
    // with history the platform returns fewer records per page rather than refusing the request
    const limit = selection.propertiesWithHistory
      ? Math.min(requested, LIST_MAX_LIMIT_WITH_HISTORY)
      : requested;
    const after = parseListCursor(queryString(query.after));
    const targets = associationTargets(ctx.state, queryList(query.associations));
    const records = objectType.records;
    const page = pageIds(recordIds(objectType), after, limit, (id) => records[id]?.archived === archived);
    const names = selectedNames(objectType, selection);
    const paging = nextPaging(page.next, { ...query, limit: String(limit) });
    return {
      results: page.ids.map((id) =>
        toFullRecord(ctx.state, objectType, must(records[id], 'a listed record'), selection, targets, names),
      ),
      ...(paging ? { paging } : {}),
    };
  });

  // read one record
  app.get<{ Params: RecordParams; Querystring: Query }>(RECORD_PATH, (request) => {
    const objectType = objectTypeFor(ctx, request, request.params.objectType, 'read');
    const query = request.query;
    const idProperty = queryString(query.idProperty);
    const record = requireRecord(objectType, request.params.id, {
      archived: queryBoolean(query.archived, 'archived'),
      ...(idProperty ? { idProperty } : {}),
    });
    const targets = associationTargets(ctx.state, queryList(query.associations));
    return toFullRecord(ctx.state, objectType, record, readSelection(query), targets);
  });

  // update one record
  app.patch<{ Params: RecordParams; Querystring: Query }>(RECORD_PATH, (request) => {
    const objectType = objectTypeFor(ctx, request, request.params.objectType, 'write');
    const idProperty = queryString(request.query.idProperty);
    const record = requireRecord(objectType, request.params.id, {
      archived: false,
      ...(idProperty ? { idProperty } : {}),
    });
    const body = requireBody(request.body);
    const values = checkPropertyInput(objectType, body.properties);
    updateRecord(ctx, objectType, record, values);
    return toSimpleRecord(objectType, record, { written: values.keys() });
  });

  // archive one record; like the platform, 204 also when it is absent
  app.delete<{ Params: RecordParams }>(RECORD_PATH, (request, reply) => {
    const objectType = objectTypeFor(ctx, request, request.params.objectType, 'write');
    const record = findRecord(objectType, request.params.id, { archived: false });
    if (record) archiveRecord(ctx, objectType, record);
    return reply.status(204).send();
  });

  registerBatchRoutes(app, ctx, family);
  registerRecordAssociationsRoutes(app, ctx, family);
}

/**
 * Record batch endpoints: create, read, upsert, archive and update (including its
 * `/crm/objects/v3/{objectType}/batch/update` path), for every object type.
 */
import type { RouteFamily } from '../../wire/routes.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SimpleRecord, UpsertedRecord } from '../../wire/api.js';
import type { EmulatorContext } from '../context.js';
import { notFound, validationError } from '../errors.js';
import type { ObjectTypeState } from '../state/model.js';
import { objectTypeFor } from './access.js';
import { planAssociations } from './association-input.js';
import { BatchCollector, batchInputs, traceContext } from './batch.js';
import { isJsonObject, type JsonObject } from '../request-values.js';
import { optionalString, optionalStringList, queryBoolean } from './body.js';
import { checkPropertyInput } from './property-input.js';
import { archiveRecord, createRecord, findRecord, requireRecord, updateRecord } from './record-store.js';
import { selectedNames, toSimpleRecord } from './record-view.js';
import { checkIdProperty, findByUniqueValue } from './unique.js';

interface TypeParams {
  objectType: string;
}
type Request = FastifyRequest<{ Params: TypeParams; Querystring: Record<string, unknown> }>;

const trace = (input: JsonObject): { objectWriteTraceId?: string } =>
  typeof input.objectWriteTraceId === 'string' ? { objectWriteTraceId: input.objectWriteTraceId } : {};

function requireId(input: JsonObject, i: number): string {
  const id = input.id;
  if (typeof id !== 'string' || id === '')
    throw validationError(`Invalid input JSON: inputs[${i}].id must be a non-empty string.`);
  return id;
}

/** The platform refuses a batch naming the same record twice (the outcome would depend on order). */
function refuseDuplicates(ids: readonly string[]): void {
  const seen = new Set<string>();
  const duplicates = new Set(ids.filter((id) => seen.size === seen.add(id).size));
  if (duplicates.size > 0) {
    throw validationError(
      `Duplicate IDs found in batch input: ${[...duplicates].join(', ')}. Give each record once.`,
    );
  }
}

function idPropertyOf(input: JsonObject, i: number): string | undefined {
  return optionalString(input, 'idProperty', `inputs[${i}].`);
}

function batchCreate(ctx: EmulatorContext, request: Request, reply: FastifyReply): FastifyReply {
  const objectType = objectTypeFor(ctx, request, request.params.objectType, 'write');
  const { inputs } = batchInputs(request.body);
  const batch = new BatchCollector<SimpleRecord>(ctx.now());
  for (const input of inputs) {
    batch.item(traceContext(input), () => {
      const values = checkPropertyInput(objectType, input.properties);
      const planned = planAssociations(ctx.state, objectType, input.associations);
      const record = createRecord(ctx, objectType, values, planned);
      return toSimpleRecord(objectType, record, { written: values.keys(), ...trace(input) });
    });
  }
  return batch.send(reply, 201, ctx.now());
}

function batchRead(ctx: EmulatorContext, request: Request, reply: FastifyReply): FastifyReply {
  const objectType = objectTypeFor(ctx, request, request.params.objectType, 'read');
  const { body, inputs } = batchInputs(request.body);
  const idProperty = optionalString(body, 'idProperty');
  if (idProperty !== undefined) checkIdProperty(objectType, idProperty);
  const archived = queryBoolean(request.query.archived, 'archived');
  const properties = optionalStringList(body, 'properties');
  const propertiesWithHistory = optionalStringList(body, 'propertiesWithHistory');
  const selection = {
    // an empty `properties` list (a required field) means the default set
    ...(properties?.length ? { properties } : {}),
    ...(propertiesWithHistory?.length ? { propertiesWithHistory } : {}),
  };
  const names = selectedNames(objectType, selection);
  const batch = new BatchCollector<SimpleRecord>(ctx.now());
  const missing: string[] = [];
  const seen = new Set<string>();
  inputs.forEach((input, i) => {
    const key = requireId(input, i);
    if (seen.has(key)) return;
    seen.add(key);
    const record = findRecord(objectType, key, { archived, ...(idProperty ? { idProperty } : {}) });
    if (record) batch.results.push(toSimpleRecord(objectType, record, selection, names));
    else missing.push(key);
  });
  if (missing.length > 0) {
    batch.item({ ids: missing }, () => {
      throw notFound(
        `Could not get some ${objectType.name} objects, they may be deleted or not exist. Check that ids are valid.`,
      );
    });
  }
  return batch.send(reply, 200, ctx.now());
}

function batchUpdate(ctx: EmulatorContext, request: Request, reply: FastifyReply): FastifyReply {
  const objectType = objectTypeFor(ctx, request, request.params.objectType, 'write');
  const { inputs } = batchInputs(request.body);
  refuseDuplicates(inputs.map(requireId));
  const batch = new BatchCollector<SimpleRecord>(ctx.now());
  inputs.forEach((input, i) => {
    const key = input.id as string;
    batch.item({ ids: [key], ...traceContext(input) }, () => {
      const idProperty = idPropertyOf(input, i);
      const record = requireRecord(objectType, key, {
        archived: false,
        ...(idProperty ? { idProperty } : {}),
      });
      const values = checkPropertyInput(objectType, input.properties);
      updateRecord(ctx, objectType, record, values);
      return toSimpleRecord(objectType, record, { written: values.keys(), ...trace(input) });
    });
  });
  return batch.send(reply, 200, ctx.now());
}

function upsertOne(
  ctx: EmulatorContext,
  objectType: ObjectTypeState,
  input: JsonObject,
  i: number,
): UpsertedRecord {
  const key = input.id as string;
  const idProperty = idPropertyOf(input, i);
  if (idProperty === undefined || idProperty === 'hs_object_id') {
    // without a unique property there is no value to create a record with: only updates are possible
    const record = findRecord(objectType, key, { archived: false });
    if (!record) {
      throw notFound(
        `No ${objectType.name} record with id '${key}' exists; an upsert without idProperty only updates. Give idProperty (a unique property) to create records.`,
      );
    }
    const values = checkPropertyInput(objectType, input.properties);
    updateRecord(ctx, objectType, record, values);
    return { ...toSimpleRecord(objectType, record, { written: values.keys(), ...trace(input) }), new: false };
  }
  checkIdProperty(objectType, idProperty);
  const existing = findByUniqueValue(objectType, idProperty, key);
  if (existing) {
    const values = checkPropertyInput(objectType, input.properties);
    updateRecord(ctx, objectType, existing, values);
    return {
      ...toSimpleRecord(objectType, existing, { written: values.keys(), ...trace(input) }),
      new: false,
    };
  }
  const given = input.properties;
  // a malformed `properties` gets the same 400 as elsewhere
  if (given !== undefined && given !== null && !isJsonObject(given)) checkPropertyInput(objectType, given);
  const values = checkPropertyInput(objectType, { ...(isJsonObject(given) ? given : {}), [idProperty]: key });
  const record = createRecord(ctx, objectType, values);
  return { ...toSimpleRecord(objectType, record, { written: values.keys(), ...trace(input) }), new: true };
}

function batchUpsert(ctx: EmulatorContext, request: Request, reply: FastifyReply): FastifyReply {
  const objectType = objectTypeFor(ctx, request, request.params.objectType, 'write');
  const { inputs } = batchInputs(request.body);
  refuseDuplicates(inputs.map(requireId));
  const batch = new BatchCollector<UpsertedRecord>(ctx.now());
  inputs.forEach((input, i) => {
    batch.item({ ids: [input.id as string], ...traceContext(input) }, () =>
      upsertOne(ctx, objectType, input, i),
    );
  });
  return batch.send(reply, 200, ctx.now());
}

/** Batch archive: archives the given records; ids that are absent or already archived are skipped. No body. */
function batchArchive(ctx: EmulatorContext, request: Request, reply: FastifyReply): FastifyReply {
  const objectType = objectTypeFor(ctx, request, request.params.objectType, 'write');
  const { inputs } = batchInputs(request.body);
  const ids = inputs.map(requireId);
  for (const id of ids) {
    const record = findRecord(objectType, id, { archived: false });
    if (record) archiveRecord(ctx, objectType, record);
  }
  return reply.status(204).send();
}

export function registerBatchRoutes(app: FastifyInstance, ctx: EmulatorContext, family: RouteFamily): void {
  const base = `${family.objects}/:objectType/batch`;
  app.post<{ Params: TypeParams; Querystring: Record<string, unknown> }>(`${base}/create`, (req, reply) =>
    batchCreate(ctx, req, reply),
  );
  app.post<{ Params: TypeParams; Querystring: Record<string, unknown> }>(`${base}/read`, (req, reply) =>
    batchRead(ctx, req, reply),
  );
  app.post<{ Params: TypeParams; Querystring: Record<string, unknown> }>(`${base}/update`, (req, reply) =>
    batchUpdate(ctx, req, reply),
  );
  // the legacy batch update's second form (`/crm/objects/v3/projects/batch/update`), served for every
  // object type (in a date version it is the usual path)
  if (family.version === 'legacy')
    app.post<{ Params: TypeParams; Querystring: Record<string, unknown> }>(
      '/crm/objects/v3/:objectType/batch/update',
      (req, reply) => batchUpdate(ctx, req, reply),
    );
  app.post<{ Params: TypeParams; Querystring: Record<string, unknown> }>(`${base}/upsert`, (req, reply) =>
    batchUpsert(ctx, req, reply),
  );
  app.post<{ Params: TypeParams; Querystring: Record<string, unknown> }>(`${base}/archive`, (req, reply) =>
    batchArchive(ctx, req, reply),
  );
}

/**
 * Property definition endpoints: create, batch read, list, get, update, archive, batch create and
 * batch archive.
 * The object type in the path is a name or an id. Reads need `crm.schemas.<name>.read`, writes
 * `crm.schemas.<name>.write`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { changed, type EmulatorContext } from '../context.js';
import type { Property } from '../../wire/api.js';
import { batchArchive, batchCreate, batchRead } from '../properties/property-batch.js';
import {
  archiveProperty,
  createProperty,
  findProperty,
  updateProperty,
} from '../properties/property-store.js';
import { schemaObjectTypeFor } from '../properties/schema-access.js';
import { readArchived, readDataSensitivity, readNameList, type Query } from '../properties/query-params.js';
import type { Access } from '../records/access.js';
import { isDated, type RouteFamily } from './families.js';
import {
  requireBatchOptionOrders,
  requireBatchReadFields,
  requireOptionOrders,
} from '../properties/dated-bodies.js';

type TypeRoute = { Params: { objectType: string }; Querystring: Query; Body: unknown };
type NameRoute = { Params: { objectType: string; propertyName: string }; Querystring: Query; Body: unknown };

export function registerPropertiesRoutes(
  app: FastifyInstance,
  ctx: EmulatorContext,
  family: RouteFamily,
): void {
  const BASE = `${family.properties}/:objectType`;
  const dated = isDated(family);
  const objectTypeFor = (request: FastifyRequest<{ Params: { objectType: string } }>, access: Access) =>
    schemaObjectTypeFor(ctx, request, access);

  // create
  app.post<TypeRoute>(BASE, (request, reply) => {
    const objectType = objectTypeFor(request, 'write');
    if (dated) requireOptionOrders(request.body);
    const property = stampUser(createProperty(objectType, request.body, ctx.now()), request, 'created');
    ctx.markDirty(changed.property(objectType, property.name));
    return reply.code(201).send(property);
  });

  // batch read (its locale parameter, whatever its name, is accepted and ignored)
  app.post<TypeRoute>(`${BASE}/batch/read`, (request, reply) => {
    const objectType = objectTypeFor(request, 'read');
    if (dated) requireBatchReadFields(request.body);
    const { statusCode, body } = batchRead(objectType, request.body, () => ctx.now());
    return reply.code(statusCode).send(body);
  });

  // list, no paging
  app.get<TypeRoute>(BASE, (request) => {
    const objectType = objectTypeFor(request, 'read');
    const archived = readArchived(request.query);
    const sensitivity = readDataSensitivity(request.query);
    const names = readNameList(request.query, 'properties');
    const results = Object.values(objectType.properties).filter(
      (p) =>
        (p.archived === true) === archived &&
        (p.dataSensitivity ?? 'non_sensitive') === sensitivity &&
        (names === undefined || names.has(p.name)),
    );
    return { results };
  });

  // with archived=true an archived property is found too
  app.get<NameRoute>(`${BASE}/:propertyName`, (request) => {
    const objectType = objectTypeFor(request, 'read');
    const includeArchived = readArchived(request.query);
    return findProperty(objectType, request.params.propertyName, { includeArchived });
  });

  app.patch<NameRoute>(`${BASE}/:propertyName`, (request) => {
    const objectType = objectTypeFor(request, 'write');
    const property = updateProperty(objectType, request.params.propertyName, request.body, ctx.now());
    ctx.markDirty(changed.property(objectType, property.name));
    return stampUser(property, request, 'updated');
  });

  // archive
  app.delete<NameRoute>(`${BASE}/:propertyName`, (request, reply) => {
    const objectType = objectTypeFor(request, 'write');
    archiveProperty(objectType, request.params.propertyName, ctx.now());
    ctx.markDirty(changed.property(objectType, request.params.propertyName));
    return reply.code(204).send();
  });

  app.post<TypeRoute>(`${BASE}/batch/create`, (request, reply) => {
    const objectType = objectTypeFor(request, 'write');
    if (dated) requireBatchOptionOrders(request.body);
    const { statusCode, body } = batchCreate(objectType, request.body, () => ctx.now());
    for (const property of body.results) stampUser(property, request, 'created');
    if (body.results.length > 0)
      ctx.markDirty(...body.results.map((p) => changed.property(objectType, p.name)));
    return reply.code(statusCode).send(body);
  });

  // 204 whatever the state of each name
  app.post<TypeRoute>(`${BASE}/batch/archive`, (request, reply) => {
    const objectType = objectTypeFor(request, 'write');
    const archived = batchArchive(objectType, request.body, ctx.now());
    if (archived.length > 0) ctx.markDirty(...archived.map((name) => changed.property(objectType, name)));
    return reply.code(204).send();
  });
}

/**
 * Records which token's user wrote a property (the stored definition is the one returned). A create
 * sets both user ids; an update only `updatedUserId`.
 */
function stampUser(property: Property, request: FastifyRequest, write: 'created' | 'updated'): Property {
  const userId = request.grant.userId;
  if (userId === undefined) return property;
  if (write === 'created') property.createdUserId = userId;
  property.updatedUserId = userId;
  return property;
}

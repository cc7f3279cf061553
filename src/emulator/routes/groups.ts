/**
 * Property group endpoints. Statuses as on the platform: list 200,
 * create 201, get 200, update 200, archive 204. Reads need `crm.schemas.<name>.read`, writes
 * `crm.schemas.<name>.write`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { changed, type EmulatorContext } from '../context.js';
import { archiveGroup, createGroup, findGroup, updateGroup } from '../properties/group-store.js';
import { schemaObjectTypeFor } from '../properties/schema-access.js';
import { readArchived, type Query } from '../properties/query-params.js';
import type { Access } from '../records/access.js';
import { isDated, type RouteFamily } from './families.js';

type TypeRoute = { Params: { objectType: string }; Querystring: Query; Body: unknown };
type GroupRoute = { Params: { objectType: string; groupName: string }; Querystring: Query; Body: unknown };

export function registerGroupsRoutes(app: FastifyInstance, ctx: EmulatorContext, family: RouteFamily): void {
  const BASE = `${family.properties}/:objectType/groups`;
  const objectTypeFor = (request: FastifyRequest<{ Params: { objectType: string } }>, access: Access) =>
    schemaObjectTypeFor(ctx, request, access);

  // active groups; archived=true lists the archived ones instead (legacy paths only: the date-versioned
  // list has no such parameter and lists the active ones)
  app.get<TypeRoute>(BASE, (request) => {
    const objectType = objectTypeFor(request, 'read');
    const archived = isDated(family) ? false : readArchived(request.query);
    return { results: Object.values(objectType.groups).filter((g) => g.archived === archived) };
  });

  // create, or restore an archived group of the same name
  app.post<TypeRoute>(BASE, (request, reply) => {
    const objectType = objectTypeFor(request, 'write');
    const group = createGroup(objectType, request.body);
    ctx.markDirty(changed.group(objectType, group.name));
    return reply.code(201).send(group);
  });

  // with archived=true an archived group is found too
  app.get<GroupRoute>(`${BASE}/:groupName`, (request) => {
    const objectType = objectTypeFor(request, 'read');
    return findGroup(objectType, request.params.groupName, { includeArchived: readArchived(request.query) });
  });

  app.patch<GroupRoute>(`${BASE}/:groupName`, (request) => {
    const objectType = objectTypeFor(request, 'write');
    const group = updateGroup(objectType, request.params.groupName, request.body);
    ctx.markDirty(changed.group(objectType, group.name));
    return group;
  });

  // archive
  app.delete<GroupRoute>(`${BASE}/:groupName`, (request, reply) => {
    const objectType = objectTypeFor(request, 'write');
    archiveGroup(objectType, request.params.groupName);
    ctx.markDirty(changed.group(objectType, request.params.groupName));
    return reply.code(204).send();
  });
}

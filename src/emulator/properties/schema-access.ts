/**
 * Object type resolution and scope checks for the property and property group routes: the object type
 * in the path is a name or an id; reads need `crm.schemas.<name>.read`, writes `crm.schemas.<name>.write`.
 */
import type { FastifyRequest } from 'fastify';
import { requireScopes, scopes } from '../auth.js';
import { resolveObjectType, type EmulatorContext } from '../context.js';
import type { Access } from '../records/access.js';
import type { ObjectTypeState } from '../state/model.js';

/** Resolves the path's object type (400 when unknown), then requires the schema scope (403 when missing). */
export function schemaObjectTypeFor(
  ctx: EmulatorContext,
  request: FastifyRequest<{ Params: { objectType: string } }>,
  access: Access,
): ObjectTypeState {
  const objectType = resolveObjectType(ctx.state, request.params.objectType);
  const scope = access === 'read' ? scopes.schemasRead : scopes.schemasWrite;
  requireScopes(request, scope(objectType.name));
  return objectType;
}

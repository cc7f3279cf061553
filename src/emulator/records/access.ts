/**
 * Object type resolution and scope checks for record routes: every record endpoint works for every
 * object type, addressed by name (`services`) or id (`0-162`).
 */
import type { FastifyRequest } from 'fastify';
import { requireScopes, scopes } from '../auth.js';
import { type EmulatorContext, resolveObjectType } from '../context.js';
import { isEmulatorError } from '../errors.js';
import type { EmulatorState, ObjectTypeState } from '../state/model.js';

export type Access = 'read' | 'write';

/** Resolves the object type (400 when unknown), then requires the records scope (403 when missing). */
export function objectTypeFor(
  ctx: EmulatorContext,
  request: FastifyRequest,
  nameOrId: string,
  access: Access,
): ObjectTypeState {
  const objectType = resolveObjectType(ctx.state, nameOrId);
  requireScopes(
    request,
    access === 'read' ? scopes.objectsRead(objectType.name) : scopes.objectsWrite(objectType.name),
  );
  return objectType;
}

/** Object types named in an `associations` read parameter; unknown names are ignored. */
export function associationTargets(
  state: EmulatorState,
  names: readonly string[] | undefined,
): ObjectTypeState[] {
  const found = new Map<string, ObjectTypeState>();
  for (const name of names ?? []) {
    try {
      const target = resolveObjectType(state, name);
      found.set(target.objectTypeId, target);
    } catch (error) {
      if (!isEmulatorError(error)) throw error;
    }
  }
  return [...found.values()];
}

/**
 * Bearer-token auth and scopes. A token given as `T:scope1,scope2` holds only those scopes (a `*` in a
 * granted scope matches any characters); a plain `T` holds every scope. The n-th token given acts as
 * user `n` (its property writes carry that user id).
 *
 * Scope names (the emulator's own, in the platform's style):
 * - records of an object type: `crm.objects.<name>.read` / `crm.objects.<name>.write`
 * - properties and groups of an object type, association labels and limits from it:
 *   `crm.schemas.<name>.read` / `crm.schemas.<name>.write`
 * - custom event definitions: `behavioral_events.event_definitions.read_write`
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EmulatorError } from './errors.js';
import { matchesWildcard } from '../core/wildcard.js';

export interface TokenGrant {
  token: string;
  /** null: every scope */
  scopes: readonly string[] | null;
  /**
   * the user the token acts as: the emulator stamps property writes with it (`createdUserId`,
   * `updatedUserId`), so that an edit can be traced to a token; the n-th token given is user `n`
   */
  userId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    grant: TokenGrant;
  }
}

export const scopes = {
  objectsRead: (objectTypeName: string) => `crm.objects.${objectTypeName}.read`,
  objectsWrite: (objectTypeName: string) => `crm.objects.${objectTypeName}.write`,
  schemasRead: (objectTypeName: string) => `crm.schemas.${objectTypeName}.read`,
  schemasWrite: (objectTypeName: string) => `crm.schemas.${objectTypeName}.write`,
  events: 'behavioral_events.event_definitions.read_write',
} as const;

/** Parses a `--token` value: `T` or `T:scope1,scope2`. */
export function parseTokenSpec(spec: string): TokenGrant {
  const colon = spec.indexOf(':');
  if (colon < 0) return { token: spec, scopes: null };
  const list = spec
    .slice(colon + 1)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return { token: spec.slice(0, colon), scopes: list };
}

/** A token for the emulator to accept when none is given (printed once by the CLI). */
export function generateToken(): string {
  return `emu-${randomBytes(16).toString('hex')}`;
}

function grants(granted: string, wanted: string): boolean {
  return granted.includes('*') ? matchesWildcard(granted, wanted) : granted === wanted;
}

/** The forms of the scopes the emulator checks (see the top of this file). */
const SCOPE_FORMS = [
  /^crm\.(objects|schemas)\.[^.]+\.(read|write)$/,
  /^behavioral_events\.event_definitions\.read_write$/,
];

/** Granted scopes that match no scope the emulator ever checks (a typo, or a token given as `a:b` by mistake). */
export function unknownScopes(grant: TokenGrant): string[] {
  return (grant.scopes ?? []).filter(
    (scope) => !scope.includes('*') && !SCOPE_FORMS.some((form) => form.test(scope)),
  );
}

const BEARER = /^Bearer\s+(.+)$/i;

/**
 * The first onRequest hook: every request, known route or not, needs an accepted bearer token (401
 * otherwise), so nothing else is done for an unauthenticated caller. Sets `request.grant`.
 */
export function installAuth(app: FastifyInstance, tokenGrants: readonly TokenGrant[]): void {
  const byToken = new Map(tokenGrants.map((g) => [g.token, g]));
  app.decorateRequest('grant', null as unknown as TokenGrant);
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers.authorization;
    const match = header ? BEARER.exec(header) : null;
    const grant = match?.[1] ? byToken.get(match[1].trim()) : undefined;
    if (!grant) {
      done(
        new EmulatorError(
          401,
          'INVALID_AUTHENTICATION',
          match
            ? 'Authentication credentials not found or invalid. Check the access token.'
            : 'Authentication credentials not found. This API supports OAuth 2.0 bearer tokens.',
        ),
      );
      return;
    }
    request.grant = grant;
    done();
  });
}

/** Throws 403 MISSING_SCOPES naming the scopes the request's token lacks. */
export function requireScopes(request: FastifyRequest, ...wanted: string[]): void {
  const held = request.grant.scopes;
  if (held === null) return;
  const missing = wanted.filter((scope) => !held.some((g) => grants(g, scope)));
  if (missing.length === 0) return;
  throw new EmulatorError(
    403,
    'MISSING_SCOPES',
    "This app hasn't been granted all required scopes to make this call.",
    {
      errors: [
        {
          message: `One or more of the following scopes are required: ${missing.join(', ')}`,
          context: { missingScopes: missing },
        },
      ],
    },
  );
}

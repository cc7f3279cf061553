/**
 * The emulator's HTTP server: fastify, auth, the reference §2 error bodies, and every route module.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { parseTokenSpec, type TokenGrant } from './auth.js';
import type { EmulatorContext } from './context.js';
import { EmulatorError, isEmulatorError, toErrorBody } from './errors.js';
import type { EmulatorOptions } from './options.js';
import { registerEventsRoutes } from './routes/events.js';
import { registerGroupsRoutes } from './routes/groups.js';
import { registerLabelsRoutes } from './routes/labels.js';
import { registerLimitsRoutes } from './routes/limits.js';
import { registerPropertiesRoutes } from './routes/properties.js';
import { registerRecordsRoutes } from './routes/records.js';
import { registerSearchRoutes } from './routes/search.js';
import { createInitialState } from './state/initial.js';
import type { EmulatorState } from './state/model.js';

export interface RunningEmulator {
  /** e.g. http://127.0.0.1:43121 */
  url: string;
  port: number;
  /** the accepted tokens (the generated one when none was given) */
  tokens: string[];
  state: EmulatorState;
  close(): Promise<void>;
}

const DEFAULT_ACCOUNT_ID = 1000001;
const BODY_LIMIT = 8 * 1024 * 1024;

export function buildServer(
  options: EmulatorOptions,
  state: EmulatorState,
  grants: TokenGrant[],
): { app: FastifyInstance; ctx: EmulatorContext } {
  const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT, forceCloseConnections: true });
  const ctx: EmulatorContext = {
    state,
    now: () => new Date().toISOString(),
    markDirty: () => undefined,
  };

  const byToken = new Map(grants.map((g) => [g.token, g]));
  app.decorateRequest('grant', null as unknown as TokenGrant);
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(.+)$/i.exec(header) : null;
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

  app.setErrorHandler((error: FastifyError | EmulatorError, _request, reply) => {
    const correlationId = randomUUID();
    const known = isEmulatorError(error) ? error : fromFastifyError(error);
    for (const [name, value] of Object.entries(known.extra.headers ?? {})) void reply.header(name, value);
    return reply.status(known.statusCode).send(toErrorBody(known, correlationId));
  });
  app.setNotFoundHandler((request, reply) => {
    const error = new EmulatorError(
      404,
      'OBJECT_NOT_FOUND',
      `Unable to find route: ${request.method} ${request.url}`,
    );
    return reply.status(404).send(toErrorBody(error, randomUUID()));
  });

  registerPropertiesRoutes(app, ctx);
  registerGroupsRoutes(app, ctx);
  registerRecordsRoutes(app, ctx);
  registerSearchRoutes(app, ctx);
  registerLabelsRoutes(app, ctx);
  registerLimitsRoutes(app, ctx);
  registerEventsRoutes(app, ctx);
  return { app, ctx };
}

function fromFastifyError(error: FastifyError): EmulatorError {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new EmulatorError(413, 'VALIDATION_ERROR', `Request body is larger than ${BODY_LIMIT} bytes.`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new EmulatorError(415, 'VALIDATION_ERROR', 'Content-Type must be application/json.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new EmulatorError(400, 'VALIDATION_ERROR', `Invalid input JSON: ${error.message}`);
    default:
      if (error instanceof SyntaxError || error.statusCode === 400) {
        return new EmulatorError(400, 'VALIDATION_ERROR', `Invalid input JSON: ${error.message}`);
      }
      return new EmulatorError(error.statusCode ?? 500, 'INTERNAL_ERROR', 'Internal error.');
  }
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const state = createInitialState(options.accountId ?? DEFAULT_ACCOUNT_ID, new Date().toISOString());
  const tokenSpecs = options.tokens?.length ? options.tokens : [`emu-${randomUUID()}`];
  const grants = tokenSpecs.map(parseTokenSpec);
  const { app } = buildServer(options, state, grants);
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    tokens: grants.map((g) => g.token),
    state,
    close: () => app.close(),
  };
}

/**
 * The emulator's HTTP server: fastify with, in order, auth, rate limits, fault injection, the route
 * modules, persistence before each reply, and latency. `startEmulator()` loads or creates the state
 * and listens; the `crm-schema emulator` command and tests both use it.
 */
import { resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { CrmSchemaError } from '../core/errors.js';
import { generateToken, installAuth, parseTokenSpec, type TokenGrant } from './auth.js';
import type { EmulatorContext } from './context.js';
import { installFaults } from './faults.js';
import { errorServerOptions, installErrorHandling } from './http-errors.js';
import { installLatency } from './latency.js';
import {
  DEFAULT_ACCOUNT_ID,
  DEFAULT_BODY_LIMIT,
  DEFAULT_HOST,
  DEFAULT_RATE_WINDOW_MS,
  DEFAULT_SEED,
  FAULT_KINDS,
  validateOptions,
  type EmulatorOptions,
} from './options.js';
import {
  initStateFile,
  installPersistence,
  loadStateFiles,
  StateWriter,
  type StoredState,
} from './persistence.js';
import { installRateLimits } from './rate-limit.js';
import { installRequestLog } from './request-log.js';
import { registerAccountRoutes } from './routes/account.js';
import { enforcesWriteRules, FAMILIES } from './routes/families.js';
import { registerEventsRoutes } from './routes/events.js';
import { registerGroupsRoutes } from './routes/groups.js';
import { registerLabelsRoutes } from './routes/labels.js';
import { registerLimitsRoutes } from './routes/limits.js';
import { registerPropertiesRoutes } from './routes/properties.js';
import { registerRecordsRoutes } from './routes/records.js';
import { registerSearchRoutes } from './routes/search.js';
import { decodeRecordsInBackground } from './storage/lazy-record.js';
import { createInitialState } from './seed/initial.js';
import type { EmulatorState } from './state/model.js';

export interface RunningEmulator {
  /** e.g. http://127.0.0.1:43121 */
  url: string;
  port: number;
  /** the accepted tokens (the generated one when none was given) */
  tokens: string[];
  /** each token with the scopes it holds (`null`: every scope), in the order given */
  grants: readonly TokenGrant[];
  state: EmulatorState;
  close(): Promise<void>;
  /** true when no token was given and the one in `tokens` was generated */
  tokenGenerated: boolean;
  /** the absolute path of the data file, when there is one */
  dataFile?: string;
  /** true when the state was loaded from an existing data file */
  loadedFromDataFile: boolean;
  /** true when the seed file was applied (only to a fresh state: never to one loaded from the data file) */
  seedFileApplied: boolean;
  /** completed writes of the data file and its journal (0 without one) */
  dataFileWrites(): number;
  /** writes the state to the data file now (after changing `state` directly); a no-op without one */
  save(): Promise<void>;
}

/** The fastify app with every hook and route; not listening yet. */
export function buildServer(
  options: EmulatorOptions,
  state: EmulatorState,
  grants: TokenGrant[],
  writer?: StateWriter,
): { app: FastifyInstance; ctx: EmulatorContext } {
  const bodyLimit = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT;
  const app = Fastify({ logger: false, bodyLimit, forceCloseConnections: 'idle', ...errorServerOptions() });
  const clock = options.clock ?? Date.now;
  const ctx: EmulatorContext = {
    state,
    now: () => new Date(clock()).toISOString(),
    markDirty: writer
      ? (...changes) => {
          writer.markDirty(...changes);
        }
      : () => undefined,
  };

  installErrorHandling(app, { bodyLimit, ...(options.log ? { log: options.log } : {}) });
  // onRequest: auth, then limits, then faults (so a fault never hides a 401 and the seeded sequence
  // only counts requests that would have been served)
  installAuth(app, grants);
  installRateLimits(app, {
    windowMs: options.rateLimitWindowMs ?? DEFAULT_RATE_WINDOW_MS,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.rateLimit !== undefined ? { rateLimit: options.rateLimit } : {}),
    ...(options.dailyLimit !== undefined ? { dailyLimit: options.dailyLimit } : {}),
  });
  // onSend: persist, then (a drop-after fault) drop the connection, then latency
  if (writer) installPersistence(app, writer, options.log);
  installFaults(app, {
    rate: options.faultRate ?? 0,
    seed: options.seed ?? DEFAULT_SEED,
    kinds: options.faultKinds ?? FAULT_KINDS,
    ...(options.faultWeights !== undefined ? { weights: options.faultWeights } : {}),
    ...(options.faultRetryAfterSeconds !== undefined
      ? { retryAfterSeconds: options.faultRetryAfterSeconds }
      : {}),
  });
  installLatency(app, options.latencyMs);
  if (options.requestLog) installRequestLog(app, options.requestLog);

  // every family on the same state: the legacy paths and each date version's
  for (const family of FAMILIES) {
    registerPropertiesRoutes(app, ctx, family);
    registerGroupsRoutes(app, ctx, family);
    // the same state and hooks; record writes checked against the rules where the version enforces them
    const records = enforcesWriteRules(family)
      ? { ...ctx, requiredPropertyRules: options.requiredPropertyRules ?? [] }
      : ctx;
    registerRecordsRoutes(app, records, family);
    registerLabelsRoutes(app, ctx, family);
    registerLimitsRoutes(app, ctx, family);
    registerEventsRoutes(app, ctx, family);
    registerAccountRoutes(app, ctx, family);
  }
  registerSearchRoutes(app, ctx, FAMILIES);
  options.extend?.(app, ctx);
  return { app, ctx };
}

/** How long after a request the server still counts as busy, in ms: the gap between a client's calls. */
const QUIET_MS = 20;

/**
 * Whether the server is answering requests: one in flight, or one answered less than QUIET_MS ago (a
 * client calling one request after another leaves gaps shorter than that). Background work waits for it.
 */
function trackActivity(app: FastifyInstance): { busy: () => boolean } {
  const inFlight = new Set<unknown>();
  let last = Number.NEGATIVE_INFINITY;
  const end = (request: unknown) => {
    inFlight.delete(request);
    last = performance.now();
  };
  app.addHook('onRequest', (request, reply, done) => {
    inFlight.add(request);
    last = performance.now();
    // 'close' comes once the answer is sent or the connection is gone (a dropped one included)
    reply.raw.once('close', () => {
      end(request);
    });
    done();
  });
  return { busy: () => inFlight.size > 0 || performance.now() - last < QUIET_MS };
}

/** What a failed listen means for the user. */
const LISTEN_ERRORS: Record<string, (host: string, port: number) => [message: string, hint: string]> = {
  EADDRINUSE: (host, port) => [
    `Port ${port} on ${host} is already in use.`,
    'Stop the program using it, choose another --port, or use --port 0 for a free port.',
  ],
  EACCES: (host, port) => [
    `Not allowed to listen on port ${port} on ${host}.`,
    'Use a port above 1023, or --port 0 for a free port.',
  ],
  EADDRNOTAVAIL: (host) => [
    `Cannot listen on ${host}: not an address of this machine.`,
    'Use --host 127.0.0.1.',
  ],
  ENOTFOUND: (host) => [`Cannot listen on ${host}: unknown host.`, 'Use --host 127.0.0.1.'],
};

async function listen(app: FastifyInstance, host: string, port: number): Promise<number> {
  try {
    await app.listen({ port, host });
  } catch (error) {
    await app.close().catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code ?? '';
    const describe = LISTEN_ERRORS[code];
    if (!describe) throw error;
    const [message, hint] = describe(host, port);
    throw new CrmSchemaError('EMULATOR_LISTEN_FAILED', message, { hint, meta: { host, port, code } });
  }
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : port;
}

/** The URL clients use: a wildcard host is reached through loopback. */
function urlFor(host: string, port: number): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

async function loadOrCreateState(
  options: EmulatorOptions,
  dataFile: string | undefined,
): Promise<{ state: EmulatorState; stored?: StoredState; seeded: boolean }> {
  const stored = dataFile ? await loadStateFiles(dataFile) : undefined;
  if (stored) {
    const loaded = stored.state;
    if (options.accountId !== undefined && options.accountId !== loaded.accountId) {
      throw new CrmSchemaError(
        'EMULATOR_ACCOUNT_MISMATCH',
        `The data file ${dataFile} holds account ${loaded.accountId}, not ${options.accountId}.`,
        { hint: 'Leave out --account-id to use the data file as it is, or pass another --data file.' },
      );
    }
    return { state: loaded, stored, seeded: false };
  }
  const now = new Date().toISOString();
  const state = createInitialState(options.accountId ?? DEFAULT_ACCOUNT_ID, now);
  if (options.seedFile) {
    // loaded only here: the YAML reader is not needed to start without a seed file
    const { applySeedFile } = await import('./seed/seed-file.js');
    await applySeedFile(state, options.seedFile, now);
  }
  return { state, seeded: options.seedFile !== undefined };
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  validateOptions(options);
  const dataFile = options.dataFile ? resolve(options.dataFile) : undefined;
  const { state, stored, seeded } = await loadOrCreateState(options, dataFile);
  const loaded = stored !== undefined;
  const writer = dataFile
    ? new StateWriter(dataFile, () => state, {
        ...(stored ? { stored } : {}),
        ...(options.journalLimitBytes !== undefined ? { journalLimitBytes: options.journalLimitBytes } : {}),
      })
    : undefined;
  // a new file is written at once (a bad path fails now); an earlier version's file is rewritten as a snapshot
  if (writer && stored?.layout !== 'lines') await initStateFile(writer);

  const given = options.tokens ?? [];
  const tokenGenerated = given.length === 0;
  const specs = tokenGenerated ? [generateToken()] : given;
  const grants = specs.map((spec, i) => ({ ...parseTokenSpec(spec), userId: String(i + 1) }));
  const { app } = buildServer(options, state, grants, writer);
  const activity = trackActivity(app);
  const host = options.host ?? DEFAULT_HOST;
  const port = await listen(app, host, options.port ?? 0);

  let closing: Promise<void> | undefined;
  // records read from the data file: their values are decoded now, while the server already answers
  if (stored?.layout === 'lines')
    void decodeRecordsInBackground(state, { stopped: () => closing !== undefined, busy: activity.busy });
  const close = async () => {
    await app.close();
    try {
      // the state may also have been changed directly through `state`; the snapshot also ends the journal
      await writer?.save();
    } finally {
      await writer?.close();
    }
  };
  return {
    url: urlFor(host, port),
    port,
    tokens: grants.map((g) => g.token),
    grants,
    state,
    close: () => (closing ??= close()),
    tokenGenerated,
    ...(dataFile ? { dataFile } : {}),
    loadedFromDataFile: loaded,
    seedFileApplied: seeded,
    dataFileWrites() {
      return writer?.writes ?? 0;
    },
    save: async () => {
      await writer?.save();
    },
  };
}

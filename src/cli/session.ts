/**
 * A connection to the target for one command: the API client (and, with `--local`, the emulator it
 * talks to), with `--verbose` call lines and call counts. `close()` closes both; the local emulator
 * saves its state then. Before a remote session opens, a token about to go over plain http:// to
 * another machine is warned about (once: one session per command). The session's first call reads the
 * account's details and checks the account the target pins (account-check.ts): a session on the wrong
 * account never opens, and no other call is made.
 */
import { createClient, type CrmClient } from '../api/index.js';
import { keepSecret } from '../core/secrets.js';
import { forTerminal } from '../core/output-gate.js';
import { neutralize } from '../core/control-chars.js';
import type { ClientOptions } from '../api/options.js';
import type { TargetAccount } from '../engine/model/plan-target.js';
import { checkAccount } from './account-check.js';
import { CallLog } from './call-log.js';
import { callTimeoutMs } from './call-timeout.js';
import { startLocalEmulator } from './local-emulator.js';
import { plainHttpWarning, readToken, type Target } from './target.js';
import { defined } from '../core/defined.js';

export interface Session {
  client: CrmClient;
  target: Target;
  /** the URL the client talks to (the local emulator's, with --local) */
  url: string;
  /** the account the token reaches, as its details said; undefined when they could not be read */
  account: TargetAccount | undefined;
  calls: CallLog;
  close(): Promise<void>;
}

export interface SessionOptions {
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** receives `--verbose` lines; undefined when not verbose */
  verbose?: ((line: string) => void) | undefined;
  /** receives warnings (the local emulator's, a token over plain http); default: stderr */
  warn?: (line: string) => void;
  /** the raw `--timeout` value (seconds), if given; else CRM_TIMEOUT of `env`, else the client's default */
  timeout?: string | undefined;
  /** more client options (tests, benchmarks) */
  client?: Partial<Omit<ClientOptions, 'baseUrl' | 'token' | 'onResponse'>>;
}

/** The local emulator has no rate limit: the client need not hold back either. */
const LOCAL_RATE_LIMIT = { requests: 100_000, intervalMs: 10_000, adaptive: false };

export async function openSession(target: Target, options: SessionOptions): Promise<Session> {
  const calls = new CallLog(options.verbose);
  const timeoutMs = callTimeoutMs(options.timeout, options.env);
  const timeout = defined({ timeoutMs });
  if (target.kind === 'remote') {
    const token = readToken(target, options.env);
    keepSecret(token);
    const warning = plainHttpWarning(target);
    if (warning !== undefined) (options.warn ?? toStderr)(warning);
    const client = createClient({
      ...options.client,
      ...timeout,
      baseUrl: target.baseUrl,
      apiVersion: target.apiVersion,
      token,
      onResponse: calls.onResponse,
    });
    try {
      const account = await checkAccount(client, target, options.warn ?? toStderr);
      return { client, target, url: client.baseUrl, account, calls, close: () => client.close() };
    } catch (error) {
      await client.close();
      throw error;
    }
  }
  const emulator = await startLocalEmulator(options.cwd, options.warn);
  try {
    const client = createClient({
      rateLimit: LOCAL_RATE_LIMIT,
      ...options.client,
      ...timeout,
      baseUrl: emulator.url,
      apiVersion: target.apiVersion,
      token: emulator.token,
      onResponse: calls.onResponse,
    });
    const close = async () => {
      try {
        await client.close();
      } finally {
        await emulator.close();
      }
    };
    try {
      const account = await checkAccount(client, target, options.warn ?? toStderr);
      return { client, target, url: emulator.url, account, calls, close };
    } catch (error) {
      // the emulator is closed below
      await client.close();
      throw error;
    }
  } catch (error) {
    await emulator.close();
    throw error;
  }
}

/** Runs `fn` with an open session and always closes it (the local emulator's state is saved). */
export async function withSession<T>(
  target: Target,
  options: SessionOptions,
  fn: (session: Session) => Promise<T>,
): Promise<T> {
  const session = await openSession(target, options);
  try {
    return await fn(session);
  } finally {
    await session.close();
  }
}

function toStderr(line: string): void {
  process.stderr.write(`${forTerminal(neutralize(line))}\n`);
}

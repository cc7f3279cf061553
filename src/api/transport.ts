/**
 * One HTTP attempt over an undici Pool: keep-alive connections (bounded), one deadline for the whole
 * attempt, the auth and user-agent headers, JSON bodies, a size cap on the answer. It never throws for a
 * network failure: it says whether the request may have reached the server (`sent`), which is what
 * decides if a create can be retried (see retry.ts).
 *
 * The deadline (`timeoutMs`) is one timer around connect, headers AND body: undici's own timers only
 * run between chunks, so a server dripping one byte a second would never trip them. When it runs out
 * the attempt is aborted and fails with `CALL_TIMEOUT`, counted as sent (the request may have been
 * written: a create is then never resent).
 *
 * The token lives only in a private field; it is not reachable from `util.inspect`, errors or logs.
 */
import { Pool } from 'undici';
import { isMaskable } from '../core/secrets.js';
import { readCapped } from './read-body.js';
import { formatSeconds } from './timers.js';
import { USER_AGENT } from './version.js';

/** The failure code of an attempt that ran out of time (the client's own deadline). */
export const CALL_TIMEOUT = 'CALL_TIMEOUT';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ResponseHeaders = Record<string, string | string[] | undefined>;

export type WireResult =
  | {
      ok: true;
      status: number;
      headers: ResponseHeaders;
      /** undefined when the body was larger than `maxResponseBytes` (and was not read) */
      text: string | undefined;
    }
  | {
      ok: false;
      /** false only when the request certainly never left this machine (no connection was made) */
      sent: boolean;
      /** retrying cannot help (TLS certificate errors, the client was closed) */
      permanent: boolean;
      code: string;
      detail: string;
      /** present when the headers arrived but the body did not */
      status?: number;
    };

export interface TransportOptions {
  baseUrl: string;
  token: string;
  connections: number;
  /** the whole attempt: connect, headers and body */
  timeoutMs: number;
  connectTimeoutMs: number;
  responseTimeoutMs: number;
  keepAliveMs: number;
  maxResponseBytes: number;
}

/** Failures that happen before any byte of the request is written: safe to retry for every method. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EADDRNOTAVAIL',
]);

/** Failures no retry can fix. */
const PERMANENT = new Set([
  'UND_ERR_CLOSED',
  'UND_ERR_DESTROYED',
  'UND_ERR_INVALID_ARG',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

export class Transport {
  readonly #pool: Pool;
  readonly #prefix: string;
  /** the token, when it is long enough to mask (isMaskable) */
  readonly #masked: string | undefined;
  readonly #headers: Record<string, string>;
  readonly #timeoutMs: number;
  readonly #maxResponseBytes: number;

  constructor(options: TransportOptions) {
    const url = new URL(options.baseUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new TypeError(`baseUrl must be an http(s) URL, got ${url.protocol}`);
    }
    this.#prefix = url.pathname.replace(/\/+$/, '');
    this.#masked = isMaskable(options.token) ? options.token : undefined;
    this.#headers = {
      authorization: `Bearer ${options.token}`,
      'user-agent': USER_AGENT,
      accept: 'application/json',
    };
    this.#timeoutMs = options.timeoutMs;
    this.#maxResponseBytes = options.maxResponseBytes;
    // undici's timers stay as a backstop that the deadline normally beats
    const between = Math.min(options.responseTimeoutMs, options.timeoutMs + 1_000);
    this.#pool = new Pool(url.origin, {
      connections: options.connections,
      pipelining: 1,
      keepAliveTimeout: options.keepAliveMs,
      headersTimeout: between,
      bodyTimeout: between,
      connect: { timeout: options.connectTimeoutMs },
    });
  }

  async send(method: HttpMethod, path: string, body: string | undefined): Promise<WireResult> {
    const headers =
      body === undefined ? this.#headers : { ...this.#headers, 'content-type': 'application/json' };
    let status: number | undefined;
    const deadline = new AbortController();
    const timer = setTimeout(() => {
      deadline.abort();
    }, this.#timeoutMs);
    try {
      const response = await this.#pool.request({
        method,
        path: this.#prefix + path,
        headers,
        body,
        signal: deadline.signal,
      });
      status = response.statusCode;
      const text = await readCapped(
        response.body,
        this.#maxResponseBytes,
        response.headers['content-length'],
      );
      return { ok: true, status, headers: response.headers, text };
    } catch (error) {
      if (deadline.signal.aborted) {
        return {
          ok: false,
          sent: true,
          permanent: false,
          code: CALL_TIMEOUT,
          detail: `no complete answer within ${formatSeconds(this.#timeoutMs)}`,
          ...(status !== undefined ? { status } : {}),
        };
      }
      const code = errorCode(error);
      return {
        ok: false,
        sent: status !== undefined || !NOT_SENT.has(code),
        permanent: PERMANENT.has(code),
        code,
        detail: this.redact(errorDetail(error)),
        ...(status !== undefined ? { status } : {}),
      };
    } finally {
      clearTimeout(timer);
    }
  }

  /** the deadline of one attempt, in ms */
  get timeoutMs(): number {
    return this.#timeoutMs;
  }

  /** the largest body read, in bytes */
  get maxResponseBytes(): number {
    return this.#maxResponseBytes;
  }

  /**
   * Removes the token from text that came from elsewhere (a server echoing headers, a proxy page); a
   * token too short to be masked (the same rule as the CLI's output) is left, or every answer holding
   * its letters would be mangled.
   */
  redact(text: string): string {
    const token = this.#masked;
    return token !== undefined && text.includes(token) ? text.replaceAll(token, '***') : text;
  }

  /** Closes the pool once; closing again does nothing. */
  async close(): Promise<void> {
    if (this.#pool.closed || this.#pool.destroyed) return;
    await this.#pool.close();
  }
}

function errorCode(error: unknown): string {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'UND_ERR') return code;
  }
  return 'UNKNOWN';
}

function errorDetail(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

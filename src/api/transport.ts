/**
 * One HTTP attempt over an undici Pool: keep-alive connections (bounded), connect and response
 * timeouts, the auth and user-agent headers, JSON bodies. It never throws for a network failure: it
 * says whether the request may have reached the server (`sent`), which is what decides if a create
 * can be retried (see retry.ts).
 *
 * The token lives only in a private field; it is not reachable from `util.inspect`, errors or logs.
 */
import { Pool } from 'undici';
import { USER_AGENT } from './version.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ResponseHeaders = Record<string, string | string[] | undefined>;

export type WireResult =
  | { ok: true; status: number; headers: ResponseHeaders; text: string }
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
  connectTimeoutMs: number;
  responseTimeoutMs: number;
  keepAliveMs: number;
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
  readonly #token: string;
  readonly #headers: Record<string, string>;

  constructor(options: TransportOptions) {
    const url = new URL(options.baseUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new TypeError(`baseUrl must be an http(s) URL, got ${url.protocol}`);
    }
    this.#prefix = url.pathname.replace(/\/+$/, '');
    this.#token = options.token;
    this.#headers = {
      authorization: `Bearer ${options.token}`,
      'user-agent': USER_AGENT,
      accept: 'application/json',
    };
    this.#pool = new Pool(url.origin, {
      connections: options.connections,
      pipelining: 1,
      keepAliveTimeout: options.keepAliveMs,
      headersTimeout: options.responseTimeoutMs,
      bodyTimeout: options.responseTimeoutMs,
      connect: { timeout: options.connectTimeoutMs },
    });
  }

  async send(method: HttpMethod, path: string, body: string | undefined): Promise<WireResult> {
    const headers =
      body === undefined ? this.#headers : { ...this.#headers, 'content-type': 'application/json' };
    let status: number | undefined;
    try {
      const response = await this.#pool.request({ method, path: this.#prefix + path, headers, body });
      status = response.statusCode;
      const text = await response.body.text();
      return { ok: true, status, headers: response.headers, text };
    } catch (error) {
      const code = errorCode(error);
      return {
        ok: false,
        sent: status !== undefined || !NOT_SENT.has(code),
        permanent: PERMANENT.has(code),
        code,
        detail: this.redact(errorDetail(error)),
        ...(status !== undefined ? { status } : {}),
      };
    }
  }

  /** Removes the token from text that came from elsewhere (a server echoing headers, a proxy page). */
  redact(text: string): string {
    return this.#token && text.includes(this.#token) ? text.replaceAll(this.#token, '***') : text;
  }

  async close(): Promise<void> {
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

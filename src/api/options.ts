/** Client options and their defaults. Every number here is a default a caller may override. */
import type { ApiVersion } from '../wire/api-version.js';
import type { RequestLogEvent, ResponseLogEvent } from './log.js';
import type { Clock } from './timers.js';

export interface RateLimitOptions {
  /** requests allowed per interval; default 100 (the platform's lowest tier) */
  requests?: number;
  /** the rolling interval in ms; default 10,000 */
  intervalMs?: number;
  /**
   * follow the server's `X-HubSpot-RateLimit-Max` / `-Interval-Milliseconds` / `-Remaining` headers
   * when it sends them (default true); false keeps `requests`/`intervalMs` fixed
   */
  adaptive?: boolean;
}

export interface RetryOptions {
  /** attempts per call, the first included; default 6 */
  maxAttempts?: number;
  /** no retry starts later than this many ms after the call began; default 120,000 */
  maxElapsedMs?: number;
  /** first backoff ceiling in ms (doubled per attempt, full jitter); default 250 */
  baseDelayMs?: number;
  /** largest backoff ceiling in ms; default 10,000 */
  maxDelayMs?: number;
}

export interface ClientOptions {
  /** e.g. `https://api.example.com` or `http://127.0.0.1:4010`; a path prefix is kept */
  baseUrl: string;
  /** bearer token; kept private, never logged or put into an error */
  token: string;
  /** the API version whose paths every call uses: `legacy` (default) or a date version such as `2026-03` */
  apiVersion?: ApiVersion;
  /** requests in flight at once (also the connection pool size); default 10 */
  maxInFlight?: number;
  /**
   * the whole of one attempt in ms, from sending through the last byte of the answer (connect, headers
   * and body): a server that drips its answer still fails when this runs out; default 30,000
   */
  timeoutMs?: number;
  /** TCP/TLS connect timeout in ms; default 10,000 */
  connectTimeoutMs?: number;
  /** time to wait for response headers, and between body chunks, in ms; default 30,000 (never more than `timeoutMs`) */
  responseTimeoutMs?: number;
  /** the largest answer body read, in bytes; a larger one fails the call (BAD_RESPONSE); default 64 MiB */
  maxResponseBytes?: number;
  /** idle keep-alive sockets are closed after this many ms; default 4,000 */
  keepAliveMs?: number;
  rateLimit?: RateLimitOptions;
  /** search's own limit, requests per second; default 5 */
  searchPerSecond?: number;
  retry?: RetryOptions;
  /** called before every attempt is sent */
  onRequest?: (event: RequestLogEvent) => void;
  /** called after every attempt, with its status or error code */
  onResponse?: (event: ResponseLogEvent) => void;
  /**
   * the time the client reads and waits on (rate-limit windows, backoffs, `Retry-After`, the retry
   * budget); default the system's. A test gives a virtual clock that skips ahead instead of waiting.
   */
  clock?: Clock;
}

export interface ResolvedRetryOptions {
  maxAttempts: number;
  maxElapsedMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULTS = {
  maxInFlight: 10,
  timeoutMs: 30_000,
  connectTimeoutMs: 10_000,
  responseTimeoutMs: 30_000,
  keepAliveMs: 4_000,
  maxResponseBytes: 64 * 1024 * 1024,
  rateLimit: { requests: 100, intervalMs: 10_000, adaptive: true },
  searchPerSecond: 5,
  retry: { maxAttempts: 6, maxElapsedMs: 120_000, baseDelayMs: 250, maxDelayMs: 10_000 },
} as const;

export function resolveRetryOptions(options: RetryOptions = {}): ResolvedRetryOptions {
  return { ...DEFAULTS.retry, ...stripUndefined(options) };
}

export function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

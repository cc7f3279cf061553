/**
 * When to try a failed attempt again: a pure decision from what happened, the method's retry class and
 * the attempt number. The request loop (request.ts) applies it.
 *
 * Retry classes (each resource method declares one, with its reason):
 * - `safe`: reads, searches, `batch/read`, and idempotent writes (PATCH/PUT/DELETE, archive, purge,
 *   batch update/upsert/archive): sending them twice leaves the same end state, so any transient
 *   failure is retried.
 * - `unsafe`: creates. A repeat may create a second copy (records) or answer 409 for what the first
 *   try created (properties, labels). Retried only when the request certainly did not apply:
 *   - no connection was made (ECONNREFUSED, connect timeout): nothing was sent;
 *   - 429, 423, 477, 502, 503, 504: throttles and gateways answer before the write is done;
 *   - not retried, surfaced as OUTCOME_UNKNOWN: a connection that broke after sending, a response
 *     timeout, and 500 (or another 5xx): the service itself failed somewhere while handling the
 *     write, possibly after it was stored, so only a read-back can tell.
 *
 * A call whose attempt ran out of time (the client's deadline: `CALL_TIMEOUT`) is tried once more at
 * most, when its class allows a retry at all: each such attempt costs the whole timeout.
 */
import { rateLimitHeaders } from './rate-limit.js';
import { CALL_TIMEOUT, type ResponseHeaders } from './transport.js';

export type RetryClass = 'safe' | 'unsafe';

export type AttemptOutcome =
  | { kind: 'answer'; status: number; headers: ResponseHeaders; body: unknown }
  | { kind: 'failure'; sent: boolean; permanent: boolean; code: string; detail: string; status?: number };

export type Decision =
  /** `blockAllMs`: the whole client waits (a rate-limit window), not only this call */
  | { action: 'retry'; delayMs: number; blockAllMs?: number }
  | { action: 'fail' }
  | { action: 'unknown'; reason: string };

/** Attempts of one call that may run out of time before it fails. */
export const MAX_TIMED_OUT_ATTEMPTS = 2;

/** Statuses where the write certainly was not applied: throttles, locks and gateways. */
const TRANSIENT_NOT_APPLIED = new Set([423, 429, 477, 502, 503, 504]);

export interface BackoffPolicy {
  baseDelayMs: number;
  maxDelayMs: number;
  /** the rate-limit window, waited for after a secondly 429 without Retry-After or headers */
  windowMs: number;
  random?: () => number;
}

export function decideRetry(
  outcome: AttemptOutcome,
  retry: RetryClass,
  attempt: number,
  policy: BackoffPolicy,
): Decision {
  if (outcome.kind === 'failure') {
    if (outcome.permanent) return { action: 'fail' };
    if (!outcome.sent || retry === 'safe') {
      if (outcome.code === CALL_TIMEOUT && attempt >= MAX_TIMED_OUT_ATTEMPTS) return { action: 'fail' };
      return { action: 'retry', delayMs: backoff(attempt, policy) };
    }
    const what = outcome.status !== undefined ? `status ${outcome.status}, then ` : '';
    return { action: 'unknown', reason: `${what}${outcome.code}: ${outcome.detail}` };
  }
  const { status, headers, body } = outcome;
  if (status === 429) return decide429(headers, body, attempt, policy);
  if (status < 500 && !TRANSIENT_NOT_APPLIED.has(status)) return { action: 'fail' };
  const retryAfter = retryAfterMs(headers);
  const delayMs = retryAfter ?? backoff(attempt, policy);
  if (TRANSIENT_NOT_APPLIED.has(status) || retry === 'safe') return { action: 'retry', delayMs };
  return { action: 'unknown', reason: `${status} answered to a write` };
}

function decide429(
  headers: ResponseHeaders,
  body: unknown,
  attempt: number,
  policy: BackoffPolicy,
): Decision {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  // the daily budget does not come back within any retry budget: fail at once
  if (b.policyName === 'DAILY') return { action: 'fail' };
  // TEN_SECONDLY_ROLLING, SECONDLY, "You have reached your secondly limit." and unknown policies: wait
  const retryAfter = retryAfterMs(headers);
  if (retryAfter !== undefined) return { action: 'retry', delayMs: retryAfter, blockAllMs: retryAfter };
  if (rateLimitHeaders(headers).remaining !== undefined) {
    // the bucket has booked the server's count (rate-limit.ts) and will hold the next send until a slot frees
    return { action: 'retry', delayMs: backoff(attempt, { ...policy, maxDelayMs: 1000 }) };
  }
  return { action: 'retry', delayMs: policy.windowMs, blockAllMs: policy.windowMs };
}

/** Exponential backoff with full jitter: uniform in [0, min(max, base * 2^(attempt-1))]. */
export function backoff(
  attempt: number,
  policy: Pick<BackoffPolicy, 'baseDelayMs' | 'maxDelayMs' | 'random'>,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor((policy.random ?? Math.random)() * ceiling);
}

/** `Retry-After` in ms: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(headers: ResponseHeaders, now = Date.now()): number | undefined {
  const raw = headers['retry-after'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.round(seconds * 1000));
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The request loop every endpoint method goes through: concurrency slot, rate-limit bucket(s), one
 * attempt over the transport, the log hook, then the retry decision (retry.ts) until success, a typed
 * error, or an outcome-unknown error for a create that may have been applied.
 */
import type { Semaphore } from './concurrency.js';
import { errorFromResponse } from './error-mapping.js';
import { NetworkError, OutcomeUnknownError, type ApiErrorCode, type CrmApiError } from './errors.js';
import { loggablePath, type RequestLogEvent, type ResponseLogEvent } from './log.js';
import { rateLimitHeaders, type RollingWindowLimiter } from './rate-limit.js';
import { decide, type AttemptOutcome, type RetryClass } from './retry.js';
import type { ResolvedRetryOptions } from './options.js';
import type { HttpMethod, Transport } from './transport.js';

export interface RequestSpec {
  method: HttpMethod;
  /** path and query, from `path()` in paths.ts */
  path: string;
  /** JSON-serialised as is */
  body?: unknown;
  retry: RetryClass;
  /** also pass search's own bucket (5 per second) */
  search?: boolean;
  /**
   * for deletes: a 404 after an earlier attempt that may have applied counts as done (the thing is
   * gone, probably by our own earlier attempt). A 404 on the first attempt is still NOT_FOUND.
   */
  absentMeansDone?: boolean;
}

export interface RequesterParts {
  transport: Transport;
  slots: Semaphore;
  limiter: RollingWindowLimiter;
  searchLimiter: RollingWindowLimiter;
  retry: ResolvedRetryOptions;
  onRequest?: (event: RequestLogEvent) => void;
  onResponse?: (event: ResponseLogEvent) => void;
}

export class Requester {
  readonly #p: RequesterParts;

  constructor(parts: RequesterParts) {
    this.#p = parts;
  }

  async request<T>(spec: RequestSpec): Promise<T> {
    const { retry } = this.#p;
    const call = { method: spec.method, path: loggablePath(spec.path) };
    const payload = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    const started = Date.now();
    let uncertain = false;
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.#attempt(spec, payload, call, attempt);
      if (outcome.kind === 'answer' && outcome.status < 300) {
        this.#log(call, attempt, outcome, undefined, false);
        return outcome.body as T;
      }
      if (outcome.kind === 'answer' && outcome.status === 404 && spec.absentMeansDone && uncertain) {
        this.#log(call, attempt, outcome, undefined, false);
        return undefined as T;
      }
      const decision = decide(outcome, spec.retry, attempt, {
        baseDelayMs: retry.baseDelayMs,
        maxDelayMs: retry.maxDelayMs,
        windowMs: this.#p.limiter.intervalMs,
      });
      if (decision.action === 'unknown') {
        const error = new OutcomeUnknownError(
          { ...call, status: outcome.status },
          spec.body,
          decision.reason,
        );
        this.#log(call, attempt, outcome, error.code, false);
        throw error;
      }
      const inBudget =
        decision.action === 'retry' &&
        attempt < retry.maxAttempts &&
        Date.now() + decision.delayMs - started <= retry.maxElapsedMs;
      if (decision.action === 'fail' || !inBudget) {
        const error = this.#errorOf(call, outcome);
        this.#log(call, attempt, outcome, error.code, false);
        throw error;
      }
      this.#log(call, attempt, outcome, this.#errorOf(call, outcome).code, true);
      // for absentMeansDone: any 5xx or a broken connection may have applied the delete (a gateway's
      // 504 too); calling a later 404 "done" is harmless, the wanted end state (absent) holds either way
      if (outcome.kind === 'failure' ? outcome.sent : outcome.status >= 500) uncertain = true;
      if (decision.blockAllMs !== undefined) this.#p.limiter.blockUntil(Date.now() + decision.blockAllMs);
      if (decision.delayMs > 0) await sleep(decision.delayMs);
    }
  }

  async #attempt(
    spec: RequestSpec,
    payload: string | undefined,
    call: { method: string; path: string },
    attempt: number,
  ): Promise<AttemptOutcome & { durationMs: number }> {
    const { transport, slots, limiter, searchLimiter } = this.#p;
    // search's bucket first, so a search waiting for its own second holds no connection slot
    const searchDone = spec.search ? await searchLimiter.take() : undefined;
    await slots.acquire();
    let limiterDone: (() => void) | undefined;
    try {
      // booked right before sending, released when the answer is in (see rate-limit.ts)
      limiterDone = await limiter.take();
      safely(() => this.#p.onRequest?.({ ...call, attempt }));
      const sentAt = Date.now();
      const wire = await transport.send(spec.method, spec.path, payload);
      const durationMs = Date.now() - sentAt;
      if (!wire.ok) {
        const { ok: _ok, ...failure } = wire;
        return { kind: 'failure', ...failure, durationMs };
      }
      const limits = rateLimitHeaders(wire.headers);
      if (limits.max !== undefined || limits.remaining !== undefined) limiter.observe(limits, sentAt);
      const text = wire.status >= 300 ? transport.redact(wire.text) : wire.text;
      return {
        kind: 'answer',
        status: wire.status,
        headers: wire.headers,
        body: parseJson(text),
        durationMs,
      };
    } finally {
      limiterDone?.();
      searchDone?.();
      slots.release();
    }
  }

  #errorOf(call: { method: string; path: string }, outcome: AttemptOutcome): CrmApiError {
    if (outcome.kind === 'answer') return errorFromResponse(call, outcome.status, outcome.body);
    // a sanitised cause: the socket error's code and message only, never the request it belonged to
    const cause = Object.assign(new Error(outcome.detail), { code: outcome.code });
    return new NetworkError({ ...call, status: outcome.status, cause }, outcome.code, outcome.detail);
  }

  #log(
    call: { method: string; path: string },
    attempt: number,
    outcome: AttemptOutcome & { durationMs?: number },
    errorCode: ApiErrorCode | undefined,
    willRetry: boolean,
  ): void {
    const status = outcome.status;
    safely(() =>
      this.#p.onResponse?.({
        ...call,
        attempt,
        ...(status !== undefined ? { status } : {}),
        durationMs: outcome.durationMs ?? 0,
        ...(errorCode !== undefined ? { errorCode } : {}),
        willRetry,
      }),
    );
  }
}

/** A log hook must never break a request (a failed log line must not turn a write into an unknown outcome). */
function safely(fn: () => void): void {
  try {
    fn();
  } catch {
    // ignored on purpose
  }
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { message: text.slice(0, 200) };
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

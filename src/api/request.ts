/**
 * The request loop every endpoint method goes through: concurrency slot, rate-limit bucket(s), one
 * attempt over the transport, the log hook, then the retry decision (retry.ts) until success, a typed
 * error, or an outcome-unknown error for a create that may have been applied.
 *
 * Every answer is made safe here before anyone sees it, whatever its status: the token is removed from
 * every string (answer-scrub.ts), and a 2xx answer must be JSON within the size cap and fit the shape
 * the call relies on (answer-shapes.ts). A 2xx answer that does not is BAD_RESPONSE, never retried; for
 * an `unsafe` call (a create) it is OUTCOME_UNKNOWN instead, since the write may have been applied.
 */
import { ENVELOPE, type Shape } from './answer-shapes.js';
import { scrubAnswer } from './answer-scrub.js';
import { printable } from './answer-text.js';
import type { Semaphore } from './concurrency.js';
import { errorFromResponse } from './error-mapping.js';
import {
  BadResponseError,
  NetworkError,
  OutcomeUnknownError,
  TIMEOUT_HINT,
  type ApiErrorCode,
  type CrmApiError,
} from './errors.js';
import { loggablePath, type RequestLogEvent, type ResponseLogEvent } from './log.js';
import { rateLimitHeaders, type RollingWindowLimiter } from './rate-limit.js';
import { decideRetry, type AttemptOutcome, type RetryClass } from './retry.js';
import type { ResolvedRetryOptions } from './options.js';
import { formatSeconds, sleep, type Clock } from './timers.js';
import { CALL_TIMEOUT, type HttpMethod, type Transport } from './transport.js';

export interface RequestSpec<T = unknown> {
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
  /** the shape a 2xx answer must have (answer-shapes.ts); without it any JSON answer is returned */
  expect?: Shape<T>;
}

export interface RequesterParts {
  transport: Transport;
  slots: Semaphore;
  limiter: RollingWindowLimiter;
  searchLimiter: RollingWindowLimiter;
  retry: ResolvedRetryOptions;
  /** the time read for the retry budget and waited on between attempts */
  clock: Clock;
  onRequest?: (event: RequestLogEvent) => void;
  onResponse?: (event: ResponseLogEvent) => void;
}

type Call = { method: string; path: string };

/** a 2xx answer the client cannot use, and why */
type Unusable = { kind: 'unusable'; status: number; problem: string };

type Attempted = (AttemptOutcome | Unusable) & { durationMs: number };

const MIB = 1024 * 1024;

export class Requester {
  readonly #p: RequesterParts;

  constructor(parts: RequesterParts) {
    this.#p = parts;
  }

  async request<T>(spec: RequestSpec<T>): Promise<T> {
    const { retry, clock } = this.#p;
    const call = { method: spec.method, path: loggablePath(spec.path) };
    const payload = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    const started = clock.now();
    let uncertain = false;
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.#attempt(spec, payload, call, attempt);
      if (outcome.kind === 'unusable') throw this.#unusable(spec, call, attempt, outcome);
      if (outcome.kind === 'answer' && outcome.status < 300) {
        const problem = ENVELOPE.check(outcome.body) ?? spec.expect?.check(outcome.body);
        if (problem !== undefined) {
          throw this.#unusable(spec, call, attempt, { ...outcome, kind: 'unusable', problem });
        }
        this.#log(call, attempt, outcome, undefined, false);
        return outcome.body as T;
      }
      if (outcome.kind === 'answer' && outcome.status === 404 && spec.absentMeansDone && uncertain) {
        this.#log(call, attempt, outcome, undefined, false);
        return undefined as T;
      }
      const decision = decideRetry(outcome, spec.retry, attempt, {
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
        clock.now() + decision.delayMs - started <= retry.maxElapsedMs;
      if (decision.action === 'fail' || !inBudget) {
        // a server asking to wait longer than the client ever waits: say so, rather than "still limited"
        const hint =
          decision.action === 'retry' && decision.delayMs > retry.maxElapsedMs
            ? `The server asked to wait ${describeWait(decision.delayMs)} before trying again, longer than the client waits for one call (${formatSeconds(retry.maxElapsedMs)}); run again later.`
            : undefined;
        const error = this.#errorOf(call, outcome, attempt, hint);
        this.#log(call, attempt, outcome, error.code, false);
        throw error;
      }
      this.#log(call, attempt, outcome, this.#errorOf(call, outcome, attempt).code, true);
      // for absentMeansDone: any 5xx or a broken connection may have applied the delete (a gateway's
      // 504 too); calling a later 404 "done" is harmless, the wanted end state (absent) holds either way
      if (outcome.kind === 'failure' ? outcome.sent : outcome.status >= 500) uncertain = true;
      if (decision.blockAllMs !== undefined) this.#p.limiter.blockUntil(clock.now() + decision.blockAllMs);
      if (decision.delayMs > 0) await sleep(decision.delayMs, clock);
    }
  }

  async #attempt(
    spec: RequestSpec,
    payload: string | undefined,
    call: Call,
    attempt: number,
  ): Promise<Attempted> {
    const { transport, slots, limiter, searchLimiter, clock } = this.#p;
    // search's bucket first, so a search waiting for its own second holds no connection slot
    const searchDone = spec.search ? await searchLimiter.take() : undefined;
    await slots.acquire();
    let limiterDone: (() => void) | undefined;
    try {
      // booked right before sending, released when the answer is in (see rate-limit.ts)
      limiterDone = await limiter.take();
      safely(() => this.#p.onRequest?.({ ...call, attempt }));
      const sentAt = clock.now();
      const wire = await transport.send(spec.method, spec.path, payload);
      const durationMs = clock.now() - sentAt;
      if (!wire.ok) {
        const { ok: _ok, ...failure } = wire;
        return { kind: 'failure', ...failure, durationMs };
      }
      const limits = rateLimitHeaders(wire.headers);
      if (limits.max !== undefined || limits.remaining !== undefined) limiter.observe(limits, sentAt);
      return { ...this.#read(wire.status, wire.headers, wire.text), durationMs };
    } finally {
      limiterDone?.();
      searchDone?.();
      slots.release();
    }
  }

  /** The answer, scrubbed of the token; a 2xx one that is too large, not JSON or too deep is unusable. */
  #read(
    status: number,
    headers: Extract<AttemptOutcome, { kind: 'answer' }>['headers'],
    text: string | undefined,
  ): AttemptOutcome | Unusable {
    const redact = (value: string) => this.#p.transport.redact(value);
    const answer = (body: unknown): AttemptOutcome => ({ kind: 'answer', status, headers, body });
    if (status >= 300) {
      // an error status speaks for itself; its body only adds detail, and an unusable one adds none
      if (text === undefined || text.trim() === '') return answer(undefined);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return answer({ message: printable(redact(text), 200) });
      }
      const scrubbed = scrubAnswer(parsed, redact);
      return answer(scrubbed.ok ? scrubbed.value : undefined);
    }
    const unusable = (problem: string): Unusable => ({ kind: 'unusable', status, problem });
    if (text === undefined) {
      return unusable(`it is larger than ${describeBytes(this.#p.transport.maxResponseBytes)}`);
    }
    if (text.trim() === '') return answer(undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return unusable(`it is not JSON (it begins: "${printable(redact(text).trimStart(), 60)}")`);
    }
    const scrubbed = scrubAnswer(parsed, redact);
    return scrubbed.ok ? answer(scrubbed.value) : unusable(scrubbed.problem);
  }

  /** BAD_RESPONSE; for a create (`unsafe`) OUTCOME_UNKNOWN, since the write may have been applied. */
  #unusable(
    spec: RequestSpec,
    call: Call,
    attempt: number,
    outcome: Unusable & { durationMs: number },
  ): CrmApiError {
    const error =
      spec.retry === 'unsafe'
        ? new OutcomeUnknownError(
            { ...call, status: outcome.status },
            spec.body,
            `BAD_RESPONSE: the ${outcome.status} answer cannot be used: ${outcome.problem}`,
          )
        : new BadResponseError({ ...call, status: outcome.status }, outcome.problem);
    this.#log(call, attempt, outcome, error.code, false);
    return error;
  }

  #errorOf(call: Call, outcome: AttemptOutcome, attempt: number, hint?: string): CrmApiError {
    if (outcome.kind === 'answer') return errorFromResponse(call, outcome.status, outcome.body, hint);
    // a sanitised cause: the socket error's code and message only, never the request it belonged to
    const cause = Object.assign(new Error(outcome.detail), { code: outcome.code });
    const fields = { ...call, status: outcome.status, cause };
    if (outcome.code === CALL_TIMEOUT) {
      const tries = attempt > 1 ? ` (tried ${attempt} times)` : '';
      const what = `timed out: ${outcome.detail}${tries}`;
      return new NetworkError({ ...fields, hint: TIMEOUT_HINT }, outcome.code, outcome.detail, what);
    }
    return new NetworkError(fields, outcome.code, outcome.detail);
  }

  #log(
    call: Call,
    attempt: number,
    outcome: { status?: number | undefined; durationMs?: number },
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

function describeBytes(bytes: number): string {
  if (bytes >= MIB) return `${Math.round((bytes / MIB) * 10) / 10} MiB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KiB`;
  return `${bytes} bytes`;
}

function describeWait(ms: number): string {
  return ms >= 86_400_000 ? 'more than a day' : formatSeconds(ms);
}

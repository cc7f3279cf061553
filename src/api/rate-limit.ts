/**
 * Client-side rate limiting, so the server rarely has to say no.
 *
 * The platform (and the emulator) count requests in a *rolling* window: at most `max` requests in
 * any `intervalMs`. A classic refilling token bucket would allow a burst of `max` plus a refill of
 * `max` within one window (2x the limit), so this bucket keeps a record per request instead (and
 * one record for what other clients used, however many requests that was).
 *
 * The server counts a request at some moment between our send and our receipt of its answer, and
 * under load that moment can be late. So a request occupies its place from `take()` until its answer
 * is in (`done()`), and then for `intervalMs` after that: when its place frees, the server has
 * certainly counted it out too, whatever the network or server delays were. Waiters are served in
 * order.
 *
 * It adapts to the server's headers: `-Max` and `-Interval-Milliseconds` replace the configured
 * numbers (when adaptive), and `-Remaining` reveals other clients spending the same budget. The
 * headers are believed only within sane bounds (`saneRateLimit`), and no wait is handed to a timer
 * beyond what a timer takes (timers.ts). Time and timers come from a `Clock`: the real one unless given.
 */

import { at, must } from '../core/must.js';
import { systemClock, timerDelay, type Clock, type ClockTimer } from './timers.js';

/** how long answers are kept after leaving the window, for observe() of a slow request */
const RETAIN_MS = 120_000;

/**
 * The largest `-Max` (and `-Remaining`) believed: no account is allowed more requests per window. An
 * answer claiming more (or any rate-limit header that is not a plain whole number) has all its rate-limit
 * headers ignored: the client keeps its own numbers.
 */
export const MAX_HEADER_REQUESTS = 10_000;
/** The longest `-Interval-Milliseconds` believed (the platform's windows are 1 s and 10 s). */
export const MAX_HEADER_INTERVAL_MS = 60_000;

export interface RateLimitHeaders {
  max?: number;
  remaining?: number;
  intervalMs?: number;
}

/** Call once the request's answer (or failure) is in. */
export type Done = () => void;

export class RollingWindowLimiter {
  #max: number;
  #intervalMs: number;
  readonly #marginMs: number;
  readonly #adaptive: boolean;
  /** requests taken whose answer is not in yet */
  #inFlight = 0;
  /**
   * when answers came in (or other clients' use was booked), ascending; entries before #head have left
   * the window. One entry may stand for many requests (a booking of others' use): #totals[i] is the
   * number of requests entries 0..i stand for together, so no memory is spent per request claimed.
   */
  #times: number[] = [];
  #totals: number[] = [];
  /** what the entries dropped from the front of the arrays stood for */
  #dropped = 0;
  #head = 0;
  #blockedUntil = 0;
  #waiters: ((done: Done) => void)[] = [];
  #timer: ClockTimer | undefined;
  readonly #clock: Clock;

  constructor(
    max: number,
    intervalMs: number,
    options: { adaptive?: boolean; marginMs?: number; clock?: Clock } = {},
  ) {
    if (!(max >= 1) || !(intervalMs > 0))
      throw new RangeError('rate limit must be at least 1 request per interval');
    this.#max = Math.floor(max);
    this.#intervalMs = intervalMs;
    this.#adaptive = options.adaptive ?? true;
    this.#marginMs = options.marginMs ?? 5;
    this.#clock = options.clock ?? systemClock;
  }

  get max(): number {
    return this.#max;
  }
  get intervalMs(): number {
    return this.#intervalMs;
  }

  /** Resolves when a request may be sent; call the returned `done` when its answer is in. */
  take(): Promise<Done> {
    if (this.#waiters.length === 0 && this.#tryTake(this.#clock.now()))
      return Promise.resolve(this.#doneOnce());
    return new Promise((resolve) => {
      this.#waiters.push(resolve);
      this.#schedule();
    });
  }

  /** No request starts before `until` (epoch ms): a 429 with Retry-After, or a window the server says is full. */
  blockUntil(until: number): void {
    if (until > this.#blockedUntil) this.#blockedUntil = until;
    this.#reschedule();
  }

  /**
   * Feeds the rate-limit headers of an answer back into the bucket. `sentAt` is when that request
   * was sent: the server counted it at some moment after, so of our own requests it can only have
   * counted those still in flight or answered after `sentAt - intervalMs`. A `-Remaining` saying more
   * were used than that means another client spends the same budget: the difference (at most a whole
   * window) is booked as used now, as one entry (conservative: it expires later than the real ones).
   * Headers out of bounds are ignored together (`saneRateLimit`).
   */
  observe(headers: RateLimitHeaders, sentAt: number): void {
    const { max, remaining, intervalMs } = saneRateLimit(headers);
    if (this.#adaptive) {
      if (max !== undefined) this.#max = max;
      if (intervalMs !== undefined) this.#intervalMs = intervalMs;
    }
    if (remaining !== undefined) {
      const serverUsed = (max ?? this.#max) - remaining;
      const oursAtMost = this.#inFlight + this.#endedAfter(sentAt - this.#intervalMs);
      // more than a whole window changes nothing: the bucket is full either way
      const others = Math.min(this.#max, serverUsed - oursAtMost);
      if (others > 0) this.#push(this.#clock.now(), others);
    }
    this.#reschedule();
  }

  /** Forgets pending timers (the client is closing); waiters are released so nothing hangs. */
  close(): void {
    if (this.#timer) this.#clock.clearTimeout(this.#timer);
    this.#timer = undefined;
    for (const resolve of this.#waiters.splice(0)) resolve(() => undefined);
  }

  #doneOnce(): Done {
    let called = false;
    return () => {
      if (called) return;
      called = true;
      this.#inFlight--;
      this.#push(this.#clock.now(), 1);
      // an in-flight request may have been what a waiter was waiting for
      if (this.#waiters.length > 0) this.#reschedule();
    };
  }

  #push(time: number, count: number): void {
    this.#times.push(time);
    this.#totals.push(this.#total() + count);
  }

  /** what every entry kept so far stands for, the dropped ones included */
  #total(): number {
    const n = this.#totals.length;
    return n === 0 ? this.#dropped : at(this.#totals, n - 1);
  }

  /** what the entries before index `i` stand for */
  #totalBefore(i: number): number {
    return i === 0 ? this.#dropped : at(this.#totals, i - 1);
  }

  #used(now: number): number {
    const horizon = now - this.#intervalMs - this.#marginMs;
    while (this.#head < this.#times.length && at(this.#times, this.#head) <= horizon) this.#head++;
    // entries behind #head are kept a while for observe(); dropped in bulk once well out of reach
    if (this.#head > 1024 && this.#head * 2 > this.#times.length) {
      const keepFrom = this.#upperBound(now - this.#intervalMs - RETAIN_MS);
      this.#dropped = this.#totalBefore(keepFrom);
      this.#times = this.#times.slice(keepFrom);
      this.#totals = this.#totals.slice(keepFrom);
      this.#head -= keepFrom;
    }
    return this.#inFlight + this.#total() - this.#totalBefore(this.#head);
  }

  /** how many answers came in after `time` (among those still kept) */
  #endedAfter(time: number): number {
    return this.#total() - this.#totalBefore(this.#upperBound(time));
  }

  /** the first index whose time is > `time` (#times is ascending) */
  #upperBound(time: number): number {
    let lo = 0;
    let hi = this.#times.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (at(this.#times, mid) <= time) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** the first index whose running total reaches `total` (#totals is ascending) */
  #reaching(total: number): number {
    let lo = this.#head;
    let hi = this.#totals.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (at(this.#totals, mid) < total) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  #tryTake(now: number): boolean {
    if (now < this.#blockedUntil) return false;
    if (this.#used(now) >= this.#max) return false;
    this.#inFlight++;
    return true;
  }

  /** ms until a place may free; undefined when only an answer still in flight can free one */
  #waitMs(now: number): number | undefined {
    if (now < this.#blockedUntil) return this.#blockedUntil - now;
    const over = this.#used(now) - this.#max + 1;
    const base = this.#totalBefore(this.#head);
    if (over > this.#total() - base) return undefined;
    const expires = at(this.#times, this.#reaching(base + over)) + this.#intervalMs + this.#marginMs;
    return Math.max(1, expires - now + 1);
  }

  #reschedule(): void {
    if (this.#timer) this.#clock.clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#schedule();
  }

  #schedule(): void {
    if (this.#timer) return;
    const now = this.#clock.now();
    while (this.#waiters.length > 0 && this.#tryTake(now)) {
      const waiter = must(this.#waiters.shift(), 'a waiter');
      waiter(this.#doneOnce());
    }
    if (this.#waiters.length === 0) return;
    const wait = this.#waitMs(now);
    if (wait === undefined) return;
    // a wait longer than a timer can take wakes early and waits again (timers.ts)
    this.#timer = this.#clock.setTimeout(() => {
      this.#timer = undefined;
      this.#schedule();
    }, timerDelay(wait));
  }
}

/**
 * The headers when every one present is a whole number within bounds (`-Max` 1 to 10,000, `-Remaining`
 * 0 to 10,000, `-Interval-Milliseconds` 1 to 60,000); else none of them (`{}`): a server that says
 * something absurd about one says nothing reliable about the others.
 */
export function saneRateLimit(headers: RateLimitHeaders): RateLimitHeaders {
  const within = (value: number | undefined, min: number, max: number) =>
    value === undefined || (Number.isSafeInteger(value) && value >= min && value <= max);
  const sane =
    within(headers.max, 1, MAX_HEADER_REQUESTS) &&
    within(headers.remaining, 0, MAX_HEADER_REQUESTS) &&
    within(headers.intervalMs, 1, MAX_HEADER_INTERVAL_MS);
  return sane ? headers : {};
}

const HEADER_NAMES = {
  max: 'x-hubspot-ratelimit-max',
  remaining: 'x-hubspot-ratelimit-remaining',
  intervalMs: 'x-hubspot-ratelimit-interval-milliseconds',
} as const;

/**
 * Reads the `X-HubSpot-RateLimit-*` headers (the prefix carries the platform's name; matched case-free).
 * Each must be plain digits (`1e9`, `-1`, `10.5` or an empty value are not) within the bounds of
 * `saneRateLimit`; when one present is not, all are ignored (`{}`).
 */
export function rateLimitHeaders(headers: Record<string, string | string[] | undefined>): RateLimitHeaders {
  const out: RateLimitHeaders = {};
  for (const key of Object.keys(HEADER_NAMES) as (keyof typeof HEADER_NAMES)[]) {
    const raw = headers[HEADER_NAMES[key]];
    if (raw === undefined) continue;
    const text = (Array.isArray(raw) ? (raw[0] ?? '') : raw).trim();
    if (!/^\d{1,9}$/.test(text)) return {};
    out[key] = Number(text);
  }
  return saneRateLimit(out);
}

/**
 * Client-side rate limiting, so the server rarely has to say no.
 *
 * The platform (and the emulator) count requests in a *rolling* window: at most `max` requests in
 * any `intervalMs`. A classic refilling token bucket would allow a burst of `max` plus a refill of
 * `max` within one window (2x the limit), so this bucket keeps a record per request instead.
 *
 * The server counts a request at some moment between our send and our receipt of its answer, and
 * under load that moment can be late. So a request occupies its place from `take()` until its answer
 * is in (`done()`), and then for `intervalMs` after that: when its place frees, the server has
 * certainly counted it out too, whatever the network or server delays were. Waiters are served in
 * order.
 *
 * It adapts to the server's headers: `-Max` and `-Interval-Milliseconds` replace the configured
 * numbers (when adaptive), and `-Remaining` reveals other clients spending the same budget.
 */

/** how long answers are kept after leaving the window, for observe() of a slow request */
const RETAIN_MS = 120_000;

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
  /** times the answers came in, ascending; entries before #head have left the window */
  #ended: number[] = [];
  #head = 0;
  #blockedUntil = 0;
  #waiters: ((done: Done) => void)[] = [];
  #timer: NodeJS.Timeout | undefined;

  constructor(max: number, intervalMs: number, options: { adaptive?: boolean; marginMs?: number } = {}) {
    if (!(max >= 1) || !(intervalMs > 0))
      throw new RangeError('rate limit must be at least 1 request per interval');
    this.#max = Math.floor(max);
    this.#intervalMs = intervalMs;
    this.#adaptive = options.adaptive ?? true;
    this.#marginMs = options.marginMs ?? 5;
  }

  get max(): number {
    return this.#max;
  }
  get intervalMs(): number {
    return this.#intervalMs;
  }

  /** Resolves when a request may be sent; call the returned `done` when its answer is in. */
  take(): Promise<Done> {
    if (this.#waiters.length === 0 && this.#tryTake(Date.now())) return Promise.resolve(this.#doneOnce());
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
   * were used than that means another client spends the same budget: the difference is booked as
   * used now (conservative: it expires later than the real ones).
   */
  observe(headers: RateLimitHeaders, sentAt: number): void {
    if (this.#adaptive) {
      if (headers.max !== undefined && headers.max >= 1) this.#max = Math.floor(headers.max);
      if (headers.intervalMs !== undefined && headers.intervalMs > 0) this.#intervalMs = headers.intervalMs;
    }
    if (headers.remaining !== undefined) {
      const now = Date.now();
      const serverUsed = (headers.max ?? this.#max) - headers.remaining;
      const oursAtMost = this.#inFlight + this.#endedAfter(sentAt - this.#intervalMs);
      for (let used = oursAtMost; used < serverUsed; used++) this.#ended.push(now);
    }
    this.#reschedule();
  }

  /** Forgets pending timers (the client is closing); waiters are released so nothing hangs. */
  close(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    for (const resolve of this.#waiters.splice(0)) resolve(() => undefined);
  }

  #doneOnce(): Done {
    let called = false;
    return () => {
      if (called) return;
      called = true;
      this.#inFlight--;
      this.#ended.push(Date.now());
      // an in-flight request may have been what a waiter was waiting for
      if (this.#waiters.length > 0) this.#reschedule();
    };
  }

  #used(now: number): number {
    const horizon = now - this.#intervalMs - this.#marginMs;
    while (this.#head < this.#ended.length && this.#ended[this.#head] <= horizon) this.#head++;
    // entries behind #head are kept a while for observe(); dropped in bulk once well out of reach
    if (this.#head > 1024 && this.#head * 2 > this.#ended.length) {
      const keepFrom = this.#upperBound(now - this.#intervalMs - RETAIN_MS, 0);
      this.#ended = this.#ended.slice(keepFrom);
      this.#head -= keepFrom;
    }
    return this.#inFlight + this.#ended.length - this.#head;
  }

  /** how many answers came in after `time` (among those still kept) */
  #endedAfter(time: number): number {
    return this.#ended.length - this.#upperBound(time, 0);
  }

  /** the first index from `from` whose time is > `time` (#ended is ascending) */
  #upperBound(time: number, from: number): number {
    let lo = from;
    let hi = this.#ended.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#ended[mid] <= time) lo = mid + 1;
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
    const ended = this.#ended.length - this.#head;
    if (over > ended) return undefined;
    const expires = this.#ended[this.#head + over - 1] + this.#intervalMs + this.#marginMs;
    return Math.max(1, expires - now + 1);
  }

  #reschedule(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#schedule();
  }

  #schedule(): void {
    if (this.#timer) return;
    const now = Date.now();
    while (this.#waiters.length > 0 && this.#tryTake(now)) this.#waiters.shift()!(this.#doneOnce());
    if (this.#waiters.length === 0) return;
    const wait = this.#waitMs(now);
    if (wait === undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#schedule();
    }, wait);
  }
}

/** Reads the `X-HubSpot-RateLimit-*` headers (the prefix carries the platform's name; matched case-free). */
export function rateLimitHeaders(headers: Record<string, string | string[] | undefined>): RateLimitHeaders {
  const num = (name: string): number | undefined => {
    const raw = headers[name];
    const value = Number(Array.isArray(raw) ? raw[0] : raw);
    return raw === undefined || !Number.isFinite(value) ? undefined : value;
  };
  return {
    max: num('x-hubspot-ratelimit-max'),
    remaining: num('x-hubspot-ratelimit-remaining'),
    intervalMs: num('x-hubspot-ratelimit-interval-milliseconds'),
  };
}

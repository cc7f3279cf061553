/**
 * Rate limits as the platform applies them: a rolling window per token (10 s unless told otherwise)
 * and an optional daily limit for the whole account. Over a limit: 429 with the platform's error
 * body. The rate-limit headers go on every response while a limit is set.
 */
import type { FastifyInstance } from 'fastify';
import { at } from '../core/must.js';
import { EmulatorError } from './errors.js';

/**
 * The times of the requests accepted inside the window, oldest first, in a ring that grows as needed:
 * each check drops the expired front entries, so a request costs O(1) amortised, whatever the limit.
 */
export class RollingWindow {
  private times = new Float64Array(16);
  private head = 0;
  private size = 0;

  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  /** Drops what has left the window; true when one more request fits. */
  hasRoom(now: number): boolean {
    const cutoff = now - this.windowMs;
    const capacity = this.times.length;
    while (this.size > 0 && at(this.times, this.head) <= cutoff) {
      this.head = (this.head + 1) % capacity;
      this.size--;
    }
    return this.size < this.max;
  }

  /** Counts a request at `now` (call after `hasRoom` said yes). */
  record(now: number): void {
    if (this.size === this.times.length) this.grow();
    this.times[(this.head + this.size) % this.times.length] = now;
    this.size++;
  }

  get remaining(): number {
    return Math.max(0, this.max - this.size);
  }

  /** Milliseconds until the oldest request leaves the window (0 when there is room). */
  msUntilRoom(now: number): number {
    if (this.size < this.max) return 0;
    return Math.max(0, at(this.times, this.head) + this.windowMs - now);
  }

  private grow(): void {
    const bigger = new Float64Array(this.times.length * 2);
    for (let i = 0; i < this.size; i++) bigger[i] = at(this.times, (this.head + i) % this.times.length);
    this.times = bigger;
    this.head = 0;
  }
}

/** Requests per UTC day; the count starts again at midnight UTC. */
export class DailyCounter {
  private count = 0;
  private resetsAt = 0;

  constructor(readonly max: number) {}

  hasRoom(epochMs: number): boolean {
    if (epochMs >= this.resetsAt) {
      const midnight = new Date(epochMs);
      midnight.setUTCHours(24, 0, 0, 0);
      this.resetsAt = midnight.getTime();
      this.count = 0;
    }
    return this.count < this.max;
  }

  record(): void {
    this.count++;
  }

  get remaining(): number {
    return Math.max(0, this.max - this.count);
  }

  msUntilReset(epochMs: number): number {
    return Math.max(0, this.resetsAt - epochMs);
  }
}

const HEADER = 'X-HubSpot-RateLimit';

/** The platform's 429 body for a policy; also used by fault injection. */
export function rateLimitError(policy: 'TEN_SECONDLY_ROLLING' | 'DAILY', headers: Record<string, string>) {
  const message =
    policy === 'DAILY'
      ? 'You have reached your daily limit.'
      : 'You have reached your ten_secondly_rolling limit.';
  return new EmulatorError(429, 'RATE_LIMITS', message, {
    body: { errorType: 'RATE_LIMIT', policyName: policy },
    headers,
  });
}

const retryAfterSeconds = (ms: number): string => String(Math.max(1, Math.ceil(ms / 1000)));

export interface RateLimitSettings {
  /** requests per window per token */
  rateLimit?: number;
  windowMs: number;
  /** requests per UTC day, all tokens together */
  dailyLimit?: number;
  /** ms since the epoch, for both limits; default the system's (and its monotonic time for the window) */
  clock?: () => number;
}

/** Adds the limit check as an onRequest hook; call after the auth hook (it keys on `request.grant`). */
export function installRateLimits(app: FastifyInstance, settings: RateLimitSettings): void {
  const { rateLimit, windowMs, dailyLimit, clock } = settings;
  if (rateLimit === undefined && dailyLimit === undefined) return;
  const windows = new Map<string, RollingWindow>();
  const daily = dailyLimit === undefined ? undefined : new DailyCounter(dailyLimit);

  app.addHook('onRequest', (request, reply, done) => {
    // the system's monotonic time for the window, unless a clock is given
    const epoch = clock ? clock() : Date.now();
    const now = clock ? epoch : performance.now();
    const headers: Record<string, string> = {};
    let window: RollingWindow | undefined;
    if (rateLimit !== undefined) {
      const token = request.grant.token;
      window = windows.get(token);
      if (!window) windows.set(token, (window = new RollingWindow(rateLimit, windowMs)));
      headers[`${HEADER}-Interval-Milliseconds`] = String(windowMs);
      headers[`${HEADER}-Max`] = String(rateLimit);
    }
    const windowRoom = window ? window.hasRoom(now) : true;
    const dailyRoom = daily ? daily.hasRoom(epoch) : true;
    if (windowRoom && dailyRoom) {
      window?.record(now);
      daily?.record();
    }
    if (window) headers[`${HEADER}-Remaining`] = String(window.remaining);
    if (daily) {
      headers[`${HEADER}-Daily`] = String(daily.max);
      headers[`${HEADER}-Daily-Remaining`] = String(daily.remaining);
    }
    if (window && !windowRoom) {
      headers['Retry-After'] = retryAfterSeconds(window.msUntilRoom(now));
      done(rateLimitError('TEN_SECONDLY_ROLLING', headers));
      return;
    }
    if (daily && !dailyRoom) {
      headers['Retry-After'] = retryAfterSeconds(daily.msUntilReset(epoch));
      done(rateLimitError('DAILY', headers));
      return;
    }
    void reply.headers(headers);
    done();
  });
}

/**
 * A clock for tests of waits (rate limits, Retry-After): real time plus what it skipped (or, `frozen`, only
 * what it skipped, for code that reads no other clock: fully deterministic). Its timers never wait: the
 * earliest one due runs on the next turn of the event loop (after pending I/O), the clock first moving
 * ahead to its time if that is still to come. So a limiter that would wait out a 10 s window sees 10 s
 * pass at once, and everything that reads the same clock agrees that they passed.
 *
 * It skips ahead only while `idle()` says so (default: always): a test with requests on the wire says
 * "none in flight", so that time never jumps while an answer is on its way (which would make that answer
 * seem to take the whole jump).
 *
 * `installGlobally()` also makes `Date.now()` and `performance.now()` read it, until `uninstall()`: for code
 * that reads those directly (the emulator's rate limits, the client's retry budget), so that the client
 * and the server see the same time.
 *
 * A test hands the client `testClock` (its `clock` option) and runs on a virtual clock between `use(clock)`
 * and `done()`; outside them `testClock` is the real clock.
 */
import { vi } from 'vitest';
import { systemClock, type Clock, type ClockTimer } from '../../src/api/timers.js';

interface Pending {
  due: number;
  order: number;
  callback: () => void;
}

const realDateNow = Date.now.bind(Date);
const realPerformanceNow = performance.now.bind(performance);

export class VirtualClock implements Clock {
  readonly #frozenAt: number | undefined;
  readonly #idle: () => boolean;
  #skipped = 0;
  #pending: Pending[] = [];
  #order = 0;
  #pumping = false;
  #spies: { mockRestore(): void }[] = [];

  constructor(options: { frozen?: boolean; idle?: () => boolean } = {}) {
    this.#frozenAt = options.frozen ? realDateNow() : undefined;
    this.#idle = options.idle ?? (() => true);
  }

  /** how far ahead of real time this clock has moved, in ms */
  get skippedMs(): number {
    return this.#skipped;
  }

  now(): number {
    return (this.#frozenAt ?? realDateNow()) + this.#skipped;
  }

  /** as `performance.now()`, moved ahead with the clock */
  monotonicNow(): number {
    return (this.#frozenAt === undefined ? realPerformanceNow() : 0) + this.#skipped;
  }

  setTimeout(callback: () => void, ms: number): ClockTimer {
    const delay = Number.isNaN(ms) || ms <= 0 ? 0 : ms;
    const timer: Pending = { due: this.now() + delay, order: this.#order++, callback };
    this.#pending.push(timer);
    this.#pump();
    return timer;
  }

  clearTimeout(timer: ClockTimer): void {
    this.#pending = this.#pending.filter((pending) => pending !== timer);
  }

  /** resolves `ms` later on this clock (at once in real time) */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.setTimeout(resolve, ms));
  }

  /** `Date.now()` and `performance.now()` read this clock until `uninstall()`. */
  installGlobally(): this {
    this.#spies.push(
      vi.spyOn(Date, 'now').mockImplementation(() => this.now()),
      vi.spyOn(performance, 'now').mockImplementation(() => this.monotonicNow()),
    );
    return this;
  }

  uninstall(): void {
    for (const spy of this.#spies.splice(0)) spy.mockRestore();
    this.#pending = [];
  }

  #pump(): void {
    if (this.#pumping) return;
    this.#pumping = true;
    setImmediate(() => {
      this.#fireNext();
    });
  }

  #fireNext(): void {
    this.#pumping = false;
    if (this.#pending.length === 0) return;
    const next = this.#pending.reduce((a, b) =>
      b.due < a.due || (b.due === a.due && b.order < a.order) ? b : a,
    );
    const ahead = next.due - this.now();
    if (ahead > 0 && !this.#idle()) {
      // not yet: look again in a (real) millisecond
      this.#pumping = true;
      setTimeout(() => {
        this.#fireNext();
      }, 1);
      return;
    }
    this.#pending = this.#pending.filter((pending) => pending !== next);
    if (ahead > 0) this.#skipped += ahead;
    next.callback();
    if (this.#pending.length > 0) this.#pump();
  }
}

/** the virtual clock in use, if any (see the top of this file) */
let current: VirtualClock | undefined;
/** the timers `testClock` handed to a virtual clock: cleared there, the others with the real clearTimeout */
const virtualTimers = new WeakSet<ClockTimer>();

/**
 * The clock to give the client (its `clock` option): the virtual clock in `use` at the moment of each read
 * or timer, the system's outside `use(clock)` ... `done()`.
 */
export const testClock: Clock = {
  now: () => (current ?? systemClock).now(),
  setTimeout(callback, ms) {
    if (!current) return systemClock.setTimeout(callback, ms);
    const timer = current.setTimeout(callback, ms);
    virtualTimers.add(timer);
    return timer;
  },
  clearTimeout(timer) {
    if (virtualTimers.has(timer)) current?.clearTimeout(timer);
    else systemClock.clearTimeout(timer);
  },
};

/** From now on `testClock`, `Date.now()` and `performance.now()` read `clock`. */
export function use(clock: VirtualClock): VirtualClock {
  current = clock;
  return clock.installGlobally();
}

/** Back to the real clock. */
export function done(): void {
  current?.uninstall();
  current = undefined;
}

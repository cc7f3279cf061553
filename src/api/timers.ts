/**
 * Timers whose delay may come from a server (Retry-After, rate-limit windows). Node's setTimeout takes
 * at most 2^31-1 ms (about 24.8 days): a longer delay fires after 1 ms with a TimeoutOverflowWarning. So
 * every delay is clamped here; a waiter woken early looks at the clock again and waits the rest.
 */

/** the longest delay setTimeout takes */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** A pending timer of a `Clock`: only ever handed back to its `clearTimeout`. */
export type ClockTimer = object;

/**
 * What a wait reads and sets: the time and timers. The real one (`systemClock`) unless a caller gives
 * another (a test's virtual clock, which skips ahead instead of waiting).
 */
export interface Clock {
  /** milliseconds since the epoch, as `Date.now()` */
  now(): number;
  /** calls `callback` once, `ms` from now */
  setTimeout(callback: () => void, ms: number): ClockTimer;
  clearTimeout(timer: ClockTimer): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (timer) => {
    clearTimeout(timer as NodeJS.Timeout);
  },
};

/** A delay setTimeout can take: 0 for negative or NaN, MAX_TIMER_MS at most. */
export function timerDelay(ms: number): number {
  if (Number.isNaN(ms) || ms <= 0) return 0;
  return Math.min(MAX_TIMER_MS, Math.ceil(ms));
}

/** Waits `ms`, however long: a wait past one timer's reach takes several. */
export async function sleep(ms: number, clock: Clock = systemClock): Promise<void> {
  const until = clock.now() + ms;
  for (let left = ms; left > 0; left = until - clock.now()) {
    await new Promise<void>((resolve) => clock.setTimeout(resolve, timerDelay(left)));
  }
}

/** `0.3 s`, `30 s`, `1.5 s`: a duration for messages. */
export function formatSeconds(ms: number): string {
  const seconds = Math.round(ms / 100) / 10;
  return `${seconds === 0 && ms > 0 ? ms / 1000 : seconds} s`;
}

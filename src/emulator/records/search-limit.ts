/**
 * The search endpoints' own rate limit: 5 requests per second per token, answered 429
 * with the platform's secondly-limit body (the official client retries on its message).
 */
import { EmulatorError } from '../errors.js';

export const SEARCH_REQUESTS_PER_SECOND = 5;
const WINDOW_MS = 1000;

export class SecondlyLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly perSecond: number = SEARCH_REQUESTS_PER_SECOND) {}

  /** Counts a request at `nowMs`; false when the token already made `perSecond` in the last second. */
  allow(token: string, nowMs: number): boolean {
    const recent = (this.hits.get(token) ?? []).filter((t) => nowMs - t < WINDOW_MS);
    if (recent.length >= this.perSecond) {
      this.hits.set(token, recent);
      return false;
    }
    recent.push(nowMs);
    this.hits.set(token, recent);
    return true;
  }
}

export function secondlyLimitError(): EmulatorError {
  return new EmulatorError(429, 'RATE_LIMITS', 'You have reached your secondly limit.', {
    body: { errorType: 'RATE_LIMIT', policyName: 'SECONDLY' },
    headers: { 'Retry-After': '1' },
  });
}

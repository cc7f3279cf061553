/**
 * The client's log hook, turned into `--verbose` lines and call counts. One line per attempt:
 *
 *   GET /crm/v3/properties/tickets/groups -> 200 (attempt 1, 14 ms)
 *   POST /crm/v3/properties/tickets/batch/read -> 503 SERVER (attempt 1, 8 ms), retrying
 *
 * The events never hold the token (src/api/log.ts); nor does anything here.
 */
import type { ResponseLogEvent } from '../api/log.js';
import { neutralize } from '../core/control-chars.js';

export class CallLog {
  /** calls made (first attempts) */
  calls = 0;
  /** every attempt, retries included */
  attempts = 0;
  readonly #print: ((line: string) => void) | undefined;

  /** `print`: where `--verbose` lines go; undefined when not verbose */
  constructor(print?: (line: string) => void) {
    this.#print = print;
  }

  readonly onResponse = (event: ResponseLogEvent): void => {
    this.attempts += 1;
    if (event.attempt === 1) this.calls += 1;
    this.#print?.(formatCall(event));
  };

  /** `12 calls` or `12 calls (14 attempts)` */
  summary(): string {
    const calls = `${this.calls} call${this.calls === 1 ? '' : 's'}`;
    return this.attempts === this.calls ? calls : `${calls} (${this.attempts} attempts)`;
  }
}

export function formatCall(event: ResponseLogEvent): string {
  const outcome = [event.status, event.errorCode].filter((part) => part !== undefined).join(' ') || 'failed';
  const retry = event.willRetry ? ', retrying' : '';
  return neutralize(
    `${event.method} ${event.path} -> ${outcome} (attempt ${event.attempt}, ${Math.round(event.durationMs)} ms)${retry}`,
    { oneLine: true },
  );
}

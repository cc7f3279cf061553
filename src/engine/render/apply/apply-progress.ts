/**
 * Progress of `apply`, from the executor's events, on stderr.
 *
 * On a terminal: one line per phase, rewritten in place as changes finish (at most every 100 ms), then
 * left with the phase's counts:
 *
 *   [2/5] properties.create  450/1,000  (2 failed)
 *   [2/5] properties.create  1,000/1,000  998 applied, 2 failed  4.1 s
 *
 * Otherwise (CI logs): plain lines, one when a phase starts, one per failed change, one when it ends.
 *
 * Data work (a rename's copy, an option remap) adds its records to the line, with the rate:
 *
 *   [3/4] properties.migrate  0/1  tickets.support_tier: pass 1, 12,300 records read, 4,100/9,800 written (1,230/s), about 5 s left
 *
 * and in CI logs a plain line of the same at most every 10 s.
 */
import { Chalk } from 'chalk';
import type { ApplyEvent, OutcomeStatus } from '../../apply/types.js';
import { errorLine, formatDuration } from './apply-values.js';
import { countOf, formatCount } from '../common/plan-values.js';
import { neutralize } from '../../../core/control-chars.js';

export interface ApplyProgressOptions {
  /** rewrite one line per phase (a terminal) instead of printing plain lines */
  tty: boolean;
  color: boolean;
  write: (text: string) => void;
  now?: () => number;
}

export interface ApplyProgress {
  onEvent(event: ApplyEvent): void;
}

const REDRAW_MS = 100;
const PLAIN_RECORDS_MS = 10_000;
const CLEAR_LINE = '\r\x1b[K';

const ORDER: readonly [OutcomeStatus, string][] = [
  ['applied', 'applied'],
  ['already-done', 'already done'],
  ['failed', 'failed'],
  ['skipped', 'skipped'],
];

export function countsText(counts: Readonly<Record<OutcomeStatus, number>>): string {
  const parts = ORDER.filter(([status]) => counts[status] > 0).map(
    ([status, word]) => `${formatCount(counts[status])} ${word}`,
  );
  return parts.length === 0 ? 'nothing to do' : parts.join(', ');
}

/** `, about 2 min left` on the first pass, from the writes so far against the plan's count. */
function timeLeft(event: Extract<ApplyEvent, { kind: 'records' }>, seconds: number): string {
  if (event.total === undefined || event.pass !== 1 || event.written === 0 || seconds <= 0) return '';
  const left = ((event.total - event.written) / event.written) * seconds;
  if (left <= 0) return '';
  return `, about ${left < 90 ? `${Math.ceil(left)} s` : `${Math.ceil(left / 60)} min`} left`;
}

export function createApplyProgress(options: ApplyProgressOptions): ApplyProgress {
  const chalk = new Chalk({ level: options.color ? 1 : 0 });
  const now = options.now ?? (() => Date.now());
  let label = '';
  let total = 0;
  let finished = 0;
  let failed = 0;
  let phaseStarted = 0;
  let lastDraw = 0;
  let records = '';
  let recordsStarted: number | undefined;
  let lastRecordsLine: number | undefined;

  const draw = (force: boolean): void => {
    const t = now();
    if (!force && t - lastDraw < REDRAW_MS) return;
    lastDraw = t;
    const failures = failed > 0 ? chalk.red(`  (${formatCount(failed)} failed)`) : '';
    options.write(
      `${CLEAR_LINE}${label}  ${formatCount(finished)}/${formatCount(total)}${failures}${records === '' ? '' : `  ${records}`}`,
    );
  };

  return {
    onEvent(event) {
      switch (event.kind) {
        case 'phase-start':
          label = `[${event.index + 1}/${event.count}] ${event.phase}`;
          total = event.total;
          finished = 0;
          failed = 0;
          phaseStarted = now();
          if (options.tty) draw(true);
          else options.write(`${event.phase}: ${countOf(event.total, 'change', 'changes')}\n`);
          return;
        case 'outcome':
          finished += 1;
          if (event.outcome.status === 'failed') {
            failed += 1;
            if (!options.tty) {
              const why =
                event.outcome.error === undefined ? event.outcome.reason : errorLine(event.outcome.error);
              options.write(
                neutralize(`  failed: ${event.outcome.address}: ${why ?? 'failed'}`, { oneLine: true }) +
                  '\n',
              );
            }
          }
          if (options.tty) draw(false);
          return;
        case 'records': {
          const t = now();
          recordsStarted ??= t;
          const seconds = (t - recordsStarted) / 1000;
          const rate = seconds > 0 ? ` (${formatCount(Math.round(event.read / seconds))}/s)` : '';
          const address = event.id.slice(event.id.indexOf(' ') + 1);
          records = neutralize(
            `${address}: pass ${event.pass}, ${countOf(event.read, 'record', 'records')} read, ${formatCount(event.written)}${event.total === undefined ? '' : `/${formatCount(event.total)}`} written${rate}${timeLeft(event, seconds)}`,
            { oneLine: true },
          );
          if (options.tty) draw(false);
          else if (lastRecordsLine === undefined || t - lastRecordsLine >= PLAIN_RECORDS_MS) {
            lastRecordsLine = t;
            options.write(`  ${records}\n`);
          }
          return;
        }
        case 'phase-end': {
          records = '';
          recordsStarted = undefined;
          const took = formatDuration(now() - phaseStarted);
          if (options.tty) {
            options.write(
              `${CLEAR_LINE}${label}  ${formatCount(finished)}/${formatCount(total)}  ${countsText(event.counts)}  ${took}\n`,
            );
          } else {
            options.write(`${event.phase}: ${countsText(event.counts)} (${took})\n`);
          }
          return;
        }
        default:
          return;
      }
    },
  };
}

/**
 * The final report of `apply` as text: what failed (with the API's category and message) and what was
 * skipped (with why) first, then what was already done, then what was applied (each change when there
 * are few, counts per phase otherwise: `--json` lists every change), and a closing summary with what
 * to do next. Colour only when the caller asks.
 *
 *   Failed (1):
 *     +   Create property tickets.bad "Bad" (string/text)
 *         VALIDATION_ERROR (400): Property group 'nope' does not exist.
 *   Skipped (1):
 *     -   Archive property tickets.legacy
 *         destructive change refused (...). To apply it, give --allow-destructive, ...
 *   Applied (3):
 *     ~   Update property tickets.a: label
 *
 * Each line carries its change's own symbol, as in the plan; the section says what came of it. A report
 * that knows where it ran first names it: `Apply to <URL> (environment production), account 1000001`.
 *
 *   Apply: 3 applied, 1 failed, 1 skipped (1 destructive change refused) in 1.2 s.
 */
import { Chalk, type ChalkInstance } from 'chalk';
import { ACTION_SYMBOLS } from '../../plan/kinds/change-kind.js';
import type { ApplyReport, ChangeOutcome, OutcomeStatus } from '../../apply/types.js';
import { differenceLine, errorLine, formatDuration } from './apply-values.js';
import { countOf, formatCount } from '../common/plan-values.js';
import { escapeJsonText, neutralizeDocument } from '../common/safe-text.js';
import { targetFirst, targetText } from '../common/target-line.js';

export interface ApplyReportOptions {
  color: boolean;
  /** list applied changes one by one up to this many (default 50) */
  maxListed?: number;
}

const SECTIONS: readonly { status: OutcomeStatus; title: string }[] = [
  { status: 'failed', title: 'Failed' },
  { status: 'skipped', title: 'Skipped' },
  { status: 'already-done', title: 'Already done' },
  { status: 'applied', title: 'Applied' },
];

/** Each line shows its change's own symbol, as the plan does: `+` create, `~` update, `-/+` replace, `-` remove. */
const markOf = (outcome: ChangeOutcome): string => ACTION_SYMBOLS[outcome.action].padEnd(3);

const DETAIL = '      ';

export function renderApplyReport(input: ApplyReport, options: ApplyReportOptions): string {
  const report = neutralizeDocument(input);
  const chalk = new Chalk({ level: options.color ? 1 : 0 });
  const maxListed = options.maxListed ?? 50;
  const blocks: string[] = [];
  if (report.target !== undefined) blocks.push(`Apply to ${targetText(report.target)}`);
  for (const { status, title } of SECTIONS) {
    const outcomes = report.outcomes.filter((o) => o.status === status);
    if (outcomes.length === 0) continue;
    const heading = chalk.bold(`${title} (${formatCount(outcomes.length)}):`);
    if (status === 'applied' && outcomes.length > maxListed) {
      blocks.push([heading, ...perPhase(outcomes)].join('\n'));
      continue;
    }
    blocks.push([heading, ...outcomes.flatMap((o) => outcomeLines(o, chalk))].join('\n'));
  }
  blocks.push(closing(report, chalk));
  return blocks.join('\n\n');
}

function outcomeLines(outcome: ChangeOutcome, chalk: ChalkInstance): string[] {
  const paint =
    outcome.status === 'failed' ? chalk.red : outcome.status === 'skipped' ? chalk.yellow : chalk.green;
  const lines = [`  ${paint(markOf(outcome))} ${outcome.message}`];
  const notes: string[] = [];
  if (outcome.error !== undefined) notes.push(errorLine(outcome.error));
  if (outcome.reason !== undefined) notes.push(outcome.reason);
  for (const difference of outcome.differences ?? []) notes.push(`  ${differenceLine(difference)}`);
  if (outcome.records !== undefined) {
    const r = outcome.records;
    notes.push(
      `records: ${formatCount(r.written)} written, ${countOf(r.read, 'record', 'records')} read in ${countOf(r.passes, 'pass', 'passes')}` +
        (r.verified
          ? '; the last pass found every record as wanted'
          : '; not verified: the last step was not run') +
        ((r.kept ?? 0) > 0
          ? `; ${countOf(r.kept ?? 0, 'record', 'records')} kept a value the copy did not write (onConflict: keep)`
          : '') +
        ((r.conflicts ?? 0) > 0
          ? `; ${countOf(r.conflicts ?? 0, 'record holds', 'records hold')} a value the copy did not write: left alone`
          : ''),
    );
  }
  if (outcome.reconciled === true) notes.push('its answer was lost; a read-back found it applied');
  if (outcome.resent !== undefined) {
    notes.push(
      `sent again ${countOf(outcome.resent, 'time', 'times')} after read-backs showed it was not applied`,
    );
  }
  return [...lines, ...notes.map((note) => `${DETAIL}${note}`)];
}

function perPhase(outcomes: readonly ChangeOutcome[]): string[] {
  const counts = new Map<string, number>();
  for (const outcome of outcomes) counts.set(outcome.phase, (counts.get(outcome.phase) ?? 0) + 1);
  return [
    ...[...counts].map(([phase, n]) => `  ${phase}: ${countOf(n, 'change', 'changes')}`),
    `  (--json lists every change)`,
  ];
}

function closing(report: ApplyReport, chalk: ChalkInstance): string {
  const s = report.summary;
  if (s.total === 0) return 'No changes. Nothing was sent.';
  const parts = [`${formatCount(s.applied)} applied`];
  if (s.alreadyDone > 0) parts.push(`${formatCount(s.alreadyDone)} already done`);
  if (s.failed > 0) parts.push(chalk.red(`${formatCount(s.failed)} failed`));
  if (s.skipped > 0) {
    const refused = s.refused > 0 ? ` (${formatCount(s.refused)} refused by policy)` : '';
    parts.push(chalk.yellow(`${formatCount(s.skipped)} skipped${refused}`));
  }
  const lines = [
    chalk.bold(`Apply: ${parts.join(', ')} in ${formatDuration(report.durationMs)}.`) +
      ` ${countOf(report.writes, 'write call', 'write calls')}` +
      (report.readBacks > 0 ? `, ${countOf(report.readBacks, 'read-back call', 'read-back calls')}.` : '.'),
  ];
  if (s.failed > 0) {
    lines.push(
      'Some changes failed (see above); the others were applied. Fix what each failure says, then run ' +
        'crm-schema apply again: what is done is found done and never sent twice.',
    );
  }
  if (s.refused > 0) {
    lines.push(
      'Changes the policy refuses were skipped (--skip-refused); each says above how to allow it. The ' +
        'account is not yet as declared: the next plan shows them again.',
    );
  }
  return lines.join('\n');
}

/** `apply --json`: the ApplyReport, its target first, pretty-printed, with a trailing newline. */
export function renderApplyReportJson(report: ApplyReport): string {
  return escapeJsonText(`${JSON.stringify(targetFirst(report), null, 2)}\n`);
}

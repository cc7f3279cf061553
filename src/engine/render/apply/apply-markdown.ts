/**
 * The report of `apply` as Markdown: for the run's summary page (`GITHUB_STEP_SUMMARY`) and `apply
 * --format markdown`. A table of counts with the target, then what failed and what was skipped (each with
 * why), then what was applied (each change when there are few, counts per phase otherwise). Every text
 * from outside is escaped; the whole stays under the size GitHub shows.
 *
 *   <!-- crm-schema-apply -->
 *   ### crm-schema apply: 3 applied, 1 failed
 *
 *   Target: `https://crm.example.com` (environment production)
 *
 *   | applied | already done | failed | skipped | write calls | time |
 *   | ---: | ---: | ---: | ---: | ---: | ---: |
 *   | 3 | 0 | 1 | 0 | 4 | 1.2 s |
 */
import type { ApplyReport, ChangeOutcome, OutcomeStatus } from '../../apply/types.js';
import { ACTION_SYMBOLS } from '../../plan/kinds/change-kind.js';
import { differenceLine, errorLine, formatDuration } from './apply-values.js';
import { codeSpan, escapeMarkdown } from '../common/markdown-escape.js';
import { formatCount } from '../common/plan-values.js';
import { neutralizeDocument } from '../common/safe-text.js';
import { neutralize } from '../../../core/control-chars.js';

export const APPLY_MARKER = '<!-- crm-schema-apply -->';

export interface ApplyMarkdownOptions {
  /** where it was applied, e.g. `https://crm.example.com (environment production)` */
  target: string;
  /** list applied changes one by one up to this many (default 50) */
  maxListed?: number;
}

/** GitHub shows at most 1 MiB of a step summary; a report stays well under. */
const MAX_CHARS = 60_000;

const SECTIONS: readonly { status: OutcomeStatus; title: string }[] = [
  { status: 'failed', title: 'Failed' },
  { status: 'skipped', title: 'Skipped' },
  { status: 'already-done', title: 'Already done' },
  { status: 'applied', title: 'Applied' },
];

export function renderApplyMarkdown(input: ApplyReport, options: ApplyMarkdownOptions): string {
  const report = neutralizeDocument(input);
  const s = report.summary;
  const maxListed = options.maxListed ?? 50;
  const lines = [
    APPLY_MARKER,
    `### crm-schema apply: ${headline(report)}`,
    '',
    `Target: ${escapeMarkdown(options.target)}`,
    '',
    '| applied | already done | failed | skipped | refused | write calls | time |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    `| ${[s.applied, s.alreadyDone, s.failed, s.skipped, s.refused, report.writes].map(formatCount).join(' | ')} | ${formatDuration(report.durationMs)} |`,
  ];
  let budget = MAX_CHARS - lines.join('\n').length;
  for (const { status, title } of SECTIONS) {
    const outcomes = report.outcomes.filter((o) => o.status === status);
    if (outcomes.length === 0) continue;
    lines.push('', `**${title}** (${formatCount(outcomes.length)})`, '');
    if (status === 'applied' && outcomes.length > maxListed) {
      lines.push(...perPhase(outcomes));
      continue;
    }
    let shown = 0;
    for (const outcome of outcomes) {
      const item = itemLines(outcome).join('\n');
      if (item.length > budget) break;
      budget -= item.length + 1;
      lines.push(item);
      shown += 1;
    }
    if (shown < outcomes.length)
      lines.push(
        `- ... and ${formatCount(outcomes.length - shown)} more (\`apply --json\` lists every change)`,
      );
  }
  return `${lines.join('\n')}\n`;
}

function headline(report: ApplyReport): string {
  const s = report.summary;
  if (s.total === 0) return 'no changes, nothing was sent';
  const parts = [`${formatCount(s.applied)} applied`];
  if (s.alreadyDone > 0) parts.push(`${formatCount(s.alreadyDone)} already done`);
  if (s.failed > 0) parts.push(`${formatCount(s.failed)} failed`);
  if (s.skipped > 0) parts.push(`${formatCount(s.skipped)} skipped`);
  return parts.join(', ');
}

function itemLines(outcome: ChangeOutcome): string[] {
  const lines = [`- ${codeSpan(ACTION_SYMBOLS[outcome.action])} ${escapeMarkdown(outcome.message)}`];
  const notes: string[] = [];
  if (outcome.error !== undefined) notes.push(errorLine(outcome.error));
  if (outcome.reason !== undefined) notes.push(outcome.reason);
  for (const difference of outcome.differences ?? []) notes.push(differenceLine(difference));
  if (outcome.records !== undefined) {
    const r = outcome.records;
    notes.push(
      `records: ${formatCount(r.written)} written, ${formatCount(r.read)} read in ${formatCount(r.passes)} passes` +
        (r.verified ? '' : '; not verified: the last step was not run'),
    );
  }
  for (const note of notes) lines.push(`  - ${escapeMarkdown(note)}`);
  return lines;
}

function perPhase(outcomes: readonly ChangeOutcome[]): string[] {
  const counts = new Map<string, number>();
  for (const outcome of outcomes) counts.set(outcome.phase, (counts.get(outcome.phase) ?? 0) + 1);
  return [...counts].map(([phase, n]) => `- ${codeSpan(phase)}: ${formatCount(n)}`);
}

/** A failed apply (refused, stale plan, bad input) on the summary page: what stopped it, and what to do. */
export function renderApplyFailureMarkdown(
  error: { code: string; message: string; hint?: string | undefined },
  target: string,
): string {
  const lines = [
    APPLY_MARKER,
    `### crm-schema apply: failed (${escapeMarkdown(error.code)})`,
    '',
    `Target: ${escapeMarkdown(target)}`,
    '',
    ...neutralize(error.message)
      .slice(0, MAX_CHARS)
      .split('\n')
      .map((line) => `> ${escapeMarkdown(line)}`),
  ];
  if (error.hint !== undefined) lines.push('', `**What to do:** ${escapeMarkdown(neutralize(error.hint))}`);
  return `${lines.join('\n')}\n`;
}

/**
 * What `pull` did, as text: the files written, the resources added (+), updated (~) and removed (-) by
 * address (at most `MAX_LISTED` of each, then a count), the notes, and the next step. Returns the lines
 * joined by newlines, without a trailing newline.
 */
import { Chalk } from 'chalk';
import type { PullReport } from '../pull/pull-report.js';
import { countOf } from './plan-values.js';
import { neutralizeDocument } from './safe-text.js';

export const MAX_LISTED = 20;

export function renderPullSummary(input: PullReport, options: { color: boolean; from: string }): string {
  const report = neutralizeDocument(input);
  const chalk = new Chalk({ level: options.color ? 1 : 0 });
  const changes = report.added.length + report.updated.length + report.removed.length;
  const blocks: string[][] = [];
  if (report.files.length === 0) {
    blocks.push([
      `Pulled from ${options.from}: the manifests already match the account; no file was written.`,
    ]);
  } else {
    blocks.push([
      chalk.bold(
        `Pulled from ${options.from}: ${report.added.length} added, ${report.updated.length} updated, ` +
          `${report.removed.length} removed (${countOf(changes, 'resource', 'resources')}).`,
      ),
      ...report.files.map((f) => `  ${f.status.padEnd(7)} ${f.path}`),
    ]);
    const listed = [
      ...list('+', report.added, chalk.green),
      ...list('~', report.updated, chalk.yellow),
      ...list('-', report.removed, chalk.red),
    ];
    if (listed.length > 0) blocks.push(listed);
  }
  if (report.notes.length > 0) blocks.push([chalk.bold('Notes:'), ...report.notes.map((n) => `  ${n}`)]);
  if (report.files.length > 0) {
    blocks.push([
      'Next: review the changes (git diff) and commit them; crm-schema plan should now show no changes.',
    ]);
  }
  return blocks.map((block) => block.join('\n')).join('\n\n');
}

function list(sign: string, addresses: readonly string[], style: (text: string) => string): string[] {
  const lines = addresses.slice(0, MAX_LISTED).map((address) => `  ${style(sign)} ${address}`);
  const rest = addresses.length - MAX_LISTED;
  if (rest > 0) lines.push(`  ${style(sign)} … and ${rest} more`);
  return lines;
}

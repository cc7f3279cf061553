/**
 * What `pull` did, as text: the files written, the resources added (+), updated (~) and removed (-) by
 * address (at most `MAX_LISTED` of each, then a count); with a baseline what it kept as the manifests
 * have it: changes not yet deployed (>) and changes made on both sides (!); the notes, and the next step.
 * Returns the lines joined by newlines, without a trailing newline.
 */
import { Chalk } from 'chalk';
import type { KeptEntry, ManifestChange } from '../../pull/not-deployed.js';
import type { PullReport } from '../../pull/pull-report.js';
import { countOf } from '../common/plan-values.js';
import { neutralizeDocument } from '../common/safe-text.js';

export const MAX_LISTED = 20;

export function renderPullSummary(input: PullReport, options: { color: boolean; from: string }): string {
  const report = neutralizeDocument(input);
  const chalk = new Chalk({ level: options.color ? 1 : 0 });
  const changes = report.added.length + report.updated.length + report.removed.length;
  const kept = report.notDeployed.length + report.conflicts.length;
  const blocks: string[][] = [];
  if (report.files.length === 0) {
    blocks.push([
      kept === 0
        ? `Pulled from ${options.from}: the manifests already match the account; no file was written.`
        : `Pulled from ${options.from}: no file was written; what differs is listed below.`,
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
  const since = report.baseline?.ref ?? 'the last deploy';
  if (report.notDeployed.length > 0)
    blocks.push([
      chalk.bold(
        `Not yet deployed: changed in the manifests since ${since}, left as they are (${report.notDeployed.length}):`,
      ),
      ...keptLines('>', report.notDeployed, chalk.cyan),
    ]);
  if (report.conflicts.length > 0)
    blocks.push([
      chalk.bold(
        `Changed both in the manifests and in the account since ${since}, left as the manifests have them ` +
          `(${report.conflicts.length}):`,
      ),
      ...keptLines('!', report.conflicts, chalk.magenta),
      '  crm-schema plan shows how the account differs; settle each one by hand.',
    ]);
  if (report.notes.length > 0) blocks.push([chalk.bold('Notes:'), ...report.notes.map((n) => `  ${n}`)]);
  if (report.files.length > 0) {
    blocks.push([
      kept === 0
        ? 'Next: review the changes (git diff) and commit them; crm-schema plan should now show no changes.'
        : 'Next: review the changes (git diff) and commit them; crm-schema plan should now show only what ' +
          'is listed above as left as it is.',
    ]);
  }
  return blocks.map((block) => block.join('\n')).join('\n\n');
}

const MANIFEST_CHANGE: Readonly<Record<ManifestChange, string>> = {
  added: 'added',
  changed: 'changed',
  removed: 'removed from the manifests: not pulled back',
  tombstoned: 'archived or deleted in a manifest',
};

function keptLines(sign: string, entries: readonly KeptEntry[], style: (text: string) => string): string[] {
  const lines = entries
    .slice(0, MAX_LISTED)
    .map((e) => `  ${style(sign)} ${e.address} (${MANIFEST_CHANGE[e.change]})`);
  const rest = entries.length - MAX_LISTED;
  if (rest > 0) lines.push(`  ${style(sign)} … and ${rest} more`);
  return lines;
}

function list(sign: string, addresses: readonly string[], style: (text: string) => string): string[] {
  const lines = addresses.slice(0, MAX_LISTED).map((address) => `  ${style(sign)} ${address}`);
  const rest = addresses.length - MAX_LISTED;
  if (rest > 0) lines.push(`  ${style(sign)} … and ${rest} more`);
  return lines;
}

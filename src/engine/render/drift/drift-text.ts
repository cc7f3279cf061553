/**
 * A drift report as text for people (the default output of `drift`):
 *
 *   Edited outside crm-schema (1)
 *     ~ tickets.support_level (property)
 *         label: live "Level (old)", declared "Escalation level"
 *
 *   Missing from the account (1)
 *     + tickets.support_sla_hours (property): declared, not in the account
 *
 *   What to do:
 *     To bring the account back to the manifests: crm-schema plan, then crm-schema apply.
 *     To accept the account's state instead: crm-schema pull, then review and commit the changed manifests.
 *     (with --baseline REF: crm-schema pull --baseline REF, which keeps the changes not yet deployed)
 *
 *   Drift: 1 edited, 1 missing.
 *
 * Then the planner's errors, warnings and notes. Colour only when the caller asks. Returns the lines
 * joined by newlines, without a trailing newline.
 */
import { Chalk, type ChalkInstance } from 'chalk';
import type { DriftDocument, DriftEdited } from '../../drift/drift-report.js';
import {
  adviceFor,
  driftSummaryLine,
  entryDetail,
  fieldLines,
  optionLines,
  SECTIONS,
  type DriftSection,
} from './drift-values.js';
import { diagnosticTextBlocks } from '../plan/plan-diagnostics-text.js';
import { neutralizeDocument } from '../common/safe-text.js';
import { targetText } from '../common/target-line.js';

export interface DriftTextOptions {
  color: boolean;
}

const INDENT = '  ';
const DETAIL_INDENT = '      ';

export function renderDriftText(input: DriftDocument, options: DriftTextOptions): string {
  const report = neutralizeDocument(input);
  const chalk = new Chalk({ level: options.color ? 1 : 0 });
  const blocks: string[][] = [];
  if (report.target !== undefined) {
    const since =
      report.baseline === undefined
        ? []
        : [`Last deploy: ${report.baseline.ref} (commit ${report.baseline.commit.slice(0, 12)})`];
    blocks.push([`Drift check of ${targetText(report.target)}`, ...since]);
  }
  const sections = SECTIONS.filter((s) => report[s.key].length > 0).map((s) => [
    chalk.bold(`${s.title} (${report[s.key].length})`),
    ...report[s.key].flatMap((entry) => entryLines(s.key, s.sign, entry, chalk)),
  ]);
  blocks.push(...sections);
  blocks.push(...diagnosticTextBlocks(report.diagnostics, chalk));
  if (report.drifted)
    blocks.push([chalk.bold('What to do:'), ...adviceFor(report).map((line) => `${INDENT}${line}`)]);
  blocks.push([
    report.drifted ? chalk.bold.yellow(driftSummaryLine(report)) : chalk.bold(driftSummaryLine(report)),
  ]);
  return blocks.map((block) => block.join('\n')).join('\n\n');
}

function entryLines(
  section: DriftSection,
  sign: string,
  entry: DriftDocument[DriftSection][number],
  chalk: ChalkInstance,
): string[] {
  const lines = [
    `${INDENT}${chalk.yellow(sign)} ${chalk.bold(entry.address)} ${entryDetail(section, entry)}`,
  ];
  if (section !== 'edited') return lines;
  for (const field of (entry as DriftEdited).fields) {
    for (const line of fieldLines(field)) lines.push(DETAIL_INDENT + line);
    for (const option of optionLines(field.options ?? [])) {
      lines.push(`${DETAIL_INDENT}  ${option.sign} ${option.text}`);
    }
  }
  return lines;
}

/**
 * A drift report as Markdown, for an issue body or the GitHub step summary:
 *
 *   <!-- crm-schema-drift -->       the marker a workflow may find its issue or comment by
 *   ### crm-schema drift
 *   **Drift: 1 edited, 1 missing.**
 *   | section | count |            the counts
 *   #### Edited outside crm-schema  one list item per resource, fields as nested items
 *   ...
 *   #### What to do
 *
 * User text is escaped (values sit in code spans). The whole text stays under `maxLength` (60,000
 * characters by default, below GitHub's 65,536 for an issue body or comment): entries past it are left
 * out with a note saying how many.
 */
import type { DriftDocument, DriftEdited } from '../../drift/drift-report.js';
import type { PlanDiagnostic } from '../../plan/diagnostics.js';
import {
  adviceFor,
  driftSummaryLine,
  entryDetail,
  fieldLines,
  optionLines,
  SECTIONS,
  type DriftSection,
} from './drift-values.js';
import { codeSpan, escapeMarkdown } from '../common/markdown-escape.js';
import { formatCount } from '../common/plan-values.js';
import { neutralizeDocument } from '../common/safe-text.js';
import { targetMarkdown } from '../common/target-line.js';
import { must } from '../../../core/must.js';
import type { JsonValue } from '../../../core/json.js';

export const DRIFT_MARKER = '<!-- crm-schema-drift -->';
export const DRIFT_MARKDOWN_MAX_LENGTH = 60_000;

export interface DriftMarkdownOptions {
  maxLength?: number;
}

/** The Markdown of a drift report, ending with a newline. */
export function renderDriftMarkdown(input: DriftDocument, options: DriftMarkdownOptions = {}): string {
  const report = neutralizeDocument(input);
  const limit = options.maxLength ?? DRIFT_MARKDOWN_MAX_LENGTH;
  let out = `${DRIFT_MARKER}\n### crm-schema drift\n\n`;
  if (report.target !== undefined) out += `${targetMarkdown(report.target)}\n\n`;
  if (report.baseline !== undefined) {
    out += `Last deploy: ${codeSpan(report.baseline.ref)} (commit ${codeSpan(report.baseline.commit.slice(0, 12))})\n\n`;
  }
  out += `**${escapeMarkdown(driftSummaryLine(report))}**\n`;
  if (report.drifted) out += `\n${countsTable(report)}`;

  const tail = report.drifted
    ? `\n#### What to do\n\n${adviceFor(report)
        .map((a) => `- ${adviceMarkdown(a)}\n`)
        .join('')}`
    : '';
  const reserve = tail.length + 200; // room for the cut note
  let left = 0;
  const blocks: { head: string; items: string[] }[] = [
    ...SECTIONS.filter((s) => report[s.key].length > 0).map((s) => ({
      head: `\n#### ${s.title} (${formatCount(report[s.key].length)})\n\n`,
      items: report[s.key].map((entry) => entryItem(s.key, entry)),
    })),
    ...diagnosticBlocks(report.diagnostics),
  ];
  for (const block of blocks) {
    if (out.length + block.head.length + reserve > limit) {
      left += block.items.length;
      continue;
    }
    out += block.head;
    for (const item of block.items) {
      if (out.length + item.length + reserve > limit) left += 1;
      else out += item;
    }
  }
  if (left > 0) {
    out +=
      `\n… ${formatCount(left)} more ${left === 1 ? 'entry' : 'entries'} not shown (limited to ` +
      `${formatCount(limit)} characters); run \`crm-schema drift --json\` for the full report.\n`;
  }
  return out + tail;
}

function countsTable(report: DriftDocument): string {
  let out = '| drift | count |\n| --- | ---: |\n';
  for (const s of SECTIONS) {
    if (report.counts[s.key] > 0) out += `| ${s.title} | ${formatCount(report.counts[s.key])} |\n`;
  }
  return out;
}

function entryItem(section: DriftSection, entry: DriftDocument[DriftSection][number]): string {
  let out = `- ${codeSpan(entry.address)} ${escapeMarkdown(entryDetail(section, entry))}\n`;
  if (section !== 'edited') return out;
  for (const field of (entry as DriftEdited).fields) {
    const [first, ...rest] = fieldLines(field, value);
    out += `  - ${fieldHead(must(first, 'a field line'))}\n`;
    for (const line of rest) out += `    - ${line.trim()}\n`;
    for (const option of optionLines(field.options ?? [])) {
      out += `    - ${codeSpan(option.sign)} ${escapeMarkdown(option.text)}\n`;
    }
  }
  return out;
}

/** `label: live ..., declared ...` with the field name as code. */
function fieldHead(line: string): string {
  const colon = line.indexOf(':');
  return `${codeSpan(line.slice(0, colon))}${line.slice(colon)}`;
}

function value(v: JsonValue): string {
  return v === null ? '(unset)' : codeSpan(JSON.stringify(v));
}

/** An advice line, each command in it (with its `--baseline REF`) as code, the rest escaped. */
function adviceMarkdown(line: string): string {
  return line
    .split(/(crm-schema (?:plan|apply|pull)(?: --baseline \S+)?)/)
    .map((part, i) => (i % 2 === 1 ? codeSpan(part) : escapeMarkdown(part)))
    .join('');
}

function diagnosticBlocks(diagnostics: readonly PlanDiagnostic[]): { head: string; items: string[] }[] {
  const titles = [
    ['error', 'Errors'],
    ['warning', 'Warnings'],
    ['info', 'Notes'],
  ] as const;
  return titles
    .map(([level, title]) => ({ title, found: diagnostics.filter((d) => d.level === level) }))
    .filter(({ found }) => found.length > 0)
    .map(({ title, found }) => ({
      head: `\n#### ${title} (${formatCount(found.length)})\n\n`,
      items: found.map((d) => {
        const at = d.address === undefined ? '' : `${codeSpan(d.address)}: `;
        const hint = d.hint === undefined ? '' : ` ${escapeMarkdown(d.hint)}`;
        return `- ${at}${escapeMarkdown(d.message)}.${hint}\n`;
      }),
    }));
}

/**
 * A plan as Markdown for a pull request comment (`plan --format markdown`, and the GitHub step summary):
 *
 *   <!-- crm-schema-plan -->          the marker a workflow finds its own comment by
 *   ### crm-schema plan
 *   **Plan: ...**                     the summary line, then a table of changes by action and severity
 *   #### Errors                       the plan's errors
 *   #### Refused by policy            changes the target's policy refuses, each with how to allow it
 *   #### Irreversible                 changes a rollback cannot reverse, each with why
 *   #### Needs attention              destructive, then dangerous changes, each with its reason
 *   #### Warnings / Notes
 *   #### Changes                      a collapsed <details> per object type, association pair, event
 *
 * User text is escaped; the whole comment stays under `maxLength` (60,000 characters by default, below
 * GitHub's 65,536), cut between whole items with a note saying what is not shown.
 */
import { graphOfEdges } from '../../graph/association-graph.js';
import { renderMermaid } from '../../graph/mermaid.js';
import { planGraph } from './plan-graph.js';
import type { PlanDiagnostic, DiagnosticLevel } from '../../plan/diagnostics.js';
import type { PlanDocument, PlannedChange } from '../../plan/plan-document.js';
import type { Severity } from '../../plan/severity.js';
import { fitToLimit, type MarkdownItem, type MarkdownSection, type Omitted } from './plan-markdown-budget.js';
import {
  attentionItem,
  changeItem,
  diagnosticItem,
  irreversibleItem,
  refusedItem,
} from './plan-markdown-change.js';
import { irreversibleChanges } from './plan-reversal.js';
import { codeSpan, escapeHtml } from '../common/markdown-escape.js';
import { groupChanges, needingAttention, type ChangeGroup } from './plan-groups.js';
import {
  countPlan,
  planErrorLine,
  summaryLine,
  VERB_SYMBOLS,
  VERBS,
  type PlanCounts,
} from './plan-summary.js';
import { countOf, formatCount } from '../common/plan-values.js';
import { at } from '../../../core/must.js';
import { neutralizeDocument } from '../common/safe-text.js';
import { targetMarkdown } from '../common/target-line.js';
import { rollbackMarkdown } from './plan-rollback.js';

export const PLAN_COMMENT_MARKER = '<!-- crm-schema-plan -->';
export const MARKDOWN_MAX_LENGTH = 60_000;
/** Needs attention and Refused by policy list this many changes at most. */
export const MAX_ATTENTION = 50;

export interface PlanMarkdownOptions {
  /** the comment's size limit in characters; default 60,000 */
  maxLength?: number;
}

const SEVERITY_COLUMNS: readonly Severity[] = ['safe', 'dangerous', 'destructive'];

const DIAGNOSTIC_TITLES: Readonly<Record<DiagnosticLevel, [string, string]>> = {
  error: ['error', 'errors'],
  warning: ['warning', 'warnings'],
  info: ['note', 'notes'],
};

/** The Markdown of a plan, ending with a newline. */
export function renderPlanMarkdown(input: PlanDocument, options: PlanMarkdownOptions = {}): string {
  const plan = neutralizeDocument(input);
  const limit = options.maxLength ?? MARKDOWN_MAX_LENGTH;
  const counts = countPlan(plan.changes, plan.diagnostics);
  const byLevel = (level: DiagnosticLevel) => plan.diagnostics.filter((d) => d.level === level);
  const sections: MarkdownSection[] = [
    diagnosticSection('Errors', byLevel('error')),
    refusedSection(plan),
    irreversibleSection(plan),
    attentionSection(plan),
    diagnosticSection('Warnings', byLevel('warning')),
    diagnosticSection('Notes', byLevel('info')),
    graphSection(plan),
    ...groupChanges(plan.changes).map((group, index) => groupSection(group, index === 0)),
  ];
  return fitToLimit({
    head: head(plan, counts),
    sections,
    limit,
    changeIds: plan.changes.map((c) => c.id),
    diagnostics: { error: counts.errors, warning: counts.warnings, info: byLevel('info').length },
    note: (omitted) => cutNote(omitted, limit),
  });
}

function head(plan: PlanDocument, counts: PlanCounts): string {
  let out = `${PLAN_COMMENT_MARKER}\n### crm-schema plan\n\n`;
  if (plan.target !== undefined) out += `${targetMarkdown(plan.target)}\n\n`;
  const rollback = rollbackMarkdown(plan);
  if (rollback !== undefined) out += `${rollback}\n\n`;
  out += `**${summaryLine(counts, plan.rollback !== undefined)}**\n`;
  const errors = planErrorLine(counts);
  if (errors !== undefined) out += `\n**${errors}**\n`;
  if (counts.changes > 0) out += `\n${summaryTable(counts)}`;
  return out;
}

/** Changes by action (rows) and severity (columns); rows with no change are left out. */
function summaryTable(counts: PlanCounts): string {
  const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |\n`;
  let out = row(['change', ...SEVERITY_COLUMNS, 'total']);
  out += row(['---', ...SEVERITY_COLUMNS.map(() => '---:'), '---:']);
  for (const verb of VERBS) {
    const c = counts.byVerb[verb];
    if (c.total === 0) continue;
    out += row([
      `${codeSpan(VERB_SYMBOLS[verb])} ${verb}`,
      ...SEVERITY_COLUMNS.map((s) => formatCount(c[s])),
      formatCount(c.total),
    ]);
  }
  const totals = SEVERITY_COLUMNS.map((s) => `**${formatCount(counts.bySeverity[s])}**`);
  return out + row(['**total**', ...totals, `**${formatCount(counts.changes)}**`]);
}

/** The most edges drawn: a plan touching more labels shows these, and says how many it left out. */
const MAX_GRAPH_EDGES = 50;

/**
 * The association graph of the plan's label and limit changes (none when it changes neither), at most
 * MAX_GRAPH_EDGES edges so that it never crowds the changes out of the comment.
 */
function graphSection(plan: PlanDocument): MarkdownSection {
  const whole = planGraph(plan.changes);
  const left = whole === undefined ? 0 : Math.max(0, whole.edges.length - MAX_GRAPH_EDGES);
  const graph =
    whole === undefined || left === 0 ? whole : graphOfEdges(whole.edges.slice(0, MAX_GRAPH_EDGES));
  const more = left === 0 ? '' : `\n(${formatCount(left)} more label and limit changes, listed below.)\n`;
  return {
    open: () => '\n#### Association labels and limits\n\n',
    close: '',
    items: graph === undefined ? [] : [{ text: `\`\`\`mermaid\n${renderMermaid(graph)}\`\`\`\n${more}` }],
  };
}

function diagnosticSection(title: string, diagnostics: readonly PlanDiagnostic[]): MarkdownSection {
  return {
    open: () => `\n#### ${title} (${formatCount(diagnostics.length)})\n\n`,
    close: '',
    items: diagnostics.map((d) => ({ text: diagnosticItem(d), diagnostic: d.level })),
  };
}

function refusedSection(plan: PlanDocument): MarkdownSection {
  const refused = plan.changes.filter((c) => c.policy.decision === 'refuse');
  return {
    open: () =>
      `\n#### Refused by policy (${formatCount(refused.length)})\n\n` +
      'Apply writes nothing while the plan holds these (unless `--skip-refused`, which applies the rest).\n\n',
    close: '',
    items: listed(refused, refusedItem, 'more refused changes'),
  };
}

/** The first `MAX_ATTENTION` changes as items, then a line counting the rest. */
function listed(
  changes: readonly PlannedChange[],
  item: (change: PlannedChange) => string,
  more: string,
): MarkdownItem[] {
  const items: MarkdownItem[] = changes
    .slice(0, MAX_ATTENTION)
    .map((c) => ({ text: item(c), changeIds: [c.id] }));
  const rest = changes.length - MAX_ATTENTION;
  // a list of thousands helps no reviewer; each change still carries its marks where it is listed
  if (rest > 0) items.push({ text: `- … and ${formatCount(rest)} ${more}\n` });
  return items;
}

function attentionSection(plan: PlanDocument): MarkdownSection {
  const changes = needingAttention(plan.changes);
  return {
    open: () => `\n#### Needs attention (${formatCount(changes.length)})\n\n`,
    close: '',
    items: listed(changes, attentionItem, 'more destructive or dangerous changes'),
  };
}

function irreversibleSection(plan: PlanDocument): MarkdownSection {
  const changes = irreversibleChanges(plan.changes);
  return {
    open: () =>
      `\n#### Irreversible (${formatCount(changes.length)})\n\n` +
      'Once applied, `crm-schema rollback` cannot reverse these:\n\n',
    close: '',
    items: listed(changes, irreversibleItem, 'more irreversible changes'),
  };
}

function groupSection(group: ChangeGroup, first: boolean): MarkdownSection {
  const total = group.changes.length;
  const bySeverity = (s: Severity) => group.changes.filter((c) => c.severity === s).length;
  const marks = (['destructive', 'dangerous'] as const)
    .filter((s) => bySeverity(s) > 0)
    .map((s) => `, ${formatCount(bySeverity(s))} ${s}`)
    .join('');
  return {
    open: (shown) => {
      const partial = shown < total ? `; the first ${formatCount(shown)} shown` : '';
      const summary = escapeHtml(`${group.title} (${countOf(total, 'change', 'changes')}${marks}${partial})`);
      return `${first ? '\n#### Changes\n' : ''}\n<details><summary>${summary}</summary>\n\n`;
    },
    close: '\n</details>\n',
    items: group.changes.map((c) => ({ text: changeItem(c), changeIds: [c.id] })),
  };
}

/** `… 1,234 more changes not shown (the comment is limited to 60,000 characters); see ...` */
function cutNote(omitted: Omitted, limit: number): string {
  const parts: string[] = [];
  if (omitted.changes > 0)
    parts.push(`${formatCount(omitted.changes)} more ${omitted.changes === 1 ? 'change' : 'changes'}`);
  for (const level of ['error', 'warning', 'info'] as const) {
    const n = omitted.diagnostics[level];
    if (n > 0) parts.push(`${formatCount(n)} more ${DIAGNOSTIC_TITLES[level][n === 1 ? 0 : 1]}`);
  }
  const what = parts.length === 0 ? 'more details' : joinAnd(parts);
  return (
    `… ${what} not shown (the comment is limited to ${formatCount(limit)} characters); ` +
    'see the full plan in the job log or the plan artifact.'
  );
}

function joinAnd(parts: readonly string[]): string {
  return parts.length === 1
    ? at(parts, 0)
    : `${parts.slice(0, -1).join(', ')} and ${at(parts, parts.length - 1)}`;
}

/**
 * The plans of several environments in one output (`plan --env staging --env production`,
 * `--all-environments`): a summary table (environment x creates, updates, replaces, removals,
 * destructive, refused, errors), then each environment's plan, so a reviewer sees what production will do
 * before staging is applied. Markdown: one pull request comment, each plan collapsed under its
 * environment and cut to its share of the size limit; text: each plan under a heading.
 */
import type { PlanDocument } from '../../plan/plan-document.js';
import { codeSpan, escapeHtml } from '../common/markdown-escape.js';
import { MARKDOWN_MAX_LENGTH, PLAN_COMMENT_MARKER, renderPlanMarkdown } from './plan-markdown.js';
import { renderPlanText } from './plan-text.js';
import { formatCount } from '../common/plan-values.js';

export interface EnvironmentPlan {
  environment: string;
  plan: PlanDocument;
}

/** `--json`: every environment's plan document. */
export interface MultiPlanDocument {
  environments: EnvironmentPlan[];
}

const COLUMNS = ['create', 'update', 'replace', 'remove', 'destructive', 'refused', 'errors'] as const;

function row(entry: EnvironmentPlan): string[] {
  const s = entry.plan.summary;
  return [s.create, s.update, s.replace, s.remove, s.destructive, s.refused, s.errors].map(formatCount);
}

export function renderMultiPlanMarkdown(
  entries: readonly EnvironmentPlan[],
  maxLength = MARKDOWN_MAX_LENGTH,
): string {
  const table = [
    `| environment | ${COLUMNS.join(' | ')} |`,
    `| --- | ${COLUMNS.map(() => '---:').join(' | ')} |`,
    ...entries.map((e) => `| ${codeSpan(e.environment)} | ${row(e).join(' | ')} |`),
  ].join('\n');
  const head = `${PLAN_COMMENT_MARKER}\n### crm-schema plan: ${formatCount(entries.length)} environments\n\n${table}\n`;
  // each plan gets an equal share of what the table leaves
  const share = Math.max(2_000, Math.floor((maxLength - head.length) / Math.max(1, entries.length)) - 200);
  const sections = entries.map((e) => {
    const body = renderPlanMarkdown(e.plan, { maxLength: share })
      .replace(`${PLAN_COMMENT_MARKER}\n`, '')
      .replace('### crm-schema plan\n', '');
    const changes = e.plan.summary.changes;
    const what =
      e.plan.summary.errors > 0
        ? `${formatCount(e.plan.summary.errors)} errors`
        : `${formatCount(changes)} change${changes === 1 ? '' : 's'}`;
    return `<details${e.plan.summary.errors > 0 || e.plan.summary.refused > 0 ? ' open' : ''}><summary><code>${escapeHtml(e.environment)}</code>: ${what}</summary>\n\n${body.trim()}\n\n</details>`;
  });
  return `${head}\n${sections.join('\n\n')}\n`;
}

export function renderMultiPlanText(entries: readonly EnvironmentPlan[], color: boolean): string {
  const sections = entries.map((e) => `== ${e.environment} ==\n${renderPlanText(e.plan, { color })}`);
  return `${renderSummaryTable(entries)}\n\n${sections.join('\n\n')}\n`;
}

/** Columns two spaces apart, each as wide as its name or its widest count; counts right-aligned. */
function renderSummaryTable(entries: readonly EnvironmentPlan[]): string {
  const rows = entries.map((e) => ({ environment: e.environment, counts: row(e) }));
  const first = Math.max(...rows.map((r) => r.environment.length), 'environment'.length);
  const widths = COLUMNS.map((name, i) =>
    Math.max(name.length, ...rows.map((r) => (r.counts[i] ?? '').length)),
  );
  const line = (environment: string, cells: readonly string[]) =>
    [environment.padEnd(first), ...cells.map((cell, i) => cell.padStart(widths[i] ?? 0))].join('  ');
  return [line('environment', COLUMNS), ...rows.map((r) => line(r.environment, r.counts))].join('\n');
}

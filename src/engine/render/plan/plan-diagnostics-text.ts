/**
 * The planner's errors, warnings and notes as text blocks, one per level that has any: shared by the
 * plan and drift text renderers, which show them the same way.
 *
 *   Warnings:
 *     warning BUILTIN_PROPERTY: tickets.subject is a built-in property: crm-schema never archives it
 *       at manifests/tickets.yaml:12:5
 *       hint: Remove the tombstone from the manifest.
 */
import type { ChalkInstance } from 'chalk';
import type { PlanDiagnostic, DiagnosticLevel } from '../../plan/diagnostics.js';

const INDENT = '  ';

const DIAGNOSTIC_SECTIONS: readonly { level: DiagnosticLevel; title: string }[] = [
  { level: 'error', title: 'Errors' },
  { level: 'warning', title: 'Warnings' },
  { level: 'info', title: 'Notes' },
];

/** One block (title line, then the diagnostics' lines) per level with diagnostics, errors first. */
export function diagnosticTextBlocks(
  diagnostics: readonly PlanDiagnostic[],
  chalk: ChalkInstance,
): string[][] {
  const blocks: string[][] = [];
  for (const { level, title } of DIAGNOSTIC_SECTIONS) {
    const found = diagnostics.filter((d) => d.level === level);
    if (found.length > 0)
      blocks.push([chalk.bold(`${title}:`), ...found.flatMap((d) => diagnosticLines(d, chalk))]);
  }
  return blocks;
}

function diagnosticLines(d: PlanDiagnostic, chalk: ChalkInstance): string[] {
  const level =
    d.level === 'error' ? chalk.red(d.level) : d.level === 'warning' ? chalk.yellow(d.level) : d.level;
  const lines = [`${INDENT}${level} ${chalk.dim(`${d.code}:`)} ${d.message}`];
  if (d.source !== undefined) lines.push(`${INDENT}  at ${d.source.file}:${d.source.line}:${d.source.col}`);
  if (d.hint !== undefined) lines.push(`${INDENT}  ${chalk.cyan('hint:')} ${d.hint}`);
  return lines;
}

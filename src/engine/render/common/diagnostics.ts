/**
 * Prints validation results: one line per problem, `file:line:col  severity  CODE  path: message`,
 * an indented hint where one helps, and a summary line; or the same as JSON data.
 */
import { Chalk, type ChalkInstance } from 'chalk';
import type { Diagnostic, ValidationReport } from '../../manifest/index.js';
import type { Excerpt } from '../../../core/source/diagnostics.js';
import { neutralize } from '../../../core/control-chars.js';
import { neutralizeDocument } from './safe-text.js';
import { formatCount } from '../../../core/count-text.js';

export interface TextOptions {
  color: boolean;
}

/** The text output of `crm-schema validate`, as lines (no trailing newline). */
export function renderDiagnosticsText(input: ValidationReport, options: TextOptions): string {
  const report = neutralizeDocument({ ...input, diagnostics: input.diagnostics.map(withoutExcerpt) });
  const chalk = new Chalk({ level: options.color ? 1 : 0 });
  const lines: string[] = [];
  const omitted = new Map(input.omitted.map((o) => [o.file, o.count]));
  const last = new Map(input.diagnostics.map((d, i) => [d.file, i]));
  report.diagnostics.forEach((d, i) => {
    const severity = d.severity === 'error' ? chalk.red('error') : chalk.yellow('warning');
    const where = chalk.bold(formatPlace(d));
    const message = d.path ? `${chalk.dim(`${d.path}:`)} ${d.message}` : d.message;
    lines.push(`${where}  ${severity}  ${chalk.dim(d.code)}  ${message}`);
    const excerpt = input.diagnostics[i]?.excerpt;
    if (excerpt !== undefined) lines.push(...excerptLines(excerpt, chalk));
    if (d.hint) lines.push(`    ${chalk.cyan('hint:')} ${d.hint}`);
    const more = omitted.get(input.diagnostics[i]?.file ?? '');
    if (more !== undefined && last.get(input.diagnostics[i]?.file ?? '') === i)
      lines.push(
        `${chalk.bold(d.file)}  ... and ${formatCount(more)} more ${more === 1 ? 'problem' : 'problems'} in this file: fix these first, then validate again`,
      );
  });
  if (lines.length > 0) lines.push('');
  const summary = summarise(report);
  lines.push(
    report.errorCount > 0
      ? chalk.red(summary)
      : report.warningCount > 0
        ? chalk.yellow(summary)
        : chalk.green(summary),
  );
  return lines.join('\n');
}

function withoutExcerpt(d: Diagnostic): Diagnostic {
  const { excerpt: _excerpt, ...rest } = d;
  return rest;
}

/**
 * The source line under a problem, and a caret under its column:
 *
 *        6 |      type: string
 *          |      ^
 *
 * Control characters of the line are shown by stand-ins (the caret counts them as shown).
 */
function excerptLines(excerpt: Excerpt, chalk: ChalkInstance): string[] {
  const number = String(excerpt.line);
  const shown = neutralize(excerpt.text, { oneLine: true });
  const before = neutralize(excerpt.text.slice(0, Math.max(0, excerpt.col - 1)), { oneLine: true });
  const gutter = ' '.repeat(number.length);
  return [
    `    ${chalk.dim(`${number} |`)} ${shown}`,
    `    ${chalk.dim(`${gutter} |`)} ${' '.repeat(Array.from(before).length)}${chalk.red('^')}`,
  ];
}

/** `2 errors, 1 warning in 3 files.`, or `No problems in 3 files.` */
export function summarise(report: Pick<ValidationReport, 'errorCount' | 'warningCount' | 'files'>): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const files = plural(report.files.length, 'file');
  if (report.errorCount === 0 && report.warningCount === 0) return `No problems in ${files}.`;
  const parts = [plural(report.errorCount, 'error')];
  if (report.warningCount > 0) parts.push(plural(report.warningCount, 'warning'));
  return `${parts.join(', ')} in ${files}.`;
}

/** `file:line:col`, or just the file for problems with the whole file. */
export function formatPlace(d: Pick<Diagnostic, 'file' | 'line' | 'col'>): string {
  return d.line === null ? d.file : `${d.file}:${d.line}:${d.col ?? 1}`;
}

export interface DiagnosticJson {
  file: string;
  line: number | null;
  col: number | null;
  severity: 'error' | 'warning';
  code: string;
  message: string;
  hint: string | null;
  path: string | null;
}

export interface ValidationJson {
  ok: boolean;
  files: string[];
  /** every problem, also those past the first 100 of a file, which the lists leave out */
  errorCount: number;
  warningCount: number;
  /** files with more problems than the lists hold, and how many more */
  omitted: { file: string; count: number }[];
  errors: DiagnosticJson[];
  warnings: DiagnosticJson[];
}

/** The `--json` output of `crm-schema validate`: the same problems as data, with stable keys. */
export function diagnosticsJson(report: ValidationReport): ValidationJson {
  const item = (d: Diagnostic): DiagnosticJson => ({
    file: d.file,
    line: d.line,
    col: d.col,
    severity: d.severity,
    code: d.code,
    message: d.message,
    hint: d.hint ?? null,
    path: d.path ?? null,
  });
  return {
    ok: report.ok,
    files: report.files,
    errorCount: report.errorCount,
    warningCount: report.warningCount,
    omitted: report.omitted,
    errors: report.diagnostics.filter((d) => d.severity === 'error').map(item),
    warnings: report.diagnostics.filter((d) => d.severity === 'warning').map(item),
  };
}

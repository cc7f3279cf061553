/** Inline-fixture helpers for the manifest tests: validate YAML texts in memory. */
import { validateSources } from '../../src/engine/manifest/index.js';
import type { Diagnostic, ValidationReport } from '../../src/engine/manifest/index.js';

/** Validates one text (`m.yaml`) or several files (name -> text) as one project. */
export function check(texts: string | Record<string, string>): ValidationReport {
  const files = typeof texts === 'string' ? { 'm.yaml': texts } : texts;
  return validateSources(Object.entries(files).map(([file, text]) => ({ file, text })));
}

/** `file:line:col code` of each problem, for compact exact assertions. */
export function brief(report: ValidationReport): string[] {
  return report.diagnostics.map((d) => `${d.file}:${d.line ?? '-'}:${d.col ?? '-'} ${d.severity} ${d.code}`);
}

export function codes(report: ValidationReport): string[] {
  return report.diagnostics.map((d) => d.code);
}

export function only(report: ValidationReport): Diagnostic {
  if (report.diagnostics.length !== 1) {
    throw new Error(`expected one diagnostic, got ${JSON.stringify(report.diagnostics, null, 2)}`);
  }
  return report.diagnostics[0]!;
}

/** A Properties document for tickets with a declared group `g` and the given property entries. */
export function tickets(properties: string): string {
  return `kind: Properties
objectType: tickets
groups:
  - { name: g, label: G }
properties:
${properties}`;
}

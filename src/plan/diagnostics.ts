/**
 * Findings of the planner that are not changes: errors (the plan must not be applied), warnings and
 * notes. JSON-able; renderers show them next to the changes.
 */
import type { SourceLocation } from './desired.js';

export type DiagnosticLevel = 'error' | 'warning' | 'info';

export interface Diagnostic {
  level: DiagnosticLevel;
  /** stable identifier, e.g. `builtin-property` */
  code: string;
  message: string;
  address?: string;
  source?: SourceLocation;
  /** what to do next */
  hint?: string;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.level === 'error');
}

/**
 * Findings of the planner that are not changes: errors (the plan must not be applied), warnings and
 * notes. JSON-able; renderers show them next to the changes.
 */
import type { PlanCode } from './codes.js';
import type { SourceLocation } from '../model/source-location.js';

export type DiagnosticLevel = 'error' | 'warning' | 'info';

export interface PlanDiagnostic {
  level: DiagnosticLevel;
  /** stable identifier from the planner's code table, e.g. `BUILTIN_PROPERTY` */
  code: PlanCode;
  message: string;
  address?: string;
  source?: SourceLocation;
  /** what to do next */
  hint?: string;
}

export function hasErrors(diagnostics: readonly PlanDiagnostic[]): boolean {
  return diagnostics.some((d) => d.level === 'error');
}

/**
 * Every diagnostic code the planner (and the data check feeding it) can report, with its level and what
 * it means: the engine's own here, each family's in its folder (`Family.planCodes`). The docs' table of
 * plan diagnostics is this table.
 */
import type { DiagnosticLevel } from './diagnostics.js';

export interface PlanCodeInfo {
  level: DiagnosticLevel;
  /** one line for the docs */
  summary: string;
  /** a live resource in the managed scope that no manifest names (the summary line counts them) */
  unmanaged?: true;
}

export const PLAN_CODES = {
  OUTSIDE_MANAGE_SCOPE: {
    level: 'error',
    summary:
      "a manifest names a resource outside the policy's manage scope (another team's property, group, event or label)",
  },
  TOMBSTONE_CONFLICT: {
    level: 'error',
    summary: 'a resource is declared and marked archived/deleted at once',
  },
  DEPENDENCY_CYCLE: {
    level: 'error',
    summary: 'calculated properties use each other in a cycle',
  },
  NO_MANAGE_SCOPE: {
    level: 'warning',
    summary:
      "the policy has no manage scope: the manifests may change any resource they name, other teams' too",
  },
  ROLLBACK_CONFLICT: {
    level: 'error',
    summary:
      'rollback: the resource changed since the apply it reverses (it holds neither what the apply left nor what was there before)',
  },
  ROLLBACK_IRREVERSIBLE: {
    level: 'error',
    summary: 'rollback: part of what the apply did cannot be reversed (the message says which part and why)',
  },
  ROLLBACK_LEFT_AS_IS: {
    level: 'warning',
    summary: 'rollback with --partial: a conflict, or what cannot be reversed, is left as it is',
  },
  ROLLBACK_NOT_APPLIED: {
    level: 'info',
    summary:
      'rollback: a change of the apply record that did not apply (failed, skipped, or not run by an apply that stopped) is not reversed',
  },
  DATA_CHECK_SKIPPED: {
    level: 'info',
    summary: 'a count of affected records could not be made (missing read scope, call budget)',
  },
} as const satisfies Record<string, PlanCodeInfo>;

/** A code of the engine's table or of a family's. */
export type PlanCode = string;

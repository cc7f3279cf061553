/**
 * Every diagnostic code the planner (and the data check feeding it) can report, with its level and what
 * it means. The docs' table of plan diagnostics is this table.
 */
import type { DiagnosticLevel } from './diagnostics.js';

interface PlanCodeInfo {
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
  UNKNOWN_GROUP: {
    level: 'error',
    summary: 'a property is in a group no manifest declares and the account does not have',
  },
  GROUP_NOT_EMPTY: {
    level: 'error',
    summary: 'a group to archive would still hold active properties',
  },
  UNKNOWN_EVENT: {
    level: 'error',
    summary: 'an event definition the account lacks and no manifest defines',
  },
  UNKNOWN_LABEL: {
    level: 'error',
    summary: 'a limit for a label no manifest declares and the account does not have',
  },
  LABEL_PAIR_CONFLICT: {
    level: 'error',
    summary: "the account's labels and the declared pair disagree on a direction's text",
  },
  RENAME_SOURCE_MISSING: {
    level: 'error',
    summary: 'renamedFrom names no label of the account, and neither does the new text',
  },
  RENAME_BLOCKED: {
    level: 'error',
    summary:
      'a property cannot be renamed as declared: from a built-in one, to an archived name, or across types',
  },
  LABEL_TEXT_TAKEN: {
    level: 'error',
    summary: 'a new label would take a text another label holds in the other direction',
  },
  LABEL_PAIR_UNKNOWN: {
    level: 'error',
    summary: "a live label's type in the other direction cannot be found",
  },
  DEPENDENCY_CYCLE: {
    level: 'error',
    summary: 'calculated properties use each other in a cycle',
  },
  BUILTIN_PROPERTY: {
    level: 'warning',
    summary: 'a built-in property is declared: crm-schema never changes it',
  },
  BUILTIN_LABEL: {
    level: 'warning',
    summary: 'a built-in label is declared: crm-schema never changes it',
  },
  BUILTIN_EVENT_PROPERTY: {
    level: 'warning',
    summary: 'a built-in event property is declared: crm-schema never changes it',
  },
  UNMANAGED_PROPERTY: {
    level: 'warning',
    summary: 'a property in the managed scope is in no manifest (policy unmanaged: report)',
    unmanaged: true,
  },
  UNMANAGED_LABEL: {
    level: 'warning',
    summary:
      'a label in the label scope (without one: of a declared object pair) is in no manifest (policy unmanaged: report)',
    unmanaged: true,
  },
  UNMANAGED_EVENT_PROPERTY: {
    level: 'warning',
    summary: 'an event property in the managed scope is in no manifest (policy unmanaged: report)',
    unmanaged: true,
  },
  NO_MANAGE_SCOPE: {
    level: 'warning',
    summary:
      "the policy has no manage scope: the manifests may change any resource they name, other teams' too",
  },
  NO_LABEL_SCOPE: {
    level: 'warning',
    summary:
      "the manage scope has no labels entry: the manifests may change any association label they name, other teams' too",
  },
  EVENT_DEFINITION_DIFFERS: {
    level: 'warning',
    summary: "an event definition's primary object differs from its definition block: it cannot change",
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
  EVENTS_NOT_READ: {
    level: 'info',
    summary:
      'an event definition was not read (the token lacks the event scope, which also writes): apply plans it with its own token',
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

export type PlanCode = keyof typeof PLAN_CODES;

/**
 * Whether a diagnostic reports a live resource in the managed scope that no manifest names. A plan read
 * from a file may carry any code: one the table does not know is no such finding.
 */
export function isUnmanagedFinding(code: string): boolean {
  if (!Object.hasOwn(PLAN_CODES, code)) return false;
  const info: PlanCodeInfo = PLAN_CODES[code as PlanCode];
  return info.unmanaged === true;
}

/** The diagnostic codes the association family's diff reports, with their level and what each means. */
import type { PlanCodeInfo } from '../../engine/plan/codes.js';

export const ASSOCIATION_PLAN_CODES = {
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
  LABEL_TEXT_TAKEN: {
    level: 'error',
    summary: 'a new label would take a text another label holds in the other direction',
  },
  LABEL_PAIR_UNKNOWN: {
    level: 'error',
    summary: "a live label's type in the other direction cannot be found",
  },
  BUILTIN_LABEL: {
    level: 'warning',
    summary: 'a built-in label is declared: crm-schema never changes it',
  },
  UNMANAGED_LABEL: {
    level: 'warning',
    summary:
      'a label in the label scope (without one: of a declared object pair) is in no manifest (policy unmanaged: report)',
    unmanaged: true,
  },
  NO_LABEL_SCOPE: {
    level: 'warning',
    summary:
      "the manage scope has no labels entry: the manifests may change any association label they name, other teams' too",
  },
} as const satisfies Record<string, PlanCodeInfo>;

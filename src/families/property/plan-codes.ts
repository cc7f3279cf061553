/** The diagnostic codes the property family's diff reports, with their level and what each means. */
import type { PlanCodeInfo } from '../../engine/plan/codes.js';

export const PROPERTY_PLAN_CODES = {
  UNKNOWN_GROUP: {
    level: 'error',
    summary: 'a property is in a group no manifest declares and the account does not have',
  },
  GROUP_NOT_EMPTY: {
    level: 'error',
    summary: 'a group to archive would still hold active properties',
  },
  RENAME_BLOCKED: {
    level: 'error',
    summary:
      'a property cannot be renamed as declared: from a built-in one, to an archived name, or across types',
  },
  BUILTIN_PROPERTY: {
    level: 'warning',
    summary: 'a built-in property is declared: crm-schema never changes it',
  },
  UNMANAGED_PROPERTY: {
    level: 'warning',
    summary: 'a property in the managed scope is in no manifest (policy unmanaged: report)',
    unmanaged: true,
  },
} as const satisfies Record<string, PlanCodeInfo>;

/** The diagnostic codes the event family's diff reports, with their level and what each means. */
import type { PlanCodeInfo } from '../../engine/plan/codes.js';

export const EVENT_PLAN_CODES = {
  UNKNOWN_EVENT: {
    level: 'error',
    summary: 'an event definition the account lacks and no manifest defines',
  },
  BUILTIN_EVENT_PROPERTY: {
    level: 'warning',
    summary: 'a built-in event property is declared: crm-schema never changes it',
  },
  UNMANAGED_EVENT_PROPERTY: {
    level: 'warning',
    summary: 'an event property in the managed scope is in no manifest (policy unmanaged: report)',
    unmanaged: true,
  },
  EVENT_DEFINITION_DIFFERS: {
    level: 'warning',
    summary: "an event definition's primary object differs from its definition block: it cannot change",
  },
  EVENTS_NOT_READ: {
    level: 'info',
    summary:
      'an event definition was not read (the token lacks the event scope, which also writes): apply plans it with its own token',
  },
} as const satisfies Record<string, PlanCodeInfo>;

/** The validation codes the event family's declarations and rules report, with their step and meaning. */
import type { CodeInfo } from '../../../core/source/codes.js';

export const EVENT_VALIDATION_CODES = {
  DUPLICATE_EVENT_PROPERTY: {
    step: 'meaning',
    severity: 'error',
    summary: 'an event property is declared twice',
  },
  DUPLICATE_EVENT_DEFINITION: {
    step: 'meaning',
    severity: 'error',
    summary: 'two documents give the `definition` of the same event',
  },
  TOO_MANY_EVENT_PROPERTIES: {
    step: 'meaning',
    severity: 'error',
    summary: 'more than 500 properties on one event',
  },
} as const satisfies Record<string, CodeInfo>;

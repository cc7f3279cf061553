/** The validation codes the association family's declarations and rules report, with their step and meaning. */
import type { CodeInfo } from '../../../core/source/codes.js';

export const ASSOCIATION_VALIDATION_CODES = {
  DUPLICATE_LABEL: {
    step: 'meaning',
    severity: 'error',
    summary: 'an association label (or its name) is declared twice',
  },
  LABEL_PAIR_CONFLICT: {
    step: 'meaning',
    severity: 'error',
    summary:
      'two declarations of one label pair (a label and its inverse) disagree, or a side of a declared pair is marked deleted (names both places)',
  },
  LABEL_INVERSE_NEEDED: {
    step: 'meaning',
    severity: 'error',
    summary: '`inverseRenamedFrom` or `inverseMaxToObjectIds` without the inverse text (`inverseLabel`)',
  },
  LABEL_RENAME_INVALID: {
    step: 'meaning',
    severity: 'error',
    summary:
      '`renamedFrom` names the label itself, a label another entry declares or deletes, or a text two labels are renamed from',
  },
  LABEL_KEY_ON_BUILT_IN_TYPE: {
    step: 'meaning',
    severity: 'error',
    summary:
      'a built-in association type entry carries a key only user labels take (`name`, `inverseLabel`, ...)',
  },
  DUPLICATE_ASSOCIATION_TYPE: {
    step: 'meaning',
    severity: 'error',
    summary: 'a built-in association type is declared twice',
  },
  ASSOCIATION_TYPE_TARGET: {
    step: 'meaning',
    severity: 'error',
    summary: 'an association type needs either `label` or `category` + `typeId`',
  },
  TOMBSTONE_NOT_ALLOWED: {
    step: 'meaning',
    severity: 'error',
    summary: '`deleted: true` on a built-in association type',
  },
  NOTHING_TO_MANAGE: {
    step: 'meaning',
    severity: 'warning',
    summary: 'a built-in association type without `maxToObjectIds`',
  },
  TOO_MANY_LABELS: {
    step: 'meaning',
    severity: 'error',
    summary: 'more than 50 association labels for one object pair',
  },
} as const satisfies Record<string, CodeInfo>;

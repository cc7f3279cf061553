/** The validation codes the property family's declarations and rules report, with their step and meaning. */
import type { CodeInfo } from '../../../core/source/codes.js';

export const PROPERTY_VALIDATION_CODES = {
  FIELD_TYPE_MISMATCH: { step: 'meaning', severity: 'error', summary: '`fieldType` does not go with `type`' },
  BOOL_OPTIONS: {
    step: 'meaning',
    severity: 'error',
    summary: 'a bool property needs exactly the options `true` and `false`',
  },
  OPTIONS_REQUIRED: {
    step: 'meaning',
    severity: 'error',
    summary: 'an enumeration needs options (unless `externalOptions`)',
  },
  OPTIONS_NOT_ALLOWED: {
    step: 'meaning',
    severity: 'error',
    summary: 'options on a type that takes none, or with `externalOptions`',
  },
  OPTIONS_TOO_MANY: { step: 'meaning', severity: 'error', summary: 'more than 5,000 options' },
  DUPLICATE_OPTION_VALUE: {
    step: 'meaning',
    severity: 'error',
    summary: 'two options of one property share a value',
  },
  RENAME_INVALID: {
    step: 'meaning',
    severity: 'error',
    summary:
      'renamedFrom names the property itself, a property another entry declares, or a name two properties are renamed from',
  },
  REPLACES_INVALID: {
    step: 'meaning',
    severity: 'error',
    summary:
      'replaces on a property without options of its own or on an event property, names an option the property keeps, or a value two options replace',
  },
  ON_CONFLICT_INVALID: {
    step: 'meaning',
    severity: 'error',
    summary: 'onConflict on a property that is neither renamed (renamedFrom) nor remapped (replaces)',
  },
  DUPLICATE_OPTION_LABEL: {
    step: 'meaning',
    severity: 'error',
    summary: 'two options of one property share a label',
  },
  EXTERNAL_OPTIONS_INVALID: {
    step: 'meaning',
    severity: 'error',
    summary: '`externalOptions` only on enumerations, and only with `referencedObjectType: OWNER`',
  },
  UNIQUE_LIMIT: {
    step: 'meaning',
    severity: 'error',
    summary: 'more than 10 `hasUniqueValue` properties on one object type',
  },
  FORMULA_MISSING: {
    step: 'meaning',
    severity: 'error',
    summary: '`calculation_equation` without a `calculationFormula`',
  },
  FORMULA_NOT_ALLOWED: {
    step: 'meaning',
    severity: 'error',
    summary: '`calculationFormula` on a property that is not calculated',
  },
  FORMULA_SYNTAX: {
    step: 'meaning',
    severity: 'error',
    summary: 'a formula has an unclosed string or unbalanced parentheses',
  },
  FORMULA_UNKNOWN_PROPERTY: {
    step: 'meaning',
    severity: 'error',
    summary: 'a formula refers to a property no manifest declares',
  },
  FORMULA_ARCHIVED_PROPERTY: {
    step: 'meaning',
    severity: 'error',
    summary: 'a formula refers to a property the manifests archive',
  },
  FORMULA_CYCLE: {
    step: 'meaning',
    severity: 'error',
    summary: 'calculated properties refer to each other in a cycle',
  },
  DUPLICATE_PROPERTY: {
    step: 'meaning',
    severity: 'error',
    summary: 'a property is declared twice (names both places)',
  },
  DUPLICATE_GROUP: {
    step: 'meaning',
    severity: 'error',
    summary: 'a group is declared twice (names both places)',
  },
  GROUP_UNDECLARED: {
    step: 'meaning',
    severity: 'warning',
    summary: 'a property uses a group no manifest declares',
  },
  GROUP_ARCHIVED: {
    step: 'meaning',
    severity: 'error',
    summary: 'a property uses a group the manifests archive',
  },
  RESERVED_NAME: {
    step: 'meaning',
    severity: 'warning',
    summary: 'a property name starts with `hs_`, kept for built-ins',
  },
} as const satisfies Record<string, CodeInfo>;

/**
 * The account's conditional required-property rules, which the platform enforces on record writes from
 * API version 2026-09 on (the legacy paths and 2026-03 keep the old behaviour). A rule says a property
 * must hold a value, always or when another property holds a given value. A create or update whose
 * record would break a rule is refused: 400 VALIDATION_ERROR with an error detail of code
 * MISSING_CONDITIONAL_REQUIRED_PROPERTY naming the property (`context.propertyName`) and the record. In a
 * batch each record that breaks a rule fails as its own item (207), the others are written.
 *
 * The emulator takes the rules as an option (`--required-property-rule`), written
 * `OBJECT.PROPERTY` (always required) or `OBJECT.PROPERTY:WHEN_PROPERTY=VALUE`.
 */
import { CrmSchemaError } from '../../core/errors.js';
import { validationError } from '../errors.js';
import type { ObjectTypeState, RecordState } from '../state/model.js';
import type { PropertyValues } from './property-input.js';

export interface RequiredPropertyRule {
  objectType: string;
  property: string;
  /** required only when this property holds this value; absent: always */
  when?: { property: string; value: string };
}

const RULE = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_]+)(?::([A-Za-z0-9_]+)=(.*))?$/;

/** `tickets.support_tier` or `tickets.support_tier:hs_pipeline_stage=1`. */
export function parseRequiredRule(text: string): RequiredPropertyRule {
  const match = RULE.exec(text.trim());
  if (match === null) {
    throw new CrmSchemaError(
      'EMULATOR_BAD_OPTION',
      `Invalid emulator option required-property-rule: '${text}' is not a rule.`,
      {
        hint: 'Write OBJECT.PROPERTY (always required) or OBJECT.PROPERTY:WHEN_PROPERTY=VALUE, e.g. tickets.support_tier:hs_pipeline_stage=1.',
      },
    );
  }
  const [, objectType = '', property = '', whenProperty, whenValue] = match;
  return {
    objectType: objectType.toLowerCase(),
    property,
    ...(whenProperty !== undefined ? { when: { property: whenProperty, value: whenValue ?? '' } } : {}),
  };
}

export function describeRule(rule: RequiredPropertyRule): string {
  const base = `${rule.objectType}.${rule.property} is required`;
  return rule.when === undefined ? base : `${base} when ${rule.when.property} is '${rule.when.value}'`;
}

/**
 * Throws when the record, once `values` are written (on `record` for an update, on nothing for a
 * create), breaks one of `rules`.
 */
export function checkRequiredRules(
  rules: readonly RequiredPropertyRule[],
  objectType: ObjectTypeState,
  values: PropertyValues,
  record?: RecordState,
): void {
  const valueOf = (name: string): string | undefined => {
    const written = values.get(name);
    if (written !== undefined) return written === '' ? undefined : written;
    return record?.properties[name] ?? undefined;
  };
  for (const rule of rules) {
    if (rule.objectType !== objectType.name && rule.objectType !== objectType.objectTypeId) continue;
    if (rule.when !== undefined && valueOf(rule.when.property) !== rule.when.value) continue;
    const value = valueOf(rule.property);
    if (value !== undefined && value !== '') continue;
    const which = record === undefined ? 'The new record' : `Record ${record.id}`;
    const message = `${which} is missing a value for '${rule.property}': ${describeRule(rule)}.`;
    throw validationError(
      message,
      [
        {
          message,
          code: 'MISSING_CONDITIONAL_REQUIRED_PROPERTY',
          context: { propertyName: [rule.property] },
        },
      ],
      record === undefined ? {} : { context: { id: [record.id] } },
    );
  }
}

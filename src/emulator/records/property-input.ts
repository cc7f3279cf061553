/**
 * Checks the `properties` map of a write against the object type's definitions. Every problem is
 * collected so one 400 names all of them; nothing is written unless the whole map is valid.
 */
import type { ErrorDetail } from '../../wire/api.js';
import { validationError } from '../errors.js';
import type { ObjectTypeState } from '../state/model.js';
import { isJsonObject } from '../request-values.js';
import { isMaintained } from './object-info.js';
import { checkValue, isReadOnlyValue, toRawValue } from './values.js';
import { own } from '../../core/own.js';

/** Normalised values by property name; '' clears a value. */
export type PropertyValues = Map<string, string>;

function detail(name: string, code: string, message: string): ErrorDetail {
  return { message, code, in: name };
}

function checkOne(objectType: ObjectTypeState, name: string, value: unknown): ErrorDetail | string {
  const def = own(objectType.properties, name);
  if (isMaintained(name)) {
    return detail(
      name,
      'READ_ONLY_VALUE',
      `Property "${name}" is read-only: the CRM sets it on every record.`,
    );
  }
  if (!def) {
    return detail(
      name,
      'PROPERTY_DOESNT_EXIST',
      `Property "${name}" does not exist on ${objectType.name}; create it first or fix the name.`,
    );
  }
  if (def.archived === true) {
    return detail(
      name,
      'PROPERTY_DOESNT_EXIST',
      `Property "${name}" of ${objectType.name} is archived; restore it before writing values.`,
    );
  }
  if (isReadOnlyValue(def)) {
    return detail(name, 'READ_ONLY_VALUE', `Property "${name}" is read-only: its value is set by the CRM.`);
  }
  const raw = toRawValue(value);
  if (raw === undefined) {
    return detail(name, 'INVALID_TYPE', `The value of property "${name}" must be a string.`);
  }
  if (raw === '') return '';
  const result = checkValue(def, raw);
  return result.ok ? result.value : detail(name, result.code, result.message);
}

/** Checks a `properties` map (missing: none); throws a 400 VALIDATION_ERROR naming every bad property. */
export function checkPropertyInput(objectType: ObjectTypeState, input: unknown): PropertyValues {
  const values: PropertyValues = new Map();
  if (input === undefined || input === null) return values;
  if (!isJsonObject(input)) {
    throw validationError('Invalid input JSON: properties must be an object of property name/value pairs.');
  }
  const errors: ErrorDetail[] = [];
  for (const [name, value] of Object.entries(input)) {
    const checked = checkOne(objectType, name, value);
    if (typeof checked === 'string') values.set(name, checked);
    else errors.push(checked);
  }
  if (errors.length > 0) {
    throw validationError(
      `Property values were not valid: ${errors.map((e) => e.message).join(' ')}`,
      errors,
    );
  }
  return values;
}

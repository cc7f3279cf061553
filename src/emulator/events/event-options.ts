/**
 * Options of enumeration event properties: required (at least one) for `enumeration`, refused for the
 * other types, values unique. Missing option fields get defaults: description '', displayOrder = the
 * option's position, hidden false.
 */
import type { PropertyOption } from '../../wire/api.js';
import { invalidField, isJsonObject } from '../request-values.js';
import { MAX_OPTIONS } from '../limits.js';

/**
 * Checks `raw` (the request's `options`) for a property of `type`; returns the normalised list ([] for
 * non-enumeration types). `where` names the field in messages, e.g. `propertyDefinitions[1].options`.
 */
export function checkOptions(raw: unknown, type: string, where: string): PropertyOption[] {
  const given = raw === undefined || raw === null ? [] : raw;
  if (!Array.isArray(given)) throw invalidField(where, `'${where}' must be an array of options.`);
  if (type !== 'enumeration') {
    if (given.length > 0) {
      throw invalidField(where, `'${where}' applies only to enumeration properties; this one is ${type}.`);
    }
    return [];
  }
  if (given.length === 0) {
    throw invalidField(where, `An enumeration property needs at least one option in '${where}'.`);
  }
  if (given.length > MAX_OPTIONS) {
    throw invalidField(
      where,
      `'${where}' holds ${given.length} options; at most ${MAX_OPTIONS} are allowed.`,
    );
  }
  const seen = new Set<string>();
  return given.map((option, index) => {
    const at = `${where}[${index}]`;
    const checked = checkOption(option, index, at);
    if (seen.has(checked.value)) {
      throw invalidField(at, `Option value '${checked.value}' appears more than once in '${where}'.`);
    }
    seen.add(checked.value);
    return checked;
  });
}

function checkOption(option: unknown, index: number, at: string): PropertyOption {
  if (!isJsonObject(option)) throw invalidField(at, `'${at}' must be an object { label, value }.`);
  const { label, value, description, displayOrder, hidden } = option;
  if (typeof label !== 'string' || label.trim() === '') {
    throw invalidField(`${at}.label`, `'${at}.label' is required and must be a non-empty string.`);
  }
  if (typeof value !== 'string' || value.trim() === '') {
    throw invalidField(`${at}.value`, `'${at}.value' is required and must be a non-empty string.`);
  }
  if (description !== undefined && typeof description !== 'string') {
    throw invalidField(`${at}.description`, `'${at}.description' must be a string.`);
  }
  if (displayOrder !== undefined && !Number.isInteger(displayOrder)) {
    throw invalidField(`${at}.displayOrder`, `'${at}.displayOrder' must be an integer.`);
  }
  if (hidden !== undefined && typeof hidden !== 'boolean') {
    throw invalidField(`${at}.hidden`, `'${at}.hidden' must be a boolean.`);
  }
  return {
    label,
    value,
    description: description ?? '',
    displayOrder: (displayOrder as number | undefined) ?? index,
    hidden: hidden ?? false,
  };
}

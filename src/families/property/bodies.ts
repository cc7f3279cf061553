/**
 * A property's create body from its normalised definition: the required fields and every other field whose
 * value differs from the platform's default, options with all their fields.
 */
import { PROPERTY_DISPLAY_FIELDS } from '../../wire/api.js';
import { PROPERTY_DEFAULTS } from '../../engine/model/defaults.js';
import type { JsonObject } from '../../core/json.js';
import { optionBody } from '../../engine/plan/requests/bodies.js';
import type { NormalizedProperty } from './model.js';

export function propertyCreateBody(property: NormalizedProperty): JsonObject {
  const body: JsonObject = {
    name: property.name,
    label: property.label,
    type: property.type,
    fieldType: property.fieldType,
    groupName: property.groupName,
  };
  for (const key of Object.keys(PROPERTY_DEFAULTS) as (keyof typeof PROPERTY_DEFAULTS)[]) {
    if (property[key] !== PROPERTY_DEFAULTS[key]) body[key] = property[key];
  }
  if (property.options.length > 0 || property.type === 'enumeration') {
    body.options = property.options.map(optionBody);
  }
  if (property.referencedObjectType !== undefined) body.referencedObjectType = property.referencedObjectType;
  if (property.calculationFormula !== undefined) body.calculationFormula = property.calculationFormula;
  for (const field of PROPERTY_DISPLAY_FIELDS) {
    const value = property[field];
    if (value !== undefined) body[field] = value;
  }
  return body;
}

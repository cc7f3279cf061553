/**
 * Request bodies built from normalised values. A create sends the required fields and every other
 * field whose value differs from the platform's default; options always carry all five fields, so the
 * live state after an apply equals the normalised desired state whatever the platform would fill in.
 */
import { PROPERTY_DISPLAY_FIELDS } from '../../wire/api.js';
import { PROPERTY_DEFAULTS } from '../../model/defaults.js';
import type {
  NormalizedEventDefinitionInfo,
  NormalizedEventProperty,
  NormalizedOption,
  NormalizedProperty,
} from '../../model/schema-model.js';
import type { FieldChange } from '../change-types.js';
import type { JsonObject } from '../../core/json.js';

export function optionBody(option: NormalizedOption): JsonObject {
  return {
    label: option.label,
    value: option.value,
    description: option.description,
    displayOrder: option.displayOrder,
    hidden: option.hidden,
  };
}

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

/**
 * A PATCH body: only the changed fields, with their new values; `options` as the whole new list (the
 * API replaces the list). An unset optional string (`null`) is sent as '' to clear it.
 */
export function patchBody(fields: readonly FieldChange[]): JsonObject {
  const body: JsonObject = {};
  for (const change of fields) body[change.field] = change.new === null ? '' : change.new;
  return body;
}

export function eventPropertyCreateBody(property: NormalizedEventProperty): JsonObject {
  const body: JsonObject = { name: property.name, label: property.label, type: property.type };
  if (property.description !== '') body.description = property.description;
  if (property.options.length > 0 || property.type === 'enumeration') {
    body.options = property.options.map(optionBody);
  }
  return body;
}

/**
 * An event definition create: without the platform's default properties, with the declared properties
 * in the same call (`propertyDefinitions`, each as its own create would send it).
 */
export function eventDefinitionCreateBody(
  eventName: string,
  definition: NormalizedEventDefinitionInfo,
  properties: readonly NormalizedEventProperty[] = [],
): JsonObject {
  const body: JsonObject = { label: definition.label, name: eventName };
  if (definition.description !== '') body.description = definition.description;
  if (definition.primaryObject !== undefined) body.primaryObject = definition.primaryObject;
  body.includeDefaultProperties = false;
  body.propertyDefinitions = properties.map(eventPropertyCreateBody);
  return body;
}

/** The create bodies of event properties and event definitions, from their normalised definitions. */
import type { JsonObject } from '../../core/json.js';
import { optionBody } from '../../engine/plan/requests/bodies.js';
import type { NormalizedEventDefinitionInfo, NormalizedEventProperty } from './model.js';

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

/**
 * Properties of custom event definitions: the checks of a property create (POST .../property) and of
 * the PATCH, and the property definition the emulator stores and returns. The response carries
 * `externalOptionsReferenceType` (the newer field) instead of `referencedObjectType`.
 */
import {
  EVENT_PROPERTY_TYPES,
  type EventProperty,
  type EventPropertyType,
  type FieldType,
  type PropertyOption,
} from '../../wire/api.js';
import { invalidField, isJsonObject, type JsonObject } from '../request-values.js';
import { validationError } from '../errors.js';
import { eventNameProblem, nameFromLabel } from './event-names.js';
import { checkOptions } from './event-options.js';

/** The group every custom event property is placed in. */
export const EVENT_PROPERTY_GROUP = 'event_properties';

/** fieldType shown for each event property type. */
export const EVENT_FIELD_TYPES: Readonly<Record<EventPropertyType, FieldType>> = {
  string: 'text',
  number: 'number',
  enumeration: 'select',
  datetime: 'date',
};

/** A checked property create body: the name is resolved (given or derived from the label). */
export interface CheckedEventProperty {
  name: string;
  label: string;
  type: EventPropertyType;
  description: string;
  options: PropertyOption[];
}

/**
 * Checks one property create body. `where` prefixes field names in messages (empty for a property
 * create, e.g. `propertyDefinitions[2].` inside an event definition create).
 */
export function checkEventPropertyCreate(body: unknown, where = ''): CheckedEventProperty {
  if (!isJsonObject(body)) {
    throw validationError(
      `${where ? `'${where.slice(0, -1)}'` : 'The request body'} must be a JSON object { label, type, name?, description?, options? }.`,
    );
  }
  const label = checkLabel(body, where);
  const type = body.type;
  if (typeof type !== 'string' || !(EVENT_PROPERTY_TYPES as readonly string[]).includes(type)) {
    throw invalidField(
      `${where}type`,
      `'${where}type' is required and must be one of ${EVENT_PROPERTY_TYPES.join(', ')}; got ${JSON.stringify(type ?? null)}.`,
    );
  }
  const name = checkName(body, label, where);
  const description = checkDescription(body, where) ?? '';
  const options = checkOptions(body.options, type, `${where}options`);
  return { name, label, type: type as EventPropertyType, description, options };
}

export function buildEventProperty(input: CheckedEventProperty, now: string): EventProperty {
  return {
    name: input.name,
    label: input.label,
    type: input.type,
    fieldType: EVENT_FIELD_TYPES[input.type],
    groupName: EVENT_PROPERTY_GROUP,
    description: input.description,
    options: input.options,
    displayOrder: -1,
    hidden: false,
    formField: false,
    hasUniqueValue: false,
    calculated: false,
    externalOptions: false,
    externalOptionsReferenceType: '',
    platformDefined: false,
    archived: false,
    modificationMetadata: { archivable: true, readOnlyDefinition: false, readOnlyValue: false },
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Applies a PATCH body to `property` in place: `label`, `description`, and `options` (which replace the
 * whole list, checked as on create). Other fields (`name`, `type`, ...) are ignored: they never change.
 */
export function patchEventProperty(property: EventProperty, body: unknown, now: string): void {
  if (!isJsonObject(body)) {
    throw validationError('The request body must be a JSON object { label?, description?, options? }.');
  }
  const label = body.label === undefined ? undefined : checkLabel(body, '');
  const description = checkDescription(body, '');
  const options =
    body.options === undefined ? undefined : checkOptions(body.options, property.type, 'options');
  if (label !== undefined) property.label = label;
  if (description !== undefined) property.description = description;
  if (options !== undefined) property.options = options;
  property.updatedAt = now;
}

function checkLabel(body: JsonObject, where: string): string {
  const label = body.label;
  if (typeof label === 'string' && label.trim() !== '') return label;
  throw invalidField(`${where}label`, `'${where}label' is required and must be a non-empty string.`);
}

function checkDescription(body: JsonObject, where: string): string | undefined {
  const description = body.description;
  if (description === undefined || description === null) return undefined;
  if (typeof description === 'string') return description;
  throw invalidField(`${where}description`, `'${where}description' must be a string.`);
}

function checkName(body: JsonObject, label: string, where: string): string {
  const given = body.name;
  if (given !== undefined && given !== null && typeof given !== 'string') {
    throw invalidField(`${where}name`, `'${where}name' must be a string.`);
  }
  const name = given ?? nameFromLabel(label);
  const problem = eventNameProblem(name);
  if (problem === null) return name;
  const origin = given === undefined || given === null ? ` (derived from the label '${label}')` : '';
  throw invalidField(
    `${where}name`,
    `The event property name '${name}'${origin} is invalid: it ${problem}. ` +
      "Give a 'name' such as 'order_carrier': a lowercase letter, then lowercase letters, digits or underscores.",
  );
}

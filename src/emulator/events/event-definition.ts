/**
 * Custom event definitions in the state: create, find, and the checks shared with the event property
 * endpoints.
 */
import type { EventDefinition, EventProperty } from '../../wire/api.js';
import { own } from '../../core/own.js';
import { invalidField, requireObjectBody, requireText } from '../request-values.js';
import { resolveObjectType } from '../context.js';
import { alreadyExists, notFound, validationError } from '../errors.js';
import type { EmulatorState } from '../state/model.js';
import { defaultEventProperties } from './default-properties.js';
import { eventNameProblem, nameFromLabel } from './event-names.js';
import { buildEventProperty, checkEventPropertyCreate, type CheckedEventProperty } from './event-property.js';
import { MAX_EVENT_PROPERTIES } from '../limits.js';

/** `primaryObject` values in the platform's style; object type names and ids are accepted too. */
const PRIMARY_OBJECTS: Readonly<Record<string, string>> = {
  CONTACT: '0-1',
  COMPANY: '0-2',
  DEAL: '0-3',
  TICKET: '0-5',
};

export const DEFAULT_PRIMARY_OBJECT = 'CONTACT';

/** The definition named `eventName`, also accepted as its fullyQualifiedName; 404 otherwise. */
export function findEventDefinition(state: EmulatorState, eventName: string): EventDefinition {
  const qualifier = `pe${state.accountId}_`;
  const name = eventName.startsWith(qualifier) ? eventName.slice(qualifier.length) : eventName;
  for (const key of [eventName, name]) {
    const found = own(state.eventDefinitions, key);
    if (found !== undefined) return found;
  }
  throw notFound(`No custom event definition named '${eventName}' exists.`);
}

export function findEventProperty(definition: EventDefinition, propertyName: string): EventProperty {
  const property = definition.properties.find((p) => p.name === propertyName);
  if (property) return property;
  throw notFound(`The event '${definition.name}' has no property named '${propertyName}'.`);
}

/** 400 unless the property is user-made. */
export function assertCustomProperty(
  definition: EventDefinition,
  property: EventProperty,
  verb: string,
): void {
  if (property.platformDefined === true) {
    throw validationError(
      `'${property.name}' is a platform-defined property of the event '${definition.name}' and cannot be ${verb}.`,
    );
  }
}

/** 400 when adding `adding` properties would pass MAX_EVENT_PROPERTIES. */
export function assertRoomForProperties(current: number, adding: number, eventName: string): void {
  if (current + adding <= MAX_EVENT_PROPERTIES) return;
  throw validationError(
    `The event '${eventName}' would have ${current + adding} properties; at most ${MAX_EVENT_PROPERTIES} are allowed. ` +
      'Delete unused properties first.',
  );
}

export function createEventDefinition(state: EmulatorState, body: unknown, now: string): EventDefinition {
  const input = requireObjectBody(
    body,
    '{ label, name?, description?, primaryObject?, includeDefaultProperties, propertyDefinitions }',
  );
  const label = requireText(input, 'label');
  const name = checkEventName(input.name, label);
  if (Object.hasOwn(state.eventDefinitions, name)) {
    throw alreadyExists(`A custom event definition named '${name}' already exists.`);
  }
  if (input.description !== undefined && typeof input.description !== 'string') {
    throw invalidField('description', "'description' must be a string.");
  }
  const includeDefaults = input.includeDefaultProperties ?? false;
  if (typeof includeDefaults !== 'boolean') {
    throw invalidField('includeDefaultProperties', "'includeDefaultProperties' must be a boolean.");
  }
  const primaryObject = input.primaryObject ?? DEFAULT_PRIMARY_OBJECT;
  if (typeof primaryObject !== 'string')
    throw invalidField('primaryObject', "'primaryObject' must be a string.");
  const objectTypeId =
    PRIMARY_OBJECTS[primaryObject.toUpperCase()] ?? resolveObjectType(state, primaryObject).objectTypeId;

  const defaults = includeDefaults ? defaultEventProperties(now) : [];
  const custom = checkPropertyDefinitions(input.propertyDefinitions, defaults);
  assertRoomForProperties(defaults.length, custom.length, name);

  state.counters.eventDefinition += 1;
  const definition: EventDefinition = {
    id: String(state.counters.eventDefinition),
    name,
    fullyQualifiedName: `pe${state.accountId}_${name}`,
    labels: { singular: label, plural: label },
    objectTypeId,
    primaryObject,
    description: input.description ?? '',
    properties: [...defaults, ...custom.map((p) => buildEventProperty(p, now))],
    associations: [],
    archived: false,
    createdAt: now,
    updatedAt: now,
  };
  state.eventDefinitions[name] = definition;
  return definition;
}

function checkEventName(given: unknown, label: string): string {
  if (given !== undefined && given !== null && typeof given !== 'string') {
    throw invalidField('name', "'name' must be a string.");
  }
  const name = given ?? nameFromLabel(label);
  const problem = eventNameProblem(name);
  if (problem === null) return name;
  const origin = given === undefined || given === null ? ` (derived from the label '${label}')` : '';
  throw invalidField(
    'name',
    `The event name '${name}'${origin} is invalid: it ${problem}. ` +
      "Give a 'name' such as 'order_shipped': a lowercase letter, then lowercase letters, digits or underscores.",
  );
}

function checkPropertyDefinitions(raw: unknown, defaults: readonly EventProperty[]): CheckedEventProperty[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    throw invalidField(
      'propertyDefinitions',
      "'propertyDefinitions' must be an array of { label, type, ... }.",
    );
  }
  const names = new Set(defaults.map((p) => p.name));
  return raw.map((item, index) => {
    const checked = checkEventPropertyCreate(item, `propertyDefinitions[${index}].`);
    if (names.has(checked.name)) {
      throw invalidField(
        `propertyDefinitions[${index}].name`,
        `The property name '${checked.name}' appears more than once in this event definition.`,
      );
    }
    names.add(checked.name);
    return checked;
  });
}

/**
 * Applies a PATCH body to a definition in place: its `label` (both the singular and plural labels) and
 * `description`. Its name and primary object never change; other fields are ignored, as on the platform.
 */
export function patchEventDefinition(definition: EventDefinition, body: unknown, now: string): void {
  const input = requireObjectBody(body, '{ label?, description? }');
  const label = input.label === undefined ? undefined : requireText(input, 'label');
  if (
    input.description !== undefined &&
    input.description !== null &&
    typeof input.description !== 'string'
  ) {
    throw invalidField('description', "'description' must be a string.");
  }
  if (label !== undefined) definition.labels = { singular: label, plural: label };
  if (typeof input.description === 'string') definition.description = input.description;
  definition.updatedAt = now;
}

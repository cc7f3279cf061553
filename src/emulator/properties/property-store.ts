/**
 * Property operations on the emulator state, shared by the single and batch endpoints (and usable by
 * a seed loader). Each throws an `EmulatorError` with the platform's status and body; none marks the
 * state dirty, the route does after a change.
 *
 * Stored properties are never mutated in place: every change stores a new object, so a definition
 * already handed to a reply cannot change under it.
 */
import type { ErrorDetail, Property } from '../../wire/api.js';
import { alreadyExists, notFound, validationError, type EmulatorError } from '../errors.js';
import type { ObjectTypeState } from '../state/model.js';
import { applyUpdate, buildProperty } from './property-defaults.js';
import {
  checkDefinition,
  checkLimits,
  checkName,
  countProperties,
  type PropertyCounts,
} from './property-rules.js';
import { readPropertyCreate, readPropertyUpdate } from './property-shape.js';
import { own } from '../../core/own.js';

/** A record entry by key, never one inherited from Object.prototype (a name like 'constructor'). */
function invalid(
  objectType: ObjectTypeState,
  name: string | undefined,
  errors: ErrorDetail[],
): EmulatorError {
  const what = typeof name === 'string' && name !== '' ? `property '${name}'` : 'property definition';
  const summary = errors.map((e) => e.message).join(' ');
  return validationError(`Invalid ${what} for ${objectType.name}: ${summary}`, errors);
}

/** The group a property names must exist and be active. */
function checkGroup(objectType: ObjectTypeState, groupName: string): ErrorDetail[] {
  const group = own(objectType.groups, groupName);
  if (group && !group.archived) return [];
  const message = group
    ? `The property group '${groupName}' of ${objectType.name} is archived; create it again to restore it, or use another group.`
    : `The property group '${groupName}' does not exist on ${objectType.name}; create it first (POST /crm/v3/properties/${objectType.name}/groups) or use an existing group.`;
  return [{ message, code: 'GROUP_NOT_FOUND', in: 'groupName' }];
}

export interface ReadOptions {
  /** also find archived properties (the `archived=true` query) */
  includeArchived?: boolean;
}

/** An existing property; 404 when it is missing, or archived and `includeArchived` is not set. */
export function findProperty(objectType: ObjectTypeState, name: string, options: ReadOptions = {}): Property {
  const property = own(objectType.properties, name);
  if (!property) throw notFound(`No property named '${name}' exists on ${objectType.name}.`);
  if (property.archived === true && options.includeArchived !== true) {
    throw notFound(
      `The property '${name}' of ${objectType.name} is archived; read it with archived=true, or create it again to restore it.`,
    );
  }
  return property;
}

/**
 * Creates a custom property, or restores an archived one of the same name with the new
 * definition. `counts` (active custom / unique properties) may be passed in by a batch, which then
 * keeps it current; otherwise it is computed here.
 */
export function createProperty(
  objectType: ObjectTypeState,
  body: unknown,
  now: string,
  counts: PropertyCounts = countProperties(Object.values(objectType.properties)),
): Property {
  const { value: input, errors } = readPropertyCreate(body);
  if (typeof input.name === 'string' && input.name !== '') errors.push(...checkName(input.name));
  if (errors.length > 0) throw invalid(objectType, input.name, errors);
  const draft = buildProperty(input, now);
  const ruleErrors = checkDefinition(draft);
  if (ruleErrors.length > 0) throw invalid(objectType, input.name, ruleErrors);

  const previous = own(objectType.properties, input.name);
  if (previous && previous.archived !== true) {
    throw alreadyExists(
      `A property named '${input.name}' already exists.`,
      'Properties.PROPERTY_WITH_NAME_EXISTS',
    );
  }
  const stateErrors = [
    ...checkGroup(objectType, draft.groupName),
    ...checkLimits(counts, draft, objectType.name),
  ];
  if (stateErrors.length > 0) throw invalid(objectType, input.name, stateErrors);

  const property = previous ? buildProperty(input, now, previous.createdAt ?? now) : draft;
  objectType.properties[property.name] = property;
  counts.custom += 1;
  if (property.hasUniqueValue === true) counts.unique += 1;
  return property;
}

function refuseBuiltIn(objectType: ObjectTypeState, property: Property, action: 'change' | 'archive'): void {
  if (property.platformDefined !== true) return;
  const [code, message] =
    action === 'change'
      ? [
          'READ_ONLY_DEFINITION',
          `The property '${property.name}' of ${objectType.name} is built in (platformDefined) and its definition is read-only; it cannot be changed.`,
        ]
      : [
          'NOT_ARCHIVABLE',
          `The property '${property.name}' of ${objectType.name} is built in (platformDefined) and cannot be archived.`,
        ];
  throw validationError(message, [{ message, code, in: 'name' }]);
}

/** PATCH: applies the changeable fields, validates the result whole. */
export function updateProperty(
  objectType: ObjectTypeState,
  name: string,
  body: unknown,
  now: string,
): Property {
  const existing = findProperty(objectType, name);
  refuseBuiltIn(objectType, existing, 'change');
  const { value: update, errors } = readPropertyUpdate(body);
  if (errors.length > 0) throw invalid(objectType, name, errors);
  const updated = applyUpdate(existing, update, now);
  const ruleErrors = [...checkDefinition(updated), ...checkGroup(objectType, updated.groupName)];
  if (ruleErrors.length > 0) throw invalid(objectType, name, ruleErrors);
  objectType.properties[name] = updated;
  return updated;
}

/** DELETE: archives; records keep their values of the property. */
export function archiveProperty(objectType: ObjectTypeState, name: string, now: string): void {
  const existing = findProperty(objectType, name);
  refuseBuiltIn(objectType, existing, 'archive');
  objectType.properties[name] = { ...existing, archived: true, archivedAt: now, updatedAt: now };
}

/**
 * Batch archive: archives the name when it is an active custom property; missing,
 * already archived and built-in names are left as they are. Returns whether anything changed.
 */
export function archiveIfPossible(objectType: ObjectTypeState, name: string, now: string): boolean {
  const existing = own(objectType.properties, name);
  if (!existing || existing.archived === true || existing.platformDefined === true) return false;
  objectType.properties[name] = { ...existing, archived: true, archivedAt: now, updatedAt: now };
  return true;
}

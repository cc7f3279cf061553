/**
 * Property group operations on the emulator state. Archived groups
 * stay in the state with `archived: true`; creating one again restores it.
 */
import type { ErrorDetail, PropertyGroup } from '../../wire/api.js';
import { alreadyExists, notFound, validationError } from '../errors.js';
import { isBuiltInGroup } from './built-in-properties.js';
import type { ObjectTypeState } from '../state/model.js';
import { checkName } from './property-rules.js';
import { isJsonObject } from '../request-values.js';
import { type ReadOptions } from './property-store.js';
import { own } from '../../core/own.js';

const detail = (code: string, where: string, message: string): ErrorDetail => ({ message, code, in: where });

interface GroupFields {
  name?: string;
  label?: string;
  displayOrder?: number;
}

/** Reads `label` and `displayOrder` (and `name` on create); every other field is ignored. */
function readGroupFields(body: unknown, creating: boolean): { value: GroupFields; errors: ErrorDetail[] } {
  if (!isJsonObject(body)) {
    return { value: {}, errors: [detail('INVALID_JSON', 'body', 'The request body must be a JSON object.')] };
  }
  const errors: ErrorDetail[] = [];
  const value: GroupFields = {};
  const keys = creating ? (['name', 'label'] as const) : (['label'] as const);
  for (const key of keys) {
    const raw = body[key];
    if (raw === undefined || raw === null) {
      if (creating) errors.push(detail('REQUIRED_FIELD', key, `${key} is required.`));
    } else if (typeof raw !== 'string' || raw === '') {
      errors.push(detail('INVALID_STRING', key, `${key} must be a non-empty string.`));
    } else {
      value[key] = raw;
    }
  }
  const order = body.displayOrder;
  if (order !== undefined && order !== null) {
    if (Number.isInteger(order)) value.displayOrder = order as number;
    else errors.push(detail('INVALID_INTEGER', 'displayOrder', 'displayOrder must be an integer.'));
  }
  if (value.name !== undefined) errors.push(...checkName(value.name, 'group'));
  return { value, errors };
}

function invalidGroup(objectType: ObjectTypeState, errors: ErrorDetail[]) {
  return validationError(
    `Invalid property group for ${objectType.name}: ${errors.map((e) => e.message).join(' ')}`,
    errors,
  );
}

export function findGroup(
  objectType: ObjectTypeState,
  name: string,
  options: ReadOptions = {},
): PropertyGroup {
  const group = own(objectType.groups, name);
  if (!group) throw notFound(`No property group named '${name}' exists on ${objectType.name}.`);
  if (group.archived && options.includeArchived !== true) {
    throw notFound(
      `The property group '${name}' of ${objectType.name} is archived; read it with archived=true, or create it again to restore it.`,
    );
  }
  return group;
}

/** Creates a group, or restores an archived one of the same name with the new label and order. */
export function createGroup(objectType: ObjectTypeState, body: unknown): PropertyGroup {
  const { value, errors } = readGroupFields(body, true);
  if (errors.length > 0 || value.name === undefined || value.label === undefined) {
    throw invalidGroup(objectType, errors);
  }
  const previous = own(objectType.groups, value.name);
  if (previous && !previous.archived) {
    throw alreadyExists(`A property group named '${value.name}' already exists.`);
  }
  const group: PropertyGroup = {
    name: value.name,
    label: value.label,
    displayOrder: value.displayOrder ?? -1,
    archived: false,
  };
  objectType.groups[group.name] = group;
  return group;
}

/** PATCH: `label` and `displayOrder` apply; `name` and anything else are ignored. */
export function updateGroup(objectType: ObjectTypeState, name: string, body: unknown): PropertyGroup {
  const existing = findGroup(objectType, name);
  const { value, errors } = readGroupFields(body, false);
  if (errors.length > 0) throw invalidGroup(objectType, errors);
  const group: PropertyGroup = {
    ...existing,
    label: value.label ?? existing.label,
    displayOrder: value.displayOrder ?? existing.displayOrder,
  };
  objectType.groups[name] = group;
  return group;
}

/** Archives a group: not a built-in one, and not while it holds active properties. */
export function archiveGroup(objectType: ObjectTypeState, name: string): void {
  const existing = findGroup(objectType, name);
  if (isBuiltInGroup(objectType.objectTypeId, name)) {
    const message = `The property group '${name}' of ${objectType.name} is built in and cannot be archived.`;
    throw validationError(message, [detail('NOT_ARCHIVABLE', 'groupName', message)]);
  }
  const active: string[] = [];
  for (const p of Object.values(objectType.properties)) {
    if (p.groupName === name && p.archived !== true) active.push(p.name);
  }
  if (active.length > 0) {
    const shown = active.slice(0, 10).join(', ') + (active.length > 10 ? ', ...' : '');
    throw validationError(
      `The property group '${name}' of ${objectType.name} still holds ${active.length} active properties (${shown}); archive them or move them to another group first.`,
      [],
      { subCategory: 'PropertyGroupError.GROUP_WITH_ACTIVE_PROPERTIES' },
    );
  }
  objectType.groups[name] = { ...existing, archived: true };
}

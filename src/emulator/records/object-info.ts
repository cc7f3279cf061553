/**
 * What the record endpoints need to know about an object type beyond its state: its primary property,
 * the properties the emulator itself maintains on every record, and the type of any property name.
 */
import type { Property } from '../../wire/api.js';
import type { ObjectTypeState } from '../state/model.js';
import { BUILT_IN_OBJECT_TYPES } from '../state/object-types.js';
import { own } from '../../core/own.js';

/** Set by the emulator on every record; read-only for clients. Types used when no definition exists. */
export const MAINTAINED_PROPERTIES: Readonly<Record<string, string>> = {
  hs_object_id: 'number',
  createdate: 'datetime',
  hs_lastmodifieddate: 'datetime',
};

export function isMaintained(name: string): boolean {
  return Object.hasOwn(MAINTAINED_PROPERTIES, name);
}

const PRIMARY = new Map(BUILT_IN_OBJECT_TYPES.map((info) => [info.objectTypeId, info.primaryProperty]));

/** The property shown as a record's label (`subject` for tickets); custom types may carry their own. */
export function primaryProperty(objectType: ObjectTypeState): string | undefined {
  // a custom object type loaded from a seed file carries `primaryProperty` in its state
  return objectType.primaryProperty ?? PRIMARY.get(objectType.objectTypeId);
}

/** The active (not archived) definition of a property, if any. */
export function activeProperty(objectType: ObjectTypeState, name: string): Property | undefined {
  const def = own(objectType.properties, name);
  return def && def.archived !== true ? def : undefined;
}

/** Names a read may return: active definitions and the maintained properties. */
export function isReadable(objectType: ObjectTypeState, name: string): boolean {
  return isMaintained(name) || activeProperty(objectType, name) !== undefined;
}

/** The value type of a property (`string` when unknown), which decides how search compares values. */
export function propertyType(objectType: ObjectTypeState, name: string): string {
  return activeProperty(objectType, name)?.type ?? own(MAINTAINED_PROPERTIES, name) ?? 'string';
}

/** `tickets` -> `ticket`, `companies` -> `company`, `taxes` -> `tax`: used in association type names. */
export function singular(name: string): string {
  if (name.endsWith('ies')) return `${name.slice(0, -3)}y`;
  if (/(x|ch|sh|ss)es$/.test(name)) return name.slice(0, -2);
  if (name.endsWith('s')) return name.slice(0, -1);
  return name;
}

/** Request paths of spec §4 and reference §1. Every path segment taken from data is URL-encoded. */
const seg = encodeURIComponent;

/** POST: spec 4.1 */
export function propertiesPath(objectType: string): string {
  return `/crm/v3/properties/${seg(objectType)}`;
}

/** PATCH / DELETE one property: beyond the spec (reference §1) */
export function propertyPath(objectType: string, name: string): string {
  return `${propertiesPath(objectType)}/${seg(name)}`;
}

/** batch create / archive of properties: beyond the spec (reference §1) */
export function propertiesBatchPath(objectType: string, operation: 'create' | 'archive'): string {
  return `${propertiesPath(objectType)}/batch/${operation}`;
}

/** property groups: beyond the spec (reference §1) */
export function groupsPath(objectType: string, name?: string): string {
  const base = `${propertiesPath(objectType)}/groups`;
  return name === undefined ? base : `${base}/${seg(name)}`;
}

/** association labels: beyond the spec (reference §1) */
export function labelsPath(from: string, to: string, typeId?: number): string {
  const base = `/crm/v4/associations/${seg(from)}/${seg(to)}/labels`;
  return typeId === undefined ? base : `${base}/${typeId}`;
}

/** association limit configuration: beyond the spec (reference §1) */
export function limitsPath(from: string, to: string, operation: 'create' | 'update' | 'purge'): string {
  return `/crm/v4/associations/definitions/configurations/${seg(from)}/${seg(to)}/batch/${operation}`;
}

/** POST: spec 4.17; DELETE: spec 4.18; PATCH: beyond the spec (reference §1) */
export function eventPropertyPath(eventName: string, name?: string): string {
  const base = `/events/v3/event-definitions/${seg(eventName)}/property`;
  return name === undefined ? base : `${base}/${seg(name)}`;
}

/** POST: create an event definition; beyond the spec (reference §1) */
export function eventDefinitionsPath(): string {
  return '/events/v3/event-definitions';
}

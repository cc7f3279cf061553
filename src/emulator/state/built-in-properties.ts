import type { Property, PropertyGroup } from '../../types/api.js';
import type { ObjectTypeInfo } from './object-types.js';

/** Built-in (platformDefined) properties and groups of an object type. Filled in by the properties work. */
export function builtInSchema(
  _info: ObjectTypeInfo,
  _now: string,
): {
  properties: Property[];
  groups: PropertyGroup[];
} {
  return { properties: [], groups: [] };
}

import type { AssociationTypeState } from './model.js';
import type { ObjectTypeInfo } from './object-types.js';

/** Built-in (PLATFORM_DEFINED) association types between the object types. Filled in by the associations work. */
export function builtInAssociationTypes(_objectTypes: readonly ObjectTypeInfo[]): AssociationTypeState[] {
  return [];
}

/**
 * What the property family reads: per object type, the properties to read by name, whether to list them
 * all, and whether to read the groups.
 */
import { canonicalObjectType } from '../../../engine/model/object-types.js';

export interface ObjectTypeScope {
  /** canonical name, also used in request paths */
  objectType: string;
  /** properties to read by name (batch read, 100 names per call) */
  properties: Set<string>;
  /**
   * read every property of the object type instead (one list call per data sensitivity): the unmanaged
   * policy must see the custom properties no manifest names, and archiving a group must know every
   * property it still holds
   */
  fullList: boolean;
  /** read the groups (one list call) */
  groups: boolean;
}

/** The property family's part of a read scope: canonical object type -> what to read of it. */
export type ObjectTypesScope = Map<string, ObjectTypeScope>;

export function objectTypeScopeOf(scope: ObjectTypesScope, objectType: string): ObjectTypeScope {
  const key = canonicalObjectType(objectType);
  let entry = scope.get(key);
  if (entry === undefined) {
    entry = { objectType: key, properties: new Set(), fullList: false, groups: false };
    scope.set(key, entry);
  }
  return entry;
}

/** `into` widened to read everything `other` reads too. */
export function mergeObjectTypes(into: ObjectTypesScope, other: ObjectTypesScope): void {
  for (const entry of other.values()) {
    const target = objectTypeScopeOf(into, entry.objectType);
    for (const name of entry.properties) target.properties.add(name);
    target.fullList ||= entry.fullList;
    target.groups ||= entry.groups;
  }
}

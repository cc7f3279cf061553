/** The property family's tombstones: a property marked archived, a group marked archived. */
import type { SourceLocation } from '../../core/source/source-location.js';
import { canonicalObjectType } from '../../engine/model/object-types.js';
import { groupAddress } from './group-model.js';
import { propertyAddress } from './model.js';

export type PropertyTombstone = {
  kind: 'property';
  /** as written */
  objectType: string;
  name: string;
  source?: SourceLocation | undefined;
};

export type GroupTombstone = {
  kind: 'group';
  objectType: string;
  name: string;
  source?: SourceLocation | undefined;
};

export const propertyTombstones = {
  property: (t: PropertyTombstone) => propertyAddress(canonicalObjectType(t.objectType), t.name),
  group: (t: GroupTombstone) => groupAddress(canonicalObjectType(t.objectType), t.name),
};

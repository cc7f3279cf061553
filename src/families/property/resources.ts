/**
 * The property family's types of resources: a property and a group of an object type, by name.
 */
import type { ResourceType } from '../../engine/family.js';
import { GroupShape, type NormalizedGroup } from './group-model.js';
import {
  PropertyShape,
  liveGroup,
  liveProperty,
  livePropertyFlags,
  objectSchemaOf,
  type NormalizedProperty,
} from './model.js';
import type { ObjectTypesScope } from './live/scope.js';
import { objectTypeScopeOf } from './live/scope.js';

export interface PropertyRef {
  readonly kind: 'property';
  readonly objectType: string;
  readonly name: string;
  readonly [field: string]: unknown;
}

export interface GroupRef {
  readonly kind: 'group';
  readonly objectType: string;
  readonly name: string;
  readonly [field: string]: unknown;
}

const property: ResourceType<PropertyRef, ObjectTypesScope> = {
  noun: 'property',
  removal: 'archived',
  shape: PropertyShape,
  live: (ref, state) => liveProperty(state, ref.objectType, ref.name),
  owner: (ref) => ref.objectType,
  readBack: (ref, scope) => {
    objectTypeScopeOf(scope, ref.objectType).properties.add(ref.name);
  },
  putBack: (ref, before, into) => {
    if (before === undefined)
      into.tombstones.push({ kind: 'property', objectType: ref.objectType, name: ref.name });
    else objectSchemaOf(into.state, ref.objectType).properties.set(ref.name, before as NormalizedProperty);
  },
  flags: (ref, live) => livePropertyFlags(live, ref.objectType, ref.name),
};

const group: ResourceType<GroupRef, ObjectTypesScope> = {
  noun: 'group',
  removal: 'archived',
  shape: GroupShape,
  live: (ref, state) => liveGroup(state, ref.objectType, ref.name),
  owner: (ref) => ref.objectType,
  readBack: (ref, scope) => {
    objectTypeScopeOf(scope, ref.objectType).groups = true;
  },
  putBack: (ref, before, into) => {
    if (before === undefined)
      into.tombstones.push({ kind: 'group', objectType: ref.objectType, name: ref.name });
    else objectSchemaOf(into.state, ref.objectType).groups.set(ref.name, before as NormalizedGroup);
  },
};

export const propertyResources = { property, group };

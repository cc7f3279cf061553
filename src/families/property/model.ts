/**
 * The property family's part of the model: the properties of object types, normalised (every request
 * field of a property create, the platform's defaults filled), with their live-only flags beside them,
 * and the property groups that hold them.
 * The shape is declared once (`PropertyShape`): the type below and the plan's JSON Schema come from it.
 * Object types are keyed by canonical name (`canonicalObjectType`).
 */
import { canonicalObjectType } from '../../engine/model/object-types.js';
import { flagsOf } from '../../engine/model/flags.js';
import {
  sliceOf,
  type PropertyFlags,
  type SchemaState,
  type SliceKey,
} from '../../engine/model/schema-model.js';
import type { Property, PropertyGroup } from '../../wire/api.js';
import type { NormalizedGroup } from './group-model.js';
import { fromApiGroup } from './normalize-group.js';
import { fromApiProperty } from './normalize-property.js';

export { PropertyShape, type NormalizedProperty } from './property-shape.js';
import type { NormalizedProperty } from './property-shape.js';

/** The properties and groups of one object type. */
export interface ObjectSchema {
  /** canonical name, e.g. `tickets` */
  objectType: string;
  properties: Map<string, NormalizedProperty>;
  /** live state only; a property without an entry counts as custom and active */
  propertyFlags: Map<string, PropertyFlags>;
  groups: Map<string, NormalizedGroup>;
}

/** The property family's slice: object type (canonical) -> its properties and groups. */
export type ObjectsSlice = Map<string, ObjectSchema>;

export const OBJECTS: SliceKey<ObjectsSlice> = { family: 'property', empty: () => new Map() };

/** The object types of a state, keyed by canonical name. */
export function objectsOf(state: SchemaState): ObjectsSlice {
  return sliceOf(state, OBJECTS);
}

/** The schema of an object type, made empty on first use. */
export function objectSchemaOf(state: SchemaState, objectType: string): ObjectSchema {
  const slice = objectsOf(state);
  const key = canonicalObjectType(objectType);
  let schema = slice.get(key);
  if (schema === undefined) {
    schema = { objectType: key, properties: new Map(), propertyFlags: new Map(), groups: new Map() };
    slice.set(key, schema);
  }
  return schema;
}

/** An active custom or built-in property; an archived one counts as absent (as the planner sees it). */
export function liveProperty(
  live: SchemaState,
  objectType: string,
  name: string,
): NormalizedProperty | undefined {
  const schema = objectsOf(live).get(canonicalObjectType(objectType));
  if (schema?.propertyFlags.get(name)?.archived === true) return undefined;
  return schema?.properties.get(name);
}

/** What the account says about a property besides its definition (archived, last changed when and by whom). */
export function livePropertyFlags(
  live: SchemaState,
  objectType: string,
  name: string,
): PropertyFlags | undefined {
  return objectsOf(live).get(canonicalObjectType(objectType))?.propertyFlags.get(name);
}

export function liveGroup(live: SchemaState, objectType: string, name: string): NormalizedGroup | undefined {
  return objectsOf(live).get(canonicalObjectType(objectType))?.groups.get(name);
}

export function addApiProperty(state: SchemaState, objectType: string, property: Property): void {
  const schema = objectSchemaOf(state, objectType);
  schema.properties.set(property.name, fromApiProperty(property));
  schema.propertyFlags.set(property.name, flagsOf(property));
}

export function addApiGroup(state: SchemaState, objectType: string, group: PropertyGroup): void {
  objectSchemaOf(state, objectType).groups.set(group.name, fromApiGroup(group));
}

export function propertyAddress(objectType: string, name: string): string {
  return `${objectType}.${name}`;
}

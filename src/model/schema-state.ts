/**
 * Building a `SchemaState`: get-or-create accessors that canonicalise object type names, and adders
 * used by the manifest reader (desired state) and the live reader (live state).
 */
import type {
  AssociationLabel,
  AssociationTypeConfig,
  EventProperty,
  Property,
  PropertyGroup,
} from '../wire/api.js';
import { fromApiGroup } from './normalize-group.js';
import { fromApiLabel, fromApiLimit, limitKey, pairKey } from './normalize-association.js';
import { fromApiEventProperty } from './normalize-event.js';
import { fromApiProperty, propertyFlagsOf } from './normalize-property.js';
import { canonicalObjectType } from './object-types.js';
import type {
  AssociationPairSchema,
  NormalizedEventDefinition,
  NormalizedLabel,
  NormalizedLimit,
  ObjectSchema,
  SchemaState,
} from './schema-model.js';

export function emptySchemaState(): SchemaState {
  return { objects: new Map(), associations: new Map(), events: new Map() };
}

export function objectSchemaOf(state: SchemaState, objectType: string): ObjectSchema {
  const key = canonicalObjectType(objectType);
  let schema = state.objects.get(key);
  if (schema === undefined) {
    schema = { objectType: key, properties: new Map(), propertyFlags: new Map(), groups: new Map() };
    state.objects.set(key, schema);
  }
  return schema;
}

export function associationPairOf(state: SchemaState, from: string, to: string): AssociationPairSchema {
  const key = pairKey(from, to);
  let pair = state.associations.get(key);
  if (pair === undefined) {
    pair = {
      from: canonicalObjectType(from),
      to: canonicalObjectType(to),
      labels: new Map(),
      limits: new Map(),
    };
    state.associations.set(key, pair);
  }
  return pair;
}

/** Get-or-create; a new entry takes `exists` (desired: true; live: whether the API found it). */
export function eventDefinitionOf(
  state: SchemaState,
  name: string,
  exists = true,
): NormalizedEventDefinition {
  let definition = state.events.get(name);
  if (definition === undefined) {
    definition = { name, exists, properties: new Map(), propertyFlags: new Map() };
    state.events.set(name, definition);
  }
  return definition;
}

export function addLabel(pair: AssociationPairSchema, label: NormalizedLabel): void {
  pair.labels.set(label.label, label);
}

export function addLimit(pair: AssociationPairSchema, limit: NormalizedLimit): void {
  pair.limits.set(limitKey(limit), limit);
}

// ---- live state from API shapes -------------------------------------------------------------------

export function addApiProperty(state: SchemaState, objectType: string, property: Property): void {
  const schema = objectSchemaOf(state, objectType);
  schema.properties.set(property.name, fromApiProperty(property));
  schema.propertyFlags.set(property.name, propertyFlagsOf(property));
}

export function addApiGroup(state: SchemaState, objectType: string, group: PropertyGroup): void {
  objectSchemaOf(state, objectType).groups.set(group.name, fromApiGroup(group));
}

/** `inverse`: the reverse direction's entry of the same label, when the reader has it. */
export function addApiLabel(
  state: SchemaState,
  from: string,
  to: string,
  label: AssociationLabel,
  inverse?: Pick<AssociationLabel, 'typeId' | 'label'>,
): void {
  const normalized = fromApiLabel(label, inverse);
  if (normalized !== undefined) addLabel(associationPairOf(state, from, to), normalized);
}

export function addApiLimit(
  state: SchemaState,
  from: string,
  to: string,
  config: AssociationTypeConfig,
): void {
  const limit = fromApiLimit(config);
  if (limit !== undefined) addLimit(associationPairOf(state, from, to), limit);
}

export function addApiEventProperty(state: SchemaState, eventName: string, property: EventProperty): void {
  const definition = eventDefinitionOf(state, eventName);
  definition.properties.set(property.name, fromApiEventProperty(property));
  definition.propertyFlags.set(property.name, propertyFlagsOf(property));
}

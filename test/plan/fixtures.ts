/** Inline states for the planner's unit tests: small builders over the normalised model. */
import type { PropertyLike } from '../../src/families/property/normalize-property.js';
import { normalizeProperty } from '../../src/families/property/normalize-property.js';
import type { SchemaState } from '../../src/engine/model/schema-model.js';
import { normalizeEventProperty, type EventPropertyLike } from '../../src/families/event/normalize-event.js';
import type { DesiredState, Tombstone } from '../../src/engine/model/desired-state.js';
import type { DataCounts } from '../../src/engine/plan/data-check.js';
import { DEFAULT_POLICY, type ScopePolicy } from '../../src/engine/model/policy.js';
import type { NormalizedProperty } from '../../src/families/property/model.js';
import { type NormalizedLabel } from '../../src/families/association/label-model.js';
import { type NormalizedLimit } from '../../src/families/association/limit-model.js';
import { emptySchemaState } from '../../src/engine/model/schema-model.js';
import { eventDefinitionOf, type NormalizedEventDefinitionInfo } from '../../src/families/event/model.js';
import { associationPairOf, addLabel, addLimit } from '../../src/families/association/model.js';
import { objectSchemaOf } from '../../src/families/property/model.js';

export function prop(name: string, fields: Partial<PropertyLike> = {}): NormalizedProperty {
  return normalizeProperty({
    name,
    label: name,
    type: 'string',
    fieldType: 'text',
    groupName: 'escalation',
    ...fields,
  });
}

export function select(
  name: string,
  values: string[],
  fields: Partial<PropertyLike> = {},
): NormalizedProperty {
  return prop(name, {
    type: 'enumeration',
    fieldType: 'select',
    options: values.map((value) => ({ label: value.toUpperCase(), value })),
    ...fields,
  });
}

export interface StateSpec {
  properties?: Record<string, (NormalizedProperty & { builtIn?: boolean; archived?: boolean })[]>;
  groups?: Record<string, { name: string; label?: string; displayOrder?: number }[]>;
  labels?: Record<string, NormalizedLabel[]>;
  limits?: Record<string, NormalizedLimit[]>;
  events?: Record<
    string,
    {
      exists?: boolean;
      definition?: NormalizedEventDefinitionInfo;
      properties: (EventPropertyLike & { builtIn?: boolean })[];
    }
  >;
}

/** `labels` / `limits` keys are `from->to`. Every object type named in `properties` gets group `escalation`. */
export function state(spec: StateSpec = {}, withDefaultGroup = true): SchemaState {
  const s = emptySchemaState();
  for (const [objectType, properties] of Object.entries(spec.properties ?? {})) {
    const schema = objectSchemaOf(s, objectType);
    if (withDefaultGroup)
      schema.groups.set('escalation', { name: 'escalation', label: 'Escalation', displayOrder: -1 });
    for (const { builtIn, archived, ...property } of properties) {
      schema.properties.set(property.name, property);
      if (builtIn !== undefined || archived !== undefined) {
        schema.propertyFlags.set(property.name, {
          platformDefined: builtIn === true,
          archived: archived === true,
        });
      }
    }
  }
  for (const [objectType, groups] of Object.entries(spec.groups ?? {})) {
    const schema = objectSchemaOf(s, objectType);
    for (const g of groups)
      schema.groups.set(g.name, {
        name: g.name,
        label: g.label ?? g.name,
        displayOrder: g.displayOrder ?? -1,
      });
  }
  for (const [key, labels] of Object.entries(spec.labels ?? {})) {
    const [from, to] = key.split('->') as [string, string];
    for (const label of labels) addLabel(associationPairOf(s, from, to), label);
  }
  for (const [key, limits] of Object.entries(spec.limits ?? {})) {
    const [from, to] = key.split('->') as [string, string];
    for (const limit of limits) addLimit(associationPairOf(s, from, to), limit);
  }
  for (const [name, event] of Object.entries(spec.events ?? {})) {
    const definition = eventDefinitionOf(s, name, event.exists ?? true);
    if (event.definition !== undefined) definition.definition = event.definition;
    for (const { builtIn, ...property } of event.properties) {
      definition.properties.set(property.name, normalizeEventProperty(property));
      if (builtIn === true)
        definition.propertyFlags.set(property.name, { platformDefined: true, archived: false });
    }
  }
  return s;
}

export function desired(s: SchemaState, tombstones: Tombstone[] = []): DesiredState {
  return { state: s, tombstones };
}

export function policy(overrides: Partial<ScopePolicy> = {}): ScopePolicy {
  return { ...DEFAULT_POLICY, ...overrides };
}

/** Exact data-check counts from plain numbers, as the rules take them. */
export function exactCounts(counts: Iterable<readonly [string, number]>): DataCounts {
  return new Map([...counts].map(([key, count]) => [key, { count, exact: true }]));
}

/**
 * The event family's part of the model: custom event definitions (what a definition is besides its
 * properties) and their properties, normalised; live flags of the built-in properties beside them. The
 * shapes are declared once (`EventDefinitionShape`, `EventPropertyShape`).
 */
import { flagsOf } from '../../engine/model/flags.js';
import {
  sliceOf,
  type PropertyFlags,
  type SchemaState,
  type SliceKey,
} from '../../engine/model/schema-model.js';
import type { EventProperty } from '../../wire/api.js';
import { fromApiEventProperty } from './normalize-event.js';

export {
  EventDefinitionShape,
  EventPropertyShape,
  type NormalizedEventDefinitionInfo,
  type NormalizedEventProperty,
} from './event-shapes.js';
import type { NormalizedEventDefinitionInfo, NormalizedEventProperty } from './event-shapes.js';

export interface NormalizedEventDefinition {
  name: string;
  /** live: whether the definition exists; desired: always true */
  exists: boolean;
  /** desired: the `definition` block, when the manifests give one; live: when the definition exists */
  definition?: NormalizedEventDefinitionInfo;
  properties: Map<string, NormalizedEventProperty>;
  /** live state only: flags of the definition's built-in (default) properties */
  propertyFlags: Map<string, PropertyFlags>;
}

/** The event family's slice: the definitions by name, and what the read of their list found. */
export interface EventSlice {
  definitions: Map<string, NormalizedEventDefinition>;
  /**
   * what the read of the event definition list found, when it read the list: the account's total, the
   * definitions on its first page, and how many of those in scope were among them (the calls the read
   * took follow from these)
   */
  listing?: { total: number; firstPageSize: number; inScopeOnFirstPage: number };
}

export const EVENTS: SliceKey<EventSlice> = { family: 'event', empty: () => ({ definitions: new Map() }) };

/** The event definitions of a state, by name. */
export function eventsOf(state: SchemaState): Map<string, NormalizedEventDefinition> {
  return sliceOf(state, EVENTS).definitions;
}

/** What the read of the event definition list found, when it read the list. */
export function eventListingOf(state: SchemaState): EventSlice['listing'] {
  return sliceOf(state, EVENTS).listing;
}

/** Get-or-create; a new entry takes `exists` (desired: true; live: whether the API found it). */
export function eventDefinitionOf(
  state: SchemaState,
  name: string,
  exists = true,
): NormalizedEventDefinition {
  const { definitions } = sliceOf(state, EVENTS);
  let definition = definitions.get(name);
  if (definition === undefined) {
    definition = { name, exists, properties: new Map(), propertyFlags: new Map() };
    definitions.set(name, definition);
  }
  return definition;
}

/** A property of an event definition that exists live. */
export function liveEventProperty(
  live: SchemaState,
  eventName: string,
  name: string,
): NormalizedEventProperty | undefined {
  const definition = eventsOf(live).get(eventName);
  return definition?.exists === true ? definition.properties.get(name) : undefined;
}

/** What the account says about an event property besides its definition. */
export function liveEventPropertyFlags(
  live: SchemaState,
  eventName: string,
  name: string,
): PropertyFlags | undefined {
  return eventsOf(live).get(eventName)?.propertyFlags.get(name);
}

export function addApiEventProperty(state: SchemaState, eventName: string, property: EventProperty): void {
  const definition = eventDefinitionOf(state, eventName);
  definition.properties.set(property.name, fromApiEventProperty(property));
  definition.propertyFlags.set(property.name, flagsOf(property));
}

export function eventDefinitionAddress(eventName: string): string {
  return `event:${eventName}`;
}

export function eventPropertyAddress(eventName: string, name: string): string {
  return `event:${eventName}.${name}`;
}

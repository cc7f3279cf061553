/**
 * The event family's declarations: the property entries and the `definition` block of `EventProperties`
 * documents, by event name, every entry with the source location of its YAML node. A declaration seen
 * twice is reported at the second place, naming the first; the first is kept. Into the desired state, the
 * `definition` block sits on the planner's event definition (created when the account lacks it), which
 * then exists on the desired side even when every property entry is a tombstone.
 */
import { defined } from '../../../core/defined.js';
import type { SourceLocation } from '../../../core/source/source-location.js';
import type { DeclareContext, DesiredBuilder } from '../../../engine/manifest-part.js';
import {
  at,
  entriesOf,
  type DocumentItem,
  type ManifestItems,
} from '../../../engine/manifest/model/items.js';
import type { EventPropertyCreate } from '../../../wire/api.js';
import { eventDefinitionAddress, eventDefinitionOf, eventPropertyAddress } from '../model.js';
import { normalizeEventDefinitionInfo, normalizeEventProperty } from '../normalize-event.js';
import type { EventDefinitionEntry, EventPropertiesManifest, EventPropertyEntry } from './shapes.js';

/** The kind of the event family's documents. */
export const EVENT_PROPERTIES_KIND = 'EventProperties';

export interface DesiredEventProperty {
  deleted: false;
  eventName: string;
  name: string;
  definition: EventPropertyCreate & { name: string };
  source: SourceLocation;
}

export interface DeletedEventProperty {
  deleted: true;
  eventName: string;
  name: string;
  source: SourceLocation;
}

export type DesiredEventPropertyEntry = DesiredEventProperty | DeletedEventProperty;

/** The `definition` block of an event: the plan creates the definition when the account lacks it. */
export interface DesiredEventDefinition {
  eventName: string;
  label: string;
  description?: string;
  primaryObject?: string;
  source: SourceLocation;
}

export interface EventDeclarations {
  /** event name -> property name -> entry */
  eventProperties: Map<string, Map<string, DesiredEventPropertyEntry>>;
  /** event name -> its `definition` block */
  eventDefinitions: Map<string, DesiredEventDefinition>;
}

export interface EventPropertyItem {
  eventName: string;
  entry: EventPropertyEntry;
  ref: DocumentItem['ref'];
}

/** The `definition` block of an EventProperties document. */
export interface EventDefinitionItem {
  eventName: string;
  entry: EventDefinitionEntry;
  ref: DocumentItem['ref'];
}

function withEventName<E>(
  items: readonly DocumentItem<E>[],
): { eventName: string; entry: E; ref: DocumentItem['ref'] }[] {
  return items.map(({ data, entry, ref }) => ({
    eventName: (data as Partial<EventPropertiesManifest>).eventName ?? '',
    entry,
    ref,
  }));
}

export function eventPropertyItems(items: ManifestItems): EventPropertyItem[] {
  return withEventName(entriesOf<EventPropertyEntry>(items, EVENT_PROPERTIES_KIND, 'properties'));
}

export function eventDefinitionItems(items: ManifestItems): EventDefinitionItem[] {
  return withEventName(entriesOf<EventDefinitionEntry>(items, EVENT_PROPERTIES_KIND, 'definition'));
}

export function declareEvents(items: ManifestItems, { claim }: DeclareContext): EventDeclarations {
  const state: EventDeclarations = { eventProperties: new Map(), eventDefinitions: new Map() };
  for (const { eventName, entry, ref } of eventDefinitionItems(items)) {
    const what = `the definition of event ${eventName}`;
    if (!claim(`event definition ${eventName}`, ref, 'label', 'DUPLICATE_EVENT_DEFINITION', what)) continue;
    state.eventDefinitions.set(eventName, {
      eventName,
      label: entry.label,
      ...defined({ description: entry.description, primaryObject: entry.primaryObject }),
      source: at(ref),
    });
  }

  for (const { eventName, entry, ref } of eventPropertyItems(items)) {
    const what = `event property '${entry.name}' of event ${eventName}`;
    if (!claim(`event ${eventName} ${entry.name}`, ref, 'name', 'DUPLICATE_EVENT_PROPERTY', what)) continue;
    const source = at(ref);
    if (entry.deleted) {
      mapIn(state.eventProperties, eventName).set(entry.name, {
        deleted: true,
        eventName,
        name: entry.name,
        source,
      });
      continue;
    }
    const { deleted: _deleted, options, ...fields } = entry;
    // `replaces` is for object properties only (a validation rule says so)
    const definition = {
      ...fields,
      ...(options === undefined ? {} : { options: options.map(({ replaces: _r, ...option }) => option) }),
    };
    mapIn(state.eventProperties, eventName).set(entry.name, {
      deleted: false,
      eventName,
      name: entry.name,
      definition: definition as EventPropertyCreate & { name: string },
      source,
    });
  }
  return state;
}

export function desireEvents(declarations: EventDeclarations, out: DesiredBuilder): void {
  for (const [eventName, properties] of declarations.eventProperties) addEvent(out, eventName, properties);
  for (const definition of declarations.eventDefinitions.values()) addEventDefinition(out, definition);
}

function addEvent(
  out: DesiredBuilder,
  eventName: string,
  properties: ReadonlyMap<string, DesiredEventPropertyEntry>,
): void {
  for (const entry of properties.values()) {
    const source = entry.source;
    out.sources.set(eventPropertyAddress(eventName, entry.name), source);
    // the event itself points at its first entry, unless a definition block (added later) says more
    if (!out.sources.has(eventDefinitionAddress(eventName)))
      out.sources.set(eventDefinitionAddress(eventName), source);
    if (entry.deleted) {
      out.tombstones.push({ kind: 'eventProperty', eventName, name: entry.name, source });
      continue;
    }
    const definition = eventDefinitionOf(out.state, eventName);
    definition.properties.set(entry.name, normalizeEventProperty(entry.definition));
  }
}

function addEventDefinition(out: DesiredBuilder, entry: DesiredEventDefinition): void {
  const definition = eventDefinitionOf(out.state, entry.eventName);
  definition.definition = normalizeEventDefinitionInfo(entry);
  out.sources.set(eventDefinitionAddress(entry.eventName), entry.source);
}

function mapIn<V>(outer: Map<string, Map<string, V>>, key: string): Map<string, V> {
  let inner = outer.get(key);
  if (!inner) {
    inner = new Map();
    outer.set(key, inner);
  }
  return inner;
}

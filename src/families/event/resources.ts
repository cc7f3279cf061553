/** The event family's types of resources: a custom event definition, and a property of one. */
import type { ResourceType } from '../../engine/family.js';
import {
  EventDefinitionShape,
  EventPropertyShape,
  eventDefinitionOf,
  eventsOf,
  liveEventProperty,
  liveEventPropertyFlags,
  type NormalizedEventDefinition,
  type NormalizedEventProperty,
} from './model.js';
import type { EventsScope } from './live/live-part.js';

export interface EventDefinitionRef {
  readonly kind: 'eventDefinition';
  readonly eventName: string;
  readonly [field: string]: unknown;
}

export interface EventPropertyRef {
  readonly kind: 'eventProperty';
  readonly eventName: string;
  readonly name: string;
  readonly [field: string]: unknown;
}

const eventDefinition: ResourceType<EventDefinitionRef, EventsScope> = {
  noun: 'event definition',
  removal: 'deleted',
  shape: EventDefinitionShape,
  live: (ref, state) => {
    const definition = eventsOf(state).get(ref.eventName);
    return definition?.exists === true ? (definition.definition ?? { name: ref.eventName }) : undefined;
  },
  owner: (ref) => `event:${ref.eventName}`,
  readBack: (ref, scope) => {
    scope.add(ref.eventName);
  },
  putBack: (ref, before, into) => {
    const event = eventDefinitionOf(into.state, ref.eventName);
    if (before !== undefined) event.definition = before as NormalizedEventDefinition['definition'];
  },
};

const eventProperty: ResourceType<EventPropertyRef, EventsScope> = {
  noun: 'event property',
  removal: 'deleted',
  shape: EventPropertyShape,
  live: (ref, state) => liveEventProperty(state, ref.eventName, ref.name),
  owner: (ref) => `event:${ref.eventName}`,
  readBack: (ref, scope) => {
    scope.add(ref.eventName);
  },
  putBack: (ref, before, into) => {
    if (before === undefined)
      into.tombstones.push({ kind: 'eventProperty', eventName: ref.eventName, name: ref.name });
    else
      eventDefinitionOf(into.state, ref.eventName).properties.set(
        ref.name,
        before as NormalizedEventProperty,
      );
  },
  flags: (ref, live) => liveEventPropertyFlags(live, ref.eventName, ref.name),
};

export const eventResources = { eventDefinition, eventProperty };

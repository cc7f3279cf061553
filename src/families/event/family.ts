/**
 * The event family: custom event definitions and their properties. Event properties take options as
 * object properties do, so it builds on the property family.
 */
import type { Family } from '../../engine/family.js';
import { eventManifest } from './manifest/part.js';
import { EVENT_PLAN_CODES } from './plan-codes.js';
import { Type, ref } from '../../core/json-schema.js';
import { EventNameDef } from './manifest/shapes.js';
import { diffEvents } from './diff.js';
import { eventDefinitionCreate } from './kinds/event-definition-create.js';
import { eventDefinitionUpdate } from './kinds/event-definition-update.js';
import { eventPropertyCreate } from './kinds/event-property-create.js';
import { eventPropertyDelete } from './kinds/event-property-delete.js';
import { eventPropertyUpdate } from './kinds/event-property-update.js';
import { eventLive, type EventsScope } from './live/live-part.js';
import { eventResources } from './resources.js';
import { eventPropertyAddress, eventsOf } from './model.js';
import { eventPull } from './pull/pull-part.js';
import type { PullPart } from '../../engine/pull-part.js';
import { eventTombstones } from './tombstones.js';

/** Its change kinds, in the order the plan's JSON Schema lists them. */
export const EVENT_KINDS = [
  eventDefinitionCreate,
  eventDefinitionUpdate,
  eventPropertyCreate,
  eventPropertyUpdate,
  eventPropertyDelete,
] as const;

export const eventFamily: Family<EventsScope> = {
  name: 'event',
  description: 'custom event definitions and their properties',
  dependsOn: ['property'],
  kinds: EVENT_KINDS,
  resources: eventResources,
  tombstones: eventTombstones,
  phases: {
    build: ['eventDefinitions.create', 'eventProperties.write'],
    tearDown: ['eventProperties.delete'],
  },
  planCodes: EVENT_PLAN_CODES,
  live: eventLive,
  addresses: (state) =>
    [...eventsOf(state).values()].flatMap((definition) =>
      [...definition.properties.keys()].map((name) => eventPropertyAddress(definition.name, name)),
    ),
  pull: eventPull as PullPart,
  diff: diffEvents,
  manifest: eventManifest,
  manage: [
    {
      key: 'events',
      together: 'properties',
      note: { given: ['these custom event definitions, with all their properties'] },
      schema: Type.Array(ref(EventNameDef, "An event definition's internal name."), {
        description: 'Custom event definitions the project owns, with all their properties: `order_shipped`.',
        uniqueItems: true,
      }),
    },
  ],
  notReadName: 'events',
  missingCodes: { UNKNOWN_EVENT: 'eventDefinition' },
};

/** How the event family reads the live account: the event definitions the manifests name (read-events.ts). */
import type { LivePart } from '../../../engine/family.js';
import { tombstonesOfKind } from '../../../engine/model/desired-state.js';
import { eventListingOf, eventsOf, EVENTS } from '../model.js';
import { eventReadCalls, readEvents } from '../read-events.js';
import type { EventPropertyTombstone } from '../tombstones.js';

/** The event family's part of a read scope: the names of the event definitions to read. */
export type EventsScope = Set<string>;

export const eventLive: LivePart<EventsScope> = {
  emptyScope: () => new Set(),
  fromDesired: (desired, _policy, scope) => {
    for (const definition of eventsOf(desired.state).values()) scope.add(definition.name);
    for (const tombstone of tombstonesOfKind<EventPropertyTombstone>(desired, 'eventProperty'))
      scope.add(tombstone.eventName);
  },
  merge: (into, other) => {
    for (const name of other) into.add(name);
  },
  isEmpty: (scope) => scope.size === 0,
  read: (client, scope, state) => readEvents(client, scope, state),
  calls: (scope, live) =>
    live.notRead.get(EVENTS.family)?.calls ?? eventReadCalls(scope.size, eventListingOf(live)),
};

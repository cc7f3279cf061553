/** The event family's tombstones: an event property marked deleted. */
import type { SourceLocation } from '../../core/source/source-location.js';
import { eventPropertyAddress } from './model.js';

export type EventPropertyTombstone = {
  kind: 'eventProperty';
  eventName: string;
  name: string;
  source?: SourceLocation | undefined;
};

export const eventTombstones = {
  eventProperty: (t: EventPropertyTombstone) => eventPropertyAddress(t.eventName, t.name),
};

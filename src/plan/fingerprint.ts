/**
 * Fingerprints: per change, a digest of the live resource it was computed from (`sha256:<hex>` of the
 * canonical JSON of the normalised resource), or `absent`. Apply reads the resources back, recomputes
 * with `fingerprintFor` and refuses a plan whose fingerprints no longer match. Hashing is pure.
 */
import type { SchemaState } from '../model/schema-model.js';
import {
  liveEventProperty,
  liveGroup,
  liveLabelByText,
  liveLabelByTypeId,
  liveLimit,
  liveProperty,
} from '../model/schema-lookup.js';
import { canonicalDigest } from './canonical-json.js';
import type { Change, ChangeOf, ChangeType } from './change-types.js';
import { isRef } from './change-types.js';

export const ABSENT = 'absent';

export function fingerprint(resource: unknown): string {
  if (resource === undefined) return ABSENT;
  return canonicalDigest(resource);
}

type Finder<T extends ChangeType> = (change: ChangeOf<T>, live: SchemaState) => unknown;

function liveEventDefinition(live: SchemaState, eventName: string): unknown {
  const definition = live.events.get(eventName);
  return definition?.exists === true ? (definition.definition ?? { name: eventName }) : undefined;
}

const FINDERS: { readonly [T in ChangeType]: Finder<T> } = {
  'property.create': (c, live) => liveProperty(live, c.meta.objectType, c.meta.property.name),
  'property.update': (c, live) => liveProperty(live, c.meta.objectType, c.meta.name),
  'property.archive': (c, live) => liveProperty(live, c.meta.objectType, c.meta.name),
  'property.replace': (c, live) => liveProperty(live, c.meta.objectType, c.meta.name),
  'group.create': (c, live) => liveGroup(live, c.meta.objectType, c.meta.group.name),
  'group.update': (c, live) => liveGroup(live, c.meta.objectType, c.meta.name),
  'group.archive': (c, live) => liveGroup(live, c.meta.objectType, c.meta.name),
  'label.create': (c, live) => liveLabelByText(live, c.meta.from, c.meta.to, c.meta.label.label),
  'label.update': (c, live) => liveLabelByTypeId(live, c.meta.from, c.meta.to, c.meta.typeId),
  'label.delete': (c, live) => liveLabelByTypeId(live, c.meta.from, c.meta.to, c.meta.label.typeId),
  // a limit on a label this plan creates cannot exist yet
  'limit.set': (c, live) =>
    isRef(c.meta.typeId)
      ? undefined
      : liveLimit(live, c.meta.from, c.meta.to, c.meta.category, c.meta.typeId),
  'limit.purge': (c, live) => liveLimit(live, c.meta.from, c.meta.to, c.meta.category, c.meta.typeId),
  'eventDefinition.create': (c, live) => liveEventDefinition(live, c.meta.eventName),
  'eventProperty.create': (c, live) =>
    // a re-create after a type change was computed from the property its delete removes
    liveEventProperty(live, c.meta.eventName, c.meta.property.name),
  'eventProperty.update': (c, live) => liveEventProperty(live, c.meta.eventName, c.meta.name),
  'eventProperty.delete': (c, live) => liveEventProperty(live, c.meta.eventName, c.meta.name),
};

/** The normalised live resource a change acts on, or undefined when there is none. */
export function liveResourceFor(change: Change, live: SchemaState): unknown {
  return (FINDERS[change.type] as Finder<ChangeType>)(change, live);
}

export function fingerprintFor(change: Change, live: SchemaState): string {
  return fingerprint(liveResourceFor(change, live));
}

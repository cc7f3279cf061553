/**
 * Finding one resource in a normalised schema state: the live resource a change acts on. Shared by the
 * planner's fingerprints and by apply's stale check and reconciliation, so both look in the same place.
 */
import { pairKey } from './normalize-association.js';
import { canonicalObjectType } from './object-types.js';
import type {
  NormalizedEventProperty,
  NormalizedGroup,
  NormalizedLabel,
  NormalizedLimit,
  NormalizedProperty,
  PropertyFlags,
  SchemaState,
} from './schema-model.js';

/** An active custom or built-in property; an archived one counts as absent (as the planner sees it). */
export function liveProperty(
  live: SchemaState,
  objectType: string,
  name: string,
): NormalizedProperty | undefined {
  const schema = live.objects.get(canonicalObjectType(objectType));
  if (schema?.propertyFlags.get(name)?.archived === true) return undefined;
  return schema?.properties.get(name);
}

export function liveGroup(live: SchemaState, objectType: string, name: string): NormalizedGroup | undefined {
  return live.objects.get(canonicalObjectType(objectType))?.groups.get(name);
}

export function liveLabelByText(
  live: SchemaState,
  from: string,
  to: string,
  text: string,
): NormalizedLabel | undefined {
  return live.associations.get(pairKey(from, to))?.labels.get(text);
}

export function liveLabelByTypeId(
  live: SchemaState,
  from: string,
  to: string,
  typeId: number | undefined,
): NormalizedLabel | undefined {
  for (const label of live.associations.get(pairKey(from, to))?.labels.values() ?? []) {
    if (label.typeId === typeId) return label;
  }
  return undefined;
}

/** The limit set live on one association type, or undefined when none is set. */
export function liveLimit(
  live: SchemaState,
  from: string,
  to: string,
  category: string,
  typeId: number | undefined,
): NormalizedLimit | undefined {
  if (typeId === undefined) return undefined;
  for (const limit of live.associations.get(pairKey(from, to))?.limits.values() ?? []) {
    if (limit.category === category && limit.typeId === typeId) return limit;
  }
  return undefined;
}

/** A property of an event definition that exists live. */
export function liveEventProperty(
  live: SchemaState,
  eventName: string,
  name: string,
): NormalizedEventProperty | undefined {
  const definition = live.events.get(eventName);
  return definition?.exists === true ? definition.properties.get(name) : undefined;
}

/** What the account says about a property besides its definition (archived, last changed when and by whom). */
export function livePropertyFlags(
  live: SchemaState,
  objectType: string,
  name: string,
): PropertyFlags | undefined {
  return live.objects.get(canonicalObjectType(objectType))?.propertyFlags.get(name);
}

/** The same for an event property. */
export function liveEventPropertyFlags(
  live: SchemaState,
  eventName: string,
  name: string,
): PropertyFlags | undefined {
  return live.events.get(eventName)?.propertyFlags.get(name);
}

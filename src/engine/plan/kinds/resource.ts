/**
 * The resource a change acts on, by identity: every change kind names its target this way (a
 * `ResourceRef` of its family's shape), and generic code finds that resource in a live state
 * (fingerprints, end states), puts it in the scope of a read-back, groups changes by it for reading and
 * classifies it in a drift report, each through the type of resource its family declares.
 */
import type { ResourceRef } from '../../resource-ref.js';
import { resourceTypeOf } from '../../installed.js';
import type { SchemaState } from '../../model/schema-model.js';

export type { ResourceRef } from '../../resource-ref.js';

/**
 * The normalised live resource, or undefined when there is none. `typeIds`: ids learned when the plan's
 * own creates ran (a resource made by the same plan is found through them).
 */
export function liveResourceOf(
  ref: ResourceRef,
  live: SchemaState,
  typeIds?: ReadonlyMap<string, number>,
): unknown {
  return resourceTypeOf(ref).type.live(ref, live, typeIds);
}

/** The resource as a desired state declares it. */
export function declaredResourceOf(ref: ResourceRef, desired: SchemaState): unknown {
  const { type } = resourceTypeOf(ref);
  return type.declared === undefined ? type.live(ref, desired) : type.declared(ref, desired);
}

/** What a resource belongs to, for reading: `tickets`, `tickets->orders`, `event:order_shipped`. */
export function ownerOf(ref: ResourceRef): string {
  return resourceTypeOf(ref).type.owner(ref);
}

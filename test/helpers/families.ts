/**
 * The product families' parts of the engine's generic states, for tests: a read scope's parts and a
 * state's slices, typed as each family keeps them.
 */
import { scopePart, type LiveScope } from '../../src/engine/live/scope.js';
import { associationFamily } from '../../src/families/association/family.js';
import { eventFamily } from '../../src/families/event/family.js';
import { propertyFamily } from '../../src/families/property/family.js';
import type { PairsScope } from '../../src/families/association/live/scope.js';
import type { EventsScope } from '../../src/families/event/live/live-part.js';
import type { ObjectTypesScope } from '../../src/families/property/live/scope.js';

export { objectsOf } from '../../src/families/property/model.js';
export { associationsOf } from '../../src/families/association/model.js';
export { eventsOf, eventListingOf } from '../../src/families/event/model.js';

/** The object types a read scope reads (the property family's part). */
export function objectTypesIn(scope: LiveScope): ObjectTypesScope {
  return scopePart(scope, propertyFamily);
}

/** The directions a read scope reads (the association family's part). */
export function pairsIn(scope: LiveScope): PairsScope {
  return scopePart(scope, associationFamily);
}

/** The event definitions a read scope reads (the event family's part). */
export function eventsIn(scope: LiveScope): EventsScope {
  return scopePart(scope, eventFamily);
}

import { declarationsOf, type Declarations } from '../../src/engine/manifest/model/declarations.js';
import type { PropertyDeclarations } from '../../src/families/property/manifest/declarations.js';
import type { AssociationDeclarations } from '../../src/families/association/manifest/declarations.js';
import type { EventDeclarations } from '../../src/families/event/manifest/declarations.js';

/** The property family's declarations: properties and groups by object type. */
export function propertyDeclarations(model: Declarations): PropertyDeclarations {
  return declarationsOf<PropertyDeclarations>(model, propertyFamily.name);
}

/** The association family's declarations: directions and label pairs. */
export function associationDeclarations(model: Declarations): AssociationDeclarations {
  return declarationsOf<AssociationDeclarations>(model, associationFamily.name);
}

/** The event family's declarations: event properties and definitions by event. */
export function eventDeclarations(model: Declarations): EventDeclarations {
  return declarationsOf<EventDeclarations>(model, eventFamily.name);
}

import type { DesiredState } from '../../src/engine/model/desired-state.js';
import { PROPERTY_INTENTS, type PropertyIntents } from '../../src/families/property/intents.js';

/** `desired` with what property manifests say beside the properties: renames, remaps, onConflict. */
export function withPropertyIntents(desired: DesiredState, intents: Partial<PropertyIntents>): DesiredState {
  const own: PropertyIntents = { renames: new Map(), remaps: new Map(), onConflict: new Map(), ...intents };
  return { ...desired, intents: new Map([...(desired.intents ?? []), [PROPERTY_INTENTS, own]]) };
}

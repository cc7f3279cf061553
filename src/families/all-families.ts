/**
 * The resource families crm-schema manages, in order: the one list. Only the top (the command line, a
 * test's setup) imports it, and installs it into the engine (`installFamilies`). Adding a family is its
 * folder and its line here; a family comes after the families it depends on. Build phases run in this
 * order and tear-down phases in the reverse order, so what others build on comes first.
 */
import type { Family } from '../engine/family.js';
import type { ChangeOfKind } from '../engine/plan/kinds/change-kind.js';
import type { ASSOCIATION_KINDS } from './association/family.js';
import { associationFamily } from './association/family.js';
import type { EVENT_KINDS } from './event/family.js';
import { eventFamily } from './event/family.js';
import type { PROPERTY_KINDS } from './property/family.js';
import { propertyFamily } from './property/family.js';

export const ALL_FAMILIES: readonly Family[] = [
  propertyFamily,
  associationFamily,
  eventFamily,
] as readonly Family[];

/** A change of any kind of the families of the list, typed by its kind (for code at the top, and tests). */
export type KnownChange = ChangeOfKind<
  (typeof PROPERTY_KINDS)[number] | (typeof ASSOCIATION_KINDS)[number] | (typeof EVENT_KINDS)[number]
>;

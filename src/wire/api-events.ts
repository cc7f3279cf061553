/** Wire types of custom event definitions; part of `api.ts`, which re-exports them. */
import type { Paging } from './api-records.js';
import type { Property, PropertyOption } from './api-properties.js';

// ---------------------------------------------------------------------------------------------
// Custom event definitions and their properties
// ---------------------------------------------------------------------------------------------

export const EVENT_PROPERTY_TYPES = ['string', 'number', 'enumeration', 'datetime'] as const;
export type EventPropertyType = (typeof EVENT_PROPERTY_TYPES)[number];

/** POST /events/v3/event-definitions/{eventName}/property body. */
export interface EventPropertyCreate {
  label: string;
  type: EventPropertyType;
  name?: string;
  description?: string;
  options?: PropertyOption[];
}

/** PATCH .../property/{propertyName} body. */
export interface EventPropertyUpdate {
  label?: string;
  description?: string;
  options?: PropertyOption[];
}

/** Event property answer: a property definition with `externalOptionsReferenceType` instead of `referencedObjectType`. */
export interface EventProperty extends Property {
  externalOptionsReferenceType?: string;
}

export interface EventDefinition {
  id: string;
  name: string;
  fullyQualifiedName: string;
  labels: { singular: string; plural?: string };
  objectTypeId: string;
  primaryObject?: string;
  description?: string;
  properties: EventProperty[];
  associations: unknown[];
  archived: boolean;
  createdAt: string;
  updatedAt?: string;
  [key: string]: unknown;
}

export interface EventDefinitionCreate {
  label: string;
  name?: string;
  description?: string;
  primaryObject?: string;
  includeDefaultProperties: boolean;
  propertyDefinitions: EventPropertyCreate[];
}

export interface EventDefinitionList {
  results: EventDefinition[];
  total: number;
  paging?: Paging;
}

/**
 * Every endpoint's path, in one place: the client's resource methods and the write requests the planner
 * stores in a plan both build their paths here. Every segment taken from data is URL-encoded.
 */
import { path } from './paths.js';

/** The association limit configuration (the CRM also answers under `/crm/v4/associations/...`). */
const LIMITS = '/crm/associations/v4/definitions/configurations';

export const routes = {
  // property definitions
  properties: (objectType: string) => path`/crm/v3/properties/${objectType}`,
  property: (objectType: string, name: string) => path`/crm/v3/properties/${objectType}/${name}`,
  propertiesBatch: (objectType: string, operation: 'read' | 'create' | 'archive') =>
    path`/crm/v3/properties/${objectType}/batch/${operation}`,

  // property groups
  groups: (objectType: string) => path`/crm/v3/properties/${objectType}/groups`,
  group: (objectType: string, name: string) => path`/crm/v3/properties/${objectType}/groups/${name}`,

  // association labels, limits, and the links between records
  labels: (from: string, to: string) => path`/crm/v4/associations/${from}/${to}/labels`,
  label: (from: string, to: string, typeId: number) =>
    path`/crm/v4/associations/${from}/${to}/labels/${typeId}`,
  limits: (from: string, to: string) => LIMITS + path`/${from}/${to}`,
  allLimits: () => `${LIMITS}/all`,
  limitsBatch: (from: string, to: string, operation: 'create' | 'update' | 'purge') =>
    LIMITS + path`/${from}/${to}/batch/${operation}`,
  associationsBatch: (from: string, to: string, operation: 'read' | 'create' | 'archive') =>
    path`/crm/v4/associations/${from}/${to}/batch/${operation}`,
  associationLabelsArchiveBatch: (from: string, to: string) =>
    path`/crm/v4/associations/${from}/${to}/batch/labels/archive`,
  recordAssociations: (from: string, fromId: string, to: string) =>
    path`/crm/v4/objects/${from}/${fromId}/associations/${to}`,
  recordAssociation: (from: string, fromId: string, to: string, toId: string) =>
    path`/crm/v4/objects/${from}/${fromId}/associations/${to}/${toId}`,

  // records and search
  records: (objectType: string) => path`/crm/v3/objects/${objectType}`,
  record: (objectType: string, id: string) => path`/crm/v3/objects/${objectType}/${id}`,
  recordsBatch: (objectType: string, operation: 'read' | 'create' | 'update' | 'upsert' | 'archive') =>
    path`/crm/v3/objects/${objectType}/batch/${operation}`,
  search: (objectType: string) => path`/crm/v3/objects/${objectType}/search`,
  /** the projects batch update has its own path (the version after `objects`) */
  projectsBatchUpdate: () => '/crm/objects/v3/projects/batch/update',

  // custom event definitions and their properties
  eventDefinitions: () => '/events/v3/event-definitions',
  eventDefinition: (eventName: string) => path`/events/v3/event-definitions/${eventName}`,
  eventProperties: (eventName: string) => path`/events/v3/event-definitions/${eventName}/property`,
  eventProperty: (eventName: string, name: string) =>
    path`/events/v3/event-definitions/${eventName}/property/${name}`,

  // the account's details (beyond the CRM interface: the platform's account information)
  accountDetails: () => '/account-info/v3/details',
} as const;

/**
 * Every endpoint's path, in one place: the client's resource methods, the write requests the planner
 * stores in a plan, and the emulator's routes all build their paths here, for the API version the target
 * speaks. Every segment taken from data is URL-encoded.
 *
 *   routesFor('2026-03').properties('tickets')   // '/crm/properties/2026-03/tickets'
 *   routesFor('legacy').properties('tickets')    // '/crm/v3/properties/tickets'
 */
import { perVersion, type ApiVersion } from './api-version.js';
import { path } from './paths.js';

/** The path prefix of each API a version reaches; the rest of a path is the same in every version. */
export interface RouteFamily {
  version: ApiVersion;
  /** `{properties}/{objectType}[/groups]` */
  properties: string;
  /** records and search: `{objects}/{objectType}[/{id}]` */
  objects: string;
  /** labels and the batches of record associations: `{associations}/{from}/{to}/...` */
  associations: string;
  /** limits: `{limits}/{from}/{to}`, `{limits}/all` */
  limits: string;
  /** the associations of one record: `{recordLinks}/{from}/{fromId}/associations/{to}` */
  recordLinks: string;
  /** the batch update of projects, a path of its own in the legacy family */
  projectsBatchUpdate: string;
  /** custom event definitions */
  events: string;
  /** the account's details: `{account}/details` */
  account: string;
}

/** The prefixes of each family. */
export function routeFamily(version: ApiVersion): RouteFamily {
  if (version === 'legacy') {
    return {
      version,
      properties: '/crm/v3/properties',
      objects: '/crm/v3/objects',
      associations: '/crm/v4/associations',
      limits: '/crm/associations/v4/definitions/configurations',
      recordLinks: '/crm/v4/objects',
      projectsBatchUpdate: '/crm/objects/v3/projects/batch/update',
      events: '/events/v3/event-definitions',
      account: '/account-info/v3',
    };
  }
  return {
    version,
    properties: `/crm/properties/${version}`,
    objects: `/crm/objects/${version}`,
    associations: `/crm/associations/${version}`,
    limits: `/crm/associations/${version}/definitions/configurations`,
    recordLinks: `/crm/objects/${version}`,
    projectsBatchUpdate: `/crm/objects/${version}/projects/batch/update`,
    events: `/events/${version}/event-definitions`,
    account: `/account-info/${version}`,
  };
}

function build(f: RouteFamily) {
  return {
    version: f.version,

    // property definitions
    properties: (objectType: string) => f.properties + path`/${objectType}`,
    property: (objectType: string, name: string) => f.properties + path`/${objectType}/${name}`,
    propertiesBatch: (objectType: string, operation: 'read' | 'create' | 'archive') =>
      f.properties + path`/${objectType}/batch/${operation}`,

    // property groups
    groups: (objectType: string) => f.properties + path`/${objectType}/groups`,
    group: (objectType: string, name: string) => f.properties + path`/${objectType}/groups/${name}`,

    // association labels, limits, and the links between records
    labels: (from: string, to: string) => f.associations + path`/${from}/${to}/labels`,
    label: (from: string, to: string, typeId: number) =>
      f.associations + path`/${from}/${to}/labels/${typeId}`,
    limits: (from: string, to: string) => f.limits + path`/${from}/${to}`,
    allLimits: () => `${f.limits}/all`,
    limitsBatch: (from: string, to: string, operation: 'create' | 'update' | 'purge') =>
      f.limits + path`/${from}/${to}/batch/${operation}`,
    associationsBatch: (from: string, to: string, operation: 'read' | 'create' | 'archive') =>
      f.associations + path`/${from}/${to}/batch/${operation}`,
    associationLabelsArchiveBatch: (from: string, to: string) =>
      f.associations + path`/${from}/${to}/batch/labels/archive`,
    recordAssociations: (from: string, fromId: string, to: string) =>
      f.recordLinks + path`/${from}/${fromId}/associations/${to}`,
    recordAssociation: (from: string, fromId: string, to: string, toId: string) =>
      f.recordLinks + path`/${from}/${fromId}/associations/${to}/${toId}`,

    // records and search
    records: (objectType: string) => f.objects + path`/${objectType}`,
    record: (objectType: string, id: string) => f.objects + path`/${objectType}/${id}`,
    recordsBatch: (objectType: string, operation: 'read' | 'create' | 'update' | 'upsert' | 'archive') =>
      f.objects + path`/${objectType}/batch/${operation}`,
    search: (objectType: string) => f.objects + path`/${objectType}/search`,
    projectsBatchUpdate: () => f.projectsBatchUpdate,

    // custom event definitions and their properties
    eventDefinitions: () => f.events,
    eventDefinition: (eventName: string) => f.events + path`/${eventName}`,
    eventProperties: (eventName: string) => f.events + path`/${eventName}/property`,
    eventProperty: (eventName: string, name: string) => f.events + path`/${eventName}/property/${name}`,

    // the account's details (beyond the CRM interface: the platform's account information)
    accountDetails: () => `${f.account}/details`,
  } as const;
}

export type Routes = ReturnType<typeof build>;

/** The route table of one API version (built once per version). */
export const routesFor: (version: ApiVersion) => Routes = perVersion((version) =>
  build(routeFamily(version)),
);

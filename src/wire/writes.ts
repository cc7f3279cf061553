/**
 * The schema writes, as requests: method, path, body, and for the writes the CRM also takes in batches
 * the batch endpoint and this write's item of its `inputs`. The one source of each write's shape: the
 * client's write methods send these (src/api/write-spec.ts), and a plan stores them (apply merges
 * batchable ones into batch calls and sends exactly what `--dry-run` shows).
 */
import type { JsonObject } from '../core/json.js';
import { perVersion, type ApiVersion } from './api-version.js';
import { routesFor, type Routes } from './routes.js';
import type { WriteRequest } from './write-request.js';

/** The key of the item array of every batch body. */
export const BATCH_INPUTS_KEY = 'inputs';

export type { WriteRequest } from './write-request.js';

/** A write sent only through a batch endpoint: one item in `inputs`. */
function batchOnly(path: string, item: JsonObject): WriteRequest {
  return { method: 'POST', path, body: { [BATCH_INPUTS_KEY]: [item] }, batch: { path, item } };
}

function build(routes: Routes) {
  return {
    /** the API version whose paths the builders use */
    version: routes.version,
    createProperty: (objectType: string, body: JsonObject): WriteRequest => ({
      method: 'POST',
      path: routes.properties(objectType),
      body,
      batch: { path: routes.propertiesBatch(objectType, 'create'), item: body },
    }),
    /** the single create, never merged (a replace's create must follow its archive of the same name) */
    createPropertyAlone: (objectType: string, body: JsonObject): WriteRequest => ({
      method: 'POST',
      path: routes.properties(objectType),
      body,
    }),
    updateProperty: (objectType: string, name: string, body: JsonObject): WriteRequest => ({
      method: 'PATCH',
      path: routes.property(objectType, name),
      body,
    }),
    archiveProperty: (objectType: string, name: string): WriteRequest => ({
      method: 'DELETE',
      path: routes.property(objectType, name),
      batch: { path: routes.propertiesBatch(objectType, 'archive'), item: { name } },
    }),
    /** the single archive, never merged */
    archivePropertyAlone: (objectType: string, name: string): WriteRequest => ({
      method: 'DELETE',
      path: routes.property(objectType, name),
    }),

    createGroup: (objectType: string, body: JsonObject): WriteRequest => ({
      method: 'POST',
      path: routes.groups(objectType),
      body,
    }),
    updateGroup: (objectType: string, name: string, body: JsonObject): WriteRequest => ({
      method: 'PATCH',
      path: routes.group(objectType, name),
      body,
    }),
    archiveGroup: (objectType: string, name: string): WriteRequest => ({
      method: 'DELETE',
      path: routes.group(objectType, name),
    }),

    createLabel: (from: string, to: string, body: JsonObject): WriteRequest => ({
      method: 'POST',
      path: routes.labels(from, to),
      body,
    }),
    /** PUT replaces the label's texts (both directions), keeping its typeId */
    updateLabel: (from: string, to: string, body: JsonObject): WriteRequest => ({
      method: 'PUT',
      path: routes.labels(from, to),
      body,
    }),
    deleteLabel: (from: string, to: string, typeId: number): WriteRequest => ({
      method: 'DELETE',
      path: routes.label(from, to, typeId),
    }),

    /** `create` where the type has no limit yet, `update` where it has one */
    setLimit: (from: string, to: string, mode: 'create' | 'update', item: JsonObject): WriteRequest =>
      batchOnly(routes.limitsBatch(from, to, mode), item),
    purgeLimit: (from: string, to: string, item: JsonObject): WriteRequest =>
      batchOnly(routes.limitsBatch(from, to, 'purge'), item),

    createEventDefinition: (body: JsonObject): WriteRequest => ({
      method: 'POST',
      path: routes.eventDefinitions(),
      body,
    }),
    deleteEventDefinition: (eventName: string): WriteRequest => ({
      method: 'DELETE',
      path: routes.eventDefinition(eventName),
    }),
    updateEventDefinition: (eventName: string, body: JsonObject): WriteRequest => ({
      method: 'PATCH',
      path: routes.eventDefinition(eventName),
      body,
    }),
    createEventProperty: (eventName: string, body: JsonObject): WriteRequest => ({
      method: 'POST',
      path: routes.eventProperties(eventName),
      body,
    }),
    updateEventProperty: (eventName: string, name: string, body: JsonObject): WriteRequest => ({
      method: 'PATCH',
      path: routes.eventProperty(eventName, name),
      body,
    }),
    deleteEventProperty: (eventName: string, name: string): WriteRequest => ({
      method: 'DELETE',
      path: routes.eventProperty(eventName, name),
    }),
  } as const;
}

/** The write builders of one API version (its paths; the bodies are the same in every version). */
export type Writes = ReturnType<typeof build>;

/** The write builders of one API version (built once per version). */
export const writesFor: (version: ApiVersion) => Writes = perVersion((version) => build(routesFor(version)));

/** Whether a request goes to a batch endpoint: its answer is a batch answer, per item. */
export function isBatchPath(request: Pick<WriteRequest, 'path' | 'batch'>): boolean {
  return request.batch !== undefined && request.batch.path === request.path;
}

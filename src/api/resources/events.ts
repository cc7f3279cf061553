/**
 * Custom event definitions: list, get, create and delete definitions; create, update and delete their
 * properties.
 */
import { EVENT_DEFINITION, EVENT_DEFINITION_LIST, EVENT_PROPERTY } from '../answer-shapes.js';
import { paginate } from '../paging.js';
import { withQuery } from '../../wire/paths.js';
import type { Requester } from '../request.js';
import { writesFor, type Writes } from '../../wire/writes.js';
import { json, sent } from '../write-spec.js';
import type { Routes } from '../../wire/routes.js';
import type {
  EventDefinition,
  EventDefinitionCreate,
  EventDefinitionList,
  EventProperty,
  EventPropertyCreate,
  EventPropertyUpdate,
} from '../../wire/api.js';

export interface EventDefinitionListOptions {
  after?: string;
  limit?: number;
  includeProperties?: boolean;
  searchString?: string;
}

/** The page size of the event definition list (the platform's largest). */
const EVENT_PAGE_SIZE = 100;

export class EventsApi {
  readonly #r: Requester;
  readonly #routes: Routes;
  readonly #writes: Writes;
  constructor(requester: Requester, routes: Routes) {
    this.#writes = writesFor(routes.version);
    this.#r = requester;
    this.#routes = routes;
  }

  /** One page of event definitions. */
  list(options: EventDefinitionListOptions = {}): Promise<EventDefinitionList> {
    return this.#r.request({
      method: 'GET',
      path: withQuery(this.#routes.eventDefinitions(), { ...options }),
      retry: 'safe',
      expect: EVENT_DEFINITION_LIST,
    });
  }

  /** Every event definition, page after page. */
  listAll(options: Omit<EventDefinitionListOptions, 'after'> = {}): AsyncGenerator<EventDefinition> {
    // pages of a known size: the first page's total then bounds how many pages can follow
    const limit = options.limit ?? EVENT_PAGE_SIZE;
    return paginate((after) => this.list({ ...options, limit, after }), {
      what: 'the list of event definitions',
      keyOf: (definition) => definition.name,
      pageSize: limit,
    });
  }

  /** One event definition, with its properties. */
  get(eventName: string): Promise<EventDefinition> {
    return this.#r.request({
      method: 'GET',
      path: this.#routes.eventDefinition(eventName),
      retry: 'safe',
      expect: EVENT_DEFINITION,
    });
  }

  /** Unsafe: a repeat would answer 409 for the definition the first try created. */
  create(body: EventDefinitionCreate): Promise<EventDefinition> {
    return this.#r.request({
      ...sent(this.#writes.createEventDefinition(json(body))),
      retry: 'unsafe',
      expect: EVENT_DEFINITION,
    });
  }

  /** Delete a definition (204). Idempotent; a 404 after an uncertain try counts as done. */
  async delete(eventName: string): Promise<void> {
    await this.#r.request({
      ...sent(this.#writes.deleteEventDefinition(eventName)),
      retry: 'safe',
      absentMeansDone: true,
    });
  }

  /** Add a property to an event definition. Unsafe: a repeat would answer 409 for what the first try created. */
  createProperty(eventName: string, body: EventPropertyCreate): Promise<EventProperty> {
    return this.#r.request({
      ...sent(this.#writes.createEventProperty(eventName, json(body))),
      retry: 'unsafe',
      expect: EVENT_PROPERTY,
    });
  }

  /** PATCH an event property (the platform answers 201). Idempotent. */
  updateProperty(eventName: string, propertyName: string, body: EventPropertyUpdate): Promise<EventProperty> {
    return this.#r.request({
      ...sent(this.#writes.updateEventProperty(eventName, propertyName, json(body))),
      retry: 'safe',
      expect: EVENT_PROPERTY,
    });
  }

  /** Delete a property from an event definition (204). Idempotent; a 404 after an uncertain try counts as done. */
  async deleteProperty(eventName: string, propertyName: string): Promise<void> {
    await this.#r.request({
      ...sent(this.#writes.deleteEventProperty(eventName, propertyName)),
      retry: 'safe',
      absentMeansDone: true,
    });
  }
}

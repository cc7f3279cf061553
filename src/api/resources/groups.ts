/** Property groups: list, get, create, update, archive. */
import { GROUP, GROUP_LIST } from '../answer-shapes.js';
import { withQuery } from '../../wire/paths.js';
import type { Requester } from '../request.js';
import type { Routes } from '../../wire/routes.js';
import { writesFor, type Writes } from '../../wire/writes.js';
import { json, sent } from '../write-spec.js';
import type { PropertyGroup, PropertyGroupCreate, PropertyGroupUpdate } from '../../wire/api.js';

export class GroupsApi {
  readonly #r: Requester;
  readonly #routes: Routes;
  readonly #writes: Writes;
  constructor(requester: Requester, routes: Routes) {
    this.#r = requester;
    this.#routes = routes;
    this.#writes = writesFor(routes.version);
  }

  /** The groups of an object type (archived ones only with `archived: true`). */
  async list(objectType: string, options: { archived?: boolean } = {}): Promise<PropertyGroup[]> {
    const page = await this.#r.request({
      method: 'GET',
      path: withQuery(this.#routes.groups(objectType), options),
      retry: 'safe',
      expect: GROUP_LIST,
    });
    return page.results;
  }

  /** One group. */
  get(objectType: string, name: string): Promise<PropertyGroup> {
    return this.#r.request({
      method: 'GET',
      path: this.#routes.group(objectType, name),
      retry: 'safe',
      expect: GROUP,
    });
  }

  /** Unsafe: a repeat would answer 409 for the group the first try created. */
  create(objectType: string, body: PropertyGroupCreate): Promise<PropertyGroup> {
    return this.#r.request({
      ...sent(this.#writes.createGroup(objectType, json(body))),
      retry: 'unsafe',
      expect: GROUP,
    });
  }

  /** PATCH: idempotent. */
  update(objectType: string, name: string, body: PropertyGroupUpdate): Promise<PropertyGroup> {
    return this.#r.request({
      ...sent(this.#writes.updateGroup(objectType, name, json(body))),
      retry: 'safe',
      expect: GROUP,
    });
  }

  /** Archive (DELETE): idempotent; a 404 after an uncertain try counts as done. */
  async archive(objectType: string, name: string): Promise<void> {
    await this.#r.request({
      ...sent(this.#writes.archiveGroup(objectType, name)),
      retry: 'safe',
      absentMeansDone: true,
    });
  }
}

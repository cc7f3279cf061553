/**
 * Custom event definitions in scope, with their properties, in the fewest calls the API offers: a single
 * read per definition (`GET .../event-definitions/{name}`), or the list with `includeProperties=true`,
 * pages of 100, which answers every definition of the account with its properties.
 *
 * - one definition in scope (or none): read it alone (the list cannot take fewer than one call);
 * - more: read the list's first page. It holds up to 100 definitions and says the account's `total`, so
 *   the pages left are known: the rest of the list is read when its pages are fewer than the definitions
 *   in scope not on the first page, else those definitions are read one by one.
 *
 * A definition the account lacks is recorded as not existing: the planner creates it when a manifest
 * gives its `definition` block, and reports it otherwise. A token that may not read event definitions
 * (403, missing scopes: the platform's one scope for them also writes them, so a read-only token holds
 * none) leaves them unread, and the state says so (`notRead`): the plan says it did not plan them. What
 * the read found about the list (the
 * account's total, the definitions on its first page) goes into the state, so that `minimumCalls` can
 * say what the read should have cost.
 */
import type { CrmClient } from '../../api/client.js';
import { isApiError } from '../../api/errors.js';
import { PageGuard } from '../../api/paging.js';
import { fromApiEventDefinition } from './normalize-event.js';
import type { SchemaState } from '../../engine/model/schema-model.js';
import type { EventDefinition, EventDefinitionList } from '../../wire/api.js';
import { sliceOf } from '../../engine/model/schema-model.js';
import { addApiEventProperty, eventDefinitionOf, EVENTS, type EventSlice } from './model.js';

/** Definitions per page of the list (the platform's largest page). */
export const EVENT_LIST_PAGE = 100;

export async function readEvents(
  client: CrmClient,
  names: Iterable<string>,
  state: SchemaState,
): Promise<void> {
  const list = [...names];
  let found: Map<string, EventDefinition | undefined>;
  try {
    found = list.length < 2 ? await readEach(client, list) : await readThroughList(client, list, state);
  } catch (error) {
    // a token without the event scope (which also writes them): the definitions are not read, and said so
    if (!isApiError(error) || error.code !== 'MISSING_SCOPES') throw error;
    const scopes = (error as { scopes?: unknown }).scopes;
    state.notRead.set(EVENTS.family, {
      missingScopes: Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string') : [],
      calls: list.length < 2 ? list.length : 1,
    });
    delete sliceOf(state, EVENTS).listing;
    return;
  }
  for (const name of list) {
    const definition = found.get(name);
    const normalized = eventDefinitionOf(state, name, definition !== undefined);
    // its label, description and primary object: the planner compares them with a `definition` block
    if (definition !== undefined) normalized.definition = fromApiEventDefinition(definition);
    for (const property of definition?.properties ?? []) addApiEventProperty(state, name, property);
  }
}

/**
 * The calls `readEvents` makes for `count` definitions in scope, given what its list read found: the
 * account's total and how many of those in scope were on the first page.
 */
export function eventReadCalls(count: number, listing: EventSlice['listing']): number {
  if (count < 2 || listing === undefined) return count;
  const pagesLeft = pagesAfterFirst(listing.total, listing.firstPageSize);
  return 1 + Math.min(pagesLeft, count - listing.inScopeOnFirstPage);
}

function pagesAfterFirst(total: number, firstPageSize: number): number {
  return Math.max(0, Math.ceil((total - firstPageSize) / EVENT_LIST_PAGE));
}

async function readThroughList(
  client: CrmClient,
  names: readonly string[],
  state: SchemaState,
): Promise<Map<string, EventDefinition | undefined>> {
  const wanted = new Set(names);
  const found = new Map<string, EventDefinition | undefined>();
  const take = (page: EventDefinitionList): void => {
    // a manifest may name a definition by its fully qualified name (`pe<account>_<name>`) too
    for (const definition of page.results)
      for (const key of [definition.name, definition.fullyQualifiedName])
        if (typeof key === 'string' && wanted.has(key)) found.set(key, definition);
  };
  const guard = new PageGuard<EventDefinition>('the list of event definitions', (d) => d.name);
  const first = await client.events.list({ includeProperties: true, limit: EVENT_LIST_PAGE });
  take(first);
  const total = typeof first.total === 'number' && first.total >= 0 ? first.total : Number.POSITIVE_INFINITY;
  sliceOf(state, EVENTS).listing = {
    total,
    firstPageSize: first.results.length,
    inScopeOnFirstPage: found.size,
  };
  let after = guard.next(first, EVENT_LIST_PAGE);
  const missing = names.filter((name) => !found.has(name));
  if (after === undefined || missing.length === 0) return found;
  if (pagesAfterFirst(total, first.results.length) < missing.length) {
    while (after !== undefined) {
      const page = await client.events.list({ includeProperties: true, limit: EVENT_LIST_PAGE, after });
      take(page);
      after = guard.next(page, EVENT_LIST_PAGE);
    }
    return found;
  }
  for (const [name, definition] of await readEach(client, missing)) found.set(name, definition);
  return found;
}

async function readEach(
  client: CrmClient,
  names: readonly string[],
): Promise<Map<string, EventDefinition | undefined>> {
  const definitions = await Promise.all(names.map((name) => readDefinition(client, name)));
  return new Map(names.map((name, i) => [name, definitions[i]]));
}

async function readDefinition(client: CrmClient, name: string): Promise<EventDefinition | undefined> {
  try {
    return await client.events.get(name);
  } catch (error) {
    if (isApiError(error) && error.code === 'NOT_FOUND') return undefined;
    throw error;
  }
}

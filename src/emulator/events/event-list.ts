/**
 * The list of custom event definitions: `searchString` (a
 * case-insensitive substring of the name or the label), `includeProperties` (default false: each
 * definition then has `properties: []`), paging with `limit` (default 10, at most 100; larger values are
 * lowered to 100) and `after` (an opaque cursor: the offset of the next page); `paging.next.link` carries
 * the cursor and the request's other parameters. Definitions come in creation order.
 */
import type { EventDefinition, EventDefinitionList } from '../../wire/api.js';
import { invalidField } from '../request-values.js';

export const DEFAULT_EVENT_PAGE_SIZE = 10;
export const MAX_EVENT_PAGE_SIZE = 100;

export interface EventListQuery {
  after?: unknown;
  limit?: unknown;
  includeProperties?: unknown;
  searchString?: unknown;
}

export function listEventDefinitions(
  definitions: readonly EventDefinition[],
  query: EventListQuery,
): EventDefinitionList {
  const offset = parseOffset(query.after);
  const limit = parseLimit(query.limit);
  const withProperties = parseFlag(query.includeProperties, 'includeProperties');
  const search = typeof query.searchString === 'string' ? query.searchString.toLowerCase() : '';

  const matching = definitions
    .filter(
      (d) =>
        !search || d.name.toLowerCase().includes(search) || d.labels.singular.toLowerCase().includes(search),
    )
    .sort(byCreation);
  const page = matching.slice(offset, offset + limit);
  const next = offset + limit < matching.length ? String(offset + limit) : undefined;
  return {
    results: page.map((d) => (withProperties ? d : { ...d, properties: [] })),
    total: matching.length,
    ...(next !== undefined ? { paging: { next: { after: next, link: nextLink(next, query) } } } : {}),
  };
}

/** The query fragment of the next page: its cursor plus the other parameters of this request. */
function nextLink(after: string, query: EventListQuery): string {
  const params = new URLSearchParams({ after });
  for (const [key, value] of Object.entries(query)) {
    if (key !== 'after' && typeof value === 'string') params.set(key, value);
  }
  return `?${params.toString()}`;
}

/** Ids are numeric strings handed out in order; the name breaks ties (e.g. seeded non-numeric ids). */
function byCreation(a: EventDefinition, b: EventDefinition): number {
  const byId = Number(a.id) - Number(b.id);
  return Number.isNaN(byId) || byId === 0 ? a.name.localeCompare(b.name) : byId;
}

function parseOffset(raw: unknown): number {
  if (raw === undefined || raw === '') return 0;
  if (typeof raw === 'string' && /^\d+$/.test(raw)) return Number(raw);
  throw invalidField(
    'after',
    `'after' must be a cursor returned as paging.next.after; got ${JSON.stringify(raw)}.`,
  );
}

function parseLimit(raw: unknown): number {
  if (raw === undefined || raw === '') return DEFAULT_EVENT_PAGE_SIZE;
  if (typeof raw === 'string' && /^\d+$/.test(raw) && Number(raw) > 0) {
    return Math.min(Number(raw), MAX_EVENT_PAGE_SIZE);
  }
  throw invalidField('limit', `'limit' must be a positive integer; got ${JSON.stringify(raw)}.`);
}

function parseFlag(raw: unknown, name: string): boolean {
  if (raw === undefined || raw === '') return false;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw invalidField(name, `'${name}' must be true or false; got ${JSON.stringify(raw)}.`);
}

/**
 * The body of a search checked against the platform's search limits: at most
 * 5 filter groups, 6 filters per group and 18 in all, a body of at most 3,000 characters, a page of
 * at most 200 and at most 10,000 results reachable by paging.
 */
import type { Filter } from '../../wire/api.js';
import { validationError } from '../errors.js';
import { isJsonObject } from '../request-values.js';
import { optionalString, optionalStringList, requireBody } from './body.js';
import { isOperator } from './search-filters.js';
import { formatCount } from '../../core/count-text.js';

export const SEARCH_LIMITS = {
  filterGroups: 5,
  filtersPerGroup: 6,
  filters: 18,
  bodyCharacters: 3000,
  defaultLimit: 10,
  maxLimit: 200,
  reachableResults: 10_000,
} as const;

export interface SortRequest {
  propertyName: string;
  descending: boolean;
}

export interface SearchInput {
  filterGroups: Filter[][];
  sorts: SortRequest[];
  query?: string;
  properties?: string[];
  limit: number;
  offset: number;
}

function limitError(message: string): never {
  throw validationError(message, [{ message, code: 'SEARCH_LIMIT_EXCEEDED' }]);
}

function parseFilter(raw: unknown, where: string): Filter {
  if (!isJsonObject(raw) || typeof raw.propertyName !== 'string' || raw.propertyName === '') {
    throw validationError(`Invalid input JSON: ${where} must be an object with a propertyName.`);
  }
  if (!isOperator(raw.operator)) {
    throw validationError(
      `${where}: unknown operator '${String(raw.operator)}'; use one of EQ, NEQ, LT, LTE, GT, GTE, BETWEEN, IN, NOT_IN, HAS_PROPERTY, NOT_HAS_PROPERTY, CONTAINS_TOKEN, NOT_CONTAINS_TOKEN.`,
    );
  }
  return raw as unknown as Filter;
}

function parseFilterGroups(raw: unknown): Filter[][] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw validationError('Invalid input JSON: filterGroups must be an array.');
  if (raw.length > SEARCH_LIMITS.filterGroups) {
    limitError(
      `Too many filter groups: ${raw.length} given, at most ${SEARCH_LIMITS.filterGroups} are allowed.`,
    );
  }
  let total = 0;
  return raw.map((group: unknown, g) => {
    if (!isJsonObject(group) || !Array.isArray(group.filters)) {
      throw validationError(`Invalid input JSON: filterGroups[${g}] must be an object with a filters array.`);
    }
    if (group.filters.length > SEARCH_LIMITS.filtersPerGroup) {
      limitError(
        `Too many filters in filterGroups[${g}]: ${group.filters.length} given, at most ${SEARCH_LIMITS.filtersPerGroup} per group are allowed.`,
      );
    }
    total += group.filters.length;
    if (total > SEARCH_LIMITS.filters) {
      limitError(
        `Too many filters: at most ${SEARCH_LIMITS.filters} filters in all groups together are allowed.`,
      );
    }
    return group.filters.map((f: unknown, i) => parseFilter(f, `filterGroups[${g}].filters[${i}]`));
  });
}

/** A sort is a property name (a leading `-` sorts descending) or `{propertyName, direction}`. */
function parseSorts(raw: unknown): SortRequest[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw validationError('Invalid input JSON: sorts must be an array.');
  return raw.map((sort: unknown, i) => {
    if (typeof sort === 'string' && sort !== '' && sort !== '-') {
      return sort.startsWith('-')
        ? { propertyName: sort.slice(1), descending: true }
        : { propertyName: sort, descending: false };
    }
    if (isJsonObject(sort) && typeof sort.propertyName === 'string') {
      const direction = sort.direction ?? 'ASCENDING';
      if (direction !== 'ASCENDING' && direction !== 'DESCENDING') {
        throw validationError(`sorts[${i}].direction must be ASCENDING or DESCENDING.`);
      }
      return { propertyName: sort.propertyName, descending: direction === 'DESCENDING' };
    }
    throw validationError(
      `Invalid input JSON: sorts[${i}] must be a property name or {propertyName, direction}.`,
    );
  });
}

function parseLimit(raw: unknown): number {
  if (raw === undefined || raw === null) return SEARCH_LIMITS.defaultLimit;
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 1 || raw > SEARCH_LIMITS.maxLimit) {
    limitError(`limit must be an integer from 1 to ${SEARCH_LIMITS.maxLimit}, got ${JSON.stringify(raw)}.`);
  }
  return raw;
}

function parseAfter(raw: unknown): number {
  if (raw === undefined || raw === null || raw === '') return 0;
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (typeof text !== 'string' || !/^\d+$/.test(text)) {
    throw validationError(
      `Invalid paging cursor after=${JSON.stringify(raw)}; pass the paging.next.after value of the previous page.`,
    );
  }
  const offset = Number(text);
  if (offset >= SEARCH_LIMITS.reachableResults) {
    limitError(
      `Search results are reachable up to ${formatCount(SEARCH_LIMITS.reachableResults)} only (after=${text}); narrow the filters or sort to reach the others.`,
    );
  }
  return offset;
}

/** Parses a search body; `bodyLength` is the raw body's size in characters. */
export function parseSearchRequest(body: unknown, bodyLength: number): SearchInput {
  if (bodyLength > SEARCH_LIMITS.bodyCharacters) {
    limitError(
      `The search request body has ${bodyLength} characters; at most ${formatCount(SEARCH_LIMITS.bodyCharacters)} are allowed.`,
    );
  }
  // no body at all is an empty search; a JSON value other than an object (`null` included) is a 400
  const obj = body === undefined ? {} : requireBody(body);
  const query = optionalString(obj, 'query');
  const properties = optionalStringList(obj, 'properties');
  return {
    filterGroups: parseFilterGroups(obj.filterGroups),
    sorts: parseSorts(obj.sorts),
    ...(query !== undefined && query.trim() !== '' ? { query } : {}),
    ...(properties?.length ? { properties } : {}),
    limit: parseLimit(obj.limit),
    offset: parseAfter(obj.after),
  };
}

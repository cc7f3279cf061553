/**
 * Runs a parsed search over one object type's active records: filter groups OR'd, filters within a
 * group AND'd, the free-text `query`, sorts, then one page by offset. Archived records never match.
 */
import type { Filter, Paging, SearchResponse } from '../../wire/api.js';
import { validationError } from '../errors.js';
import type { ObjectTypeState, RecordState } from '../state/model.js';
import { activeProperty, isReadable, primaryProperty, propertyType } from './object-info.js';
import { selectedNames, toSimpleRecord } from './record-view.js';
import { recordIds } from './record-ids.js';
import { candidateIds } from './search-index.js';
import {
  compareBy,
  compileFilter,
  compileQuery,
  kindOfType,
  type PropertyInfo,
  type SortKey,
  type ValuePredicate,
} from './search-filters.js';
import { SEARCH_LIMITS, type SearchInput } from './search-request.js';
import { at, must } from '../../core/must.js';
import { own } from '../../core/own.js';

function infoOf(objectType: ObjectTypeState, name: string, where: string): PropertyInfo {
  if (!isReadable(objectType, name)) {
    throw validationError(`${where}: property "${name}" does not exist on ${objectType.name}.`, [
      { message: `Unknown property "${name}".`, code: 'PROPERTY_DOESNT_EXIST', in: name },
    ]);
  }
  const def = activeProperty(objectType, name);
  return { kind: kindOfType(propertyType(objectType, name)), multiple: def?.fieldType === 'checkbox' };
}

type RecordPredicate = (record: RecordState) => boolean;

interface CompiledGroups {
  predicate: RecordPredicate;
  /** each group's filters with how their property compares, for the index look-up */
  groups: { filter: Filter; info: PropertyInfo }[][];
}

function compileGroups(objectType: ObjectTypeState, input: SearchInput): CompiledGroups | undefined {
  if (input.filterGroups.length === 0) return undefined;
  const groups = input.filterGroups.map((filters, g) =>
    filters.map((filter, i) => ({
      filter,
      info: infoOf(objectType, filter.propertyName, `filterGroups[${g}].filters[${i}]`),
    })),
  );
  const tests = groups.map((group) =>
    group.map(({ filter, info }): [string, ValuePredicate] => [
      filter.propertyName,
      compileFilter(filter, info),
    ]),
  );
  return {
    predicate: (record) =>
      tests.some((group) => group.every(([name, test]) => test(own(record.properties, name)))),
    groups,
  };
}

/** Names the free-text query looks in: the primary property and every text property. */
function searchableNames(objectType: ObjectTypeState): string[] {
  const names = new Set<string>();
  const primary = primaryProperty(objectType);
  if (primary) names.add(primary);
  for (const def of Object.values(objectType.properties)) {
    if (def.archived !== true && (def.type === 'string' || def.type === 'phone_number')) names.add(def.name);
  }
  return [...names];
}

function compileTextQuery(
  objectType: ObjectTypeState,
  query: string | undefined,
): RecordPredicate | undefined {
  const match = query === undefined ? undefined : compileQuery(query);
  if (!match) return undefined;
  const names = searchableNames(objectType);
  return (record) => {
    const values: string[] = [record.id];
    for (const name of names) {
      const value = own(record.properties, name);
      if (value !== undefined) values.push(value);
    }
    return match(values);
  };
}

function sortKeys(objectType: ObjectTypeState, input: SearchInput): SortKey[] {
  return input.sorts.map((sort, i) => ({
    ...sort,
    kind: infoOf(objectType, sort.propertyName, `sorts[${i}]`).kind,
  }));
}

export function runSearch(objectType: ObjectTypeState, input: SearchInput): SearchResponse {
  const compiled = compileGroups(objectType, input);
  const filter = compiled?.predicate;
  const text = compileTextQuery(objectType, input.query);
  const keys = sortKeys(objectType, input);
  const matched: RecordState[] = [];
  // EQ and IN filters in every group: only the records an index names can match
  const ids = (compiled && candidateIds(objectType, compiled.groups)) ?? recordIds(objectType);
  for (const id of ids) {
    const record = must(own(objectType.records, id), 'a listed record');
    if (record.archived) continue;
    if (filter && !filter(record)) continue;
    if (text && !text(record)) continue;
    matched.push(record);
  }
  let ordered = matched;
  if (keys.length > 0) {
    const order = compareBy(keys, (i, name) => own(at(matched, i).properties, name));
    ordered = matched
      .map((_, i) => i)
      .sort(order)
      .map((i) => at(matched, i));
  }
  const selection = input.properties ? { properties: input.properties } : {};
  const names = selectedNames(objectType, selection);
  const page = ordered.slice(input.offset, input.offset + input.limit);
  const nextOffset = input.offset + input.limit;
  const more = nextOffset < ordered.length && nextOffset < SEARCH_LIMITS.reachableResults;
  const paging: Paging | undefined = more
    ? { next: { after: String(nextOffset), link: `?after=${nextOffset}` } }
    : undefined;
  return {
    total: matched.length,
    results: page.map((record) => toSimpleRecord(objectType, record, selection, names)),
    ...(paging ? { paging } : {}),
  };
}

/**
 * Indexes of record values for the `EQ` and `IN` filters of a search, so that such a search over a
 * large object type reads only the records that can match. One index per object type, property and way
 * of comparing its values (the property's kind and whether it holds several values): each comparable
 * value (search-filters.ts `storedValues`) -> the ids of the records holding it.
 *
 * An index is built by the first search that can use it (records may come from a data or seed file) and
 * kept current by the record writes (`noteRecordWritten`). It only narrows the records a search reads:
 * each candidate still goes through the whole filter, in ascending id order, so a search answers exactly
 * what a scan of every record answers. Like the other indexes of records (unique values, the id order),
 * it assumes records change only through the record store.
 */
import type { Filter } from '../../wire/api.js';
import type { ObjectTypeState, RecordState } from '../state/model.js';
import { exactValues, storedValues, type PropertyInfo } from './search-filters.js';
import { own } from '../../core/own.js';

type Comparable = number | string;

interface ValueIndex {
  name: string;
  info: PropertyInfo;
  byValue: Map<Comparable, Set<string>>;
  /** record id -> the value indexed for it */
  indexed: Map<string, string>;
}

const indexes = new WeakMap<Record<string, RecordState>, Map<string, ValueIndex>>();

function add(index: ValueIndex, id: string, value: string | undefined): void {
  if (value === undefined) return;
  index.indexed.set(id, value);
  for (const key of storedValues(value, index.info)) {
    let ids = index.byValue.get(key);
    if (!ids) index.byValue.set(key, (ids = new Set<string>()));
    ids.add(id);
  }
}

function remove(index: ValueIndex, id: string): void {
  const value = index.indexed.get(id);
  if (value === undefined) return;
  index.indexed.delete(id);
  for (const key of storedValues(value, index.info)) {
    const ids = index.byValue.get(key);
    ids?.delete(id);
    if (ids?.size === 0) index.byValue.delete(key);
  }
}

function indexFor(objectType: ObjectTypeState, name: string, info: PropertyInfo): ValueIndex {
  let built = indexes.get(objectType.records);
  if (!built) indexes.set(objectType.records, (built = new Map<string, ValueIndex>()));
  const key = `${name}\u0000${info.kind}\u0000${String(info.multiple)}`;
  let index = built.get(key);
  if (!index) {
    index = { name, info, byValue: new Map(), indexed: new Map() };
    for (const record of Object.values(objectType.records))
      add(index, record.id, own(record.properties, name));
    built.set(key, index);
  }
  return index;
}

/** Keeps the built indexes of the object type current after a record was created or changed. */
export function noteRecordWritten(objectType: ObjectTypeState, record: RecordState): void {
  const built = indexes.get(objectType.records);
  if (!built) return;
  for (const index of built.values()) {
    const value = own(record.properties, index.name);
    if (index.indexed.get(record.id) === value) continue;
    remove(index, record.id);
    add(index, record.id, value);
  }
}

/** Ids of records that hold one of `values` in the indexed property. */
function lookUp(index: ValueIndex, values: ReadonlySet<Comparable>): Set<string> {
  if (values.size === 1) for (const value of values) return index.byValue.get(value) ?? new Set();
  const ids = new Set<string>();
  for (const value of values) for (const id of index.byValue.get(value) ?? []) ids.add(id);
  return ids;
}

/** Record ids as handed out: positive whole numbers, so that their numeric order is the list order. */
const CANONICAL_ID = /^[1-9]\d{0,14}$/;

/**
 * The ids of the records that can match the filter groups (OR'd; filters within a group AND'd), in
 * ascending order; undefined when a group has no `EQ` or `IN` filter, so every record must be read.
 * Each group takes the smallest candidate set of its `EQ` and `IN` filters.
 */
export function candidateIds(
  objectType: ObjectTypeState,
  groups: readonly (readonly { filter: Filter; info: PropertyInfo }[])[],
): string[] | undefined {
  if (groups.length === 0) return undefined;
  const found = new Set<string>();
  for (const group of groups) {
    let best: Set<string> | undefined;
    for (const { filter, info } of group) {
      const values = exactValues(filter, info);
      if (!values) continue;
      const ids = lookUp(indexFor(objectType, filter.propertyName, info), values);
      if (!best || ids.size < best.size) best = ids;
    }
    if (!best) return undefined;
    for (const id of best) found.add(id);
  }
  // sorted as numbers: for canonical ids, String(Number(id)) is the id again
  const numbers = new Float64Array(found.size);
  let i = 0;
  for (const id of found) {
    if (!CANONICAL_ID.test(id)) return undefined;
    numbers[i++] = Number(id);
  }
  return Array.from(numbers.sort(), String);
}

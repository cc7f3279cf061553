/**
 * Search filters and sorts compiled into predicates and comparators over property
 * values. Pure: the caller says how each property compares (`kind`), values are plain strings.
 *
 * - number, date and datetime properties compare numerically (dates as epoch milliseconds, so a filter
 *   may give `2024-01-31` or `1706659200000`); everything else compares as case-insensitive text.
 * - multi-value (checkbox) properties match EQ/IN when any selected value matches, NEQ/NOT_IN when none does.
 * - a record without a value matches only the negative operators (NEQ, NOT_IN, NOT_HAS_PROPERTY,
 *   NOT_CONTAINS_TOKEN).
 * - CONTAINS_TOKEN matches a whole value or one of its words, case-insensitively; `*` matches any characters.
 */
import type { Filter, FilterOperator } from '../../wire/api.js';
import { validationError } from '../errors.js';
import { matchesWildcard } from '../../core/wildcard.js';

export type ValueKind = 'numeric' | 'text';
export interface PropertyInfo {
  kind: ValueKind;
  /** `;`-separated multiple values (enumeration with fieldType checkbox) */
  multiple: boolean;
}

export type ValuePredicate = (value: string | undefined) => boolean;

const NUMERIC_TYPES = new Set(['number', 'date', 'datetime']);
export function kindOfType(type: string): ValueKind {
  return NUMERIC_TYPES.has(type) ? 'numeric' : 'text';
}

/** A stored or filter value as a comparable: a number for numeric kinds, lower-case text otherwise. */
export function comparable(value: string, kind: ValueKind): number | string {
  if (kind === 'text') return value.toLowerCase();
  const text = value.trim();
  if (/^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(text)) return Number(text);
  const ms = Date.parse(/^\d{4}-\d{2}-\d{2}T[^Z+-]*$/.test(text) ? `${text}Z` : text);
  return Number.isNaN(ms) ? Number.NaN : ms;
}

/** A filter value as JSON may carry it: text, a number or a boolean (`true` for a bool property). */
function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function filterValue(filter: Filter, field: 'value' | 'highValue', kind: ValueKind): number | string {
  const raw: unknown = filter[field];
  if (!isScalar(raw)) {
    throw validationError(
      `Filter on "${filter.propertyName}" with operator ${filter.operator} needs a ${field}.`,
    );
  }
  const value = comparable(String(raw), kind);
  if (typeof value === 'number' && Number.isNaN(value)) {
    throw validationError(
      `Filter on "${filter.propertyName}": '${String(raw)}' is not a number, date or datetime; use a number, YYYY-MM-DD, ISO 8601 or epoch milliseconds.`,
    );
  }
  return value;
}

function filterValues(filter: Filter, kind: ValueKind): Set<number | string> {
  const raw: unknown = filter.values;
  if (!Array.isArray(raw) || raw.length === 0) {
    throw validationError(
      `Filter on "${filter.propertyName}" with operator ${filter.operator} needs a non-empty values array.`,
    );
  }
  if (!raw.every(isScalar)) {
    throw validationError(
      `Filter on "${filter.propertyName}" with operator ${filter.operator}: values must be strings (or numbers).`,
    );
  }
  return new Set(raw.map((v) => comparable(String(v), kind)));
}

/** `*` wildcard pattern, anchored, case-insensitive. */
/** The token to look for, lower-cased; `*` stays a wildcard (matched without a regular expression). */
function tokenPattern(filter: Filter): string {
  const raw = filter.value;
  if (typeof raw !== 'string' || raw === '') {
    throw validationError(
      `Filter on "${filter.propertyName}" with operator ${filter.operator} needs a value.`,
    );
  }
  // a run of stars is one star
  return raw.toLowerCase().replace(/\*+/g, '*');
}

function containsToken(pattern: string, value: string): boolean {
  const lower = value.toLowerCase();
  if (matchesWildcard(pattern, lower)) return true;
  const words = new Set([...lower.split(/\s+/), ...lower.split(/[^\p{L}\p{N}]+/u)]);
  for (const word of words) if (word !== '' && matchesWildcard(pattern, word)) return true;
  return false;
}

type Compare = (a: number | string, b: number | string) => boolean;
type OrderedOperator = 'LT' | 'LTE' | 'GT' | 'GTE';

const ORDERED: Readonly<Record<OrderedOperator, Compare>> = {
  LT: (a, b) => a < b,
  LTE: (a, b) => a <= b,
  GT: (a, b) => a > b,
  GTE: (a, b) => a >= b,
};

/** Values of a stored property as comparables (several for a multi-value property). */
export function storedValues(value: string, info: PropertyInfo): (number | string)[] {
  const parts = info.multiple ? value.split(';').filter((v) => v !== '') : [value];
  return parts.map((part) => comparable(part, info.kind));
}

type Builder = (filter: Filter, info: PropertyInfo) => ValuePredicate;

const negate =
  (predicate: ValuePredicate): ValuePredicate =>
  (value) =>
    !predicate(value);

const eq: Builder = (filter, info) => {
  const wanted = filterValue(filter, 'value', info.kind);
  return (value) => value !== undefined && storedValues(value, info).some((v) => v === wanted);
};
const inList: Builder = (filter, info) => {
  const wanted = filterValues(filter, info.kind);
  return (value) => value !== undefined && storedValues(value, info).some((v) => wanted.has(v));
};
const ordered =
  (operator: OrderedOperator): Builder =>
  (filter, info) => {
    const bound = filterValue(filter, 'value', info.kind);
    const compare = ORDERED[operator];
    return (value) => value !== undefined && storedValues(value, info).some((v) => compare(v, bound));
  };
const between: Builder = (filter, info) => {
  const low = filterValue(filter, 'value', info.kind);
  const high = filterValue(filter, 'highValue', info.kind);
  return (value) => value !== undefined && storedValues(value, info).some((v) => v >= low && v <= high);
};
const token: Builder = (filter) => {
  const pattern = tokenPattern(filter);
  return (value) => value !== undefined && containsToken(pattern, value);
};
const hasProperty: Builder = () => (value) => value !== undefined && value !== '';

const BUILDERS: Readonly<Record<FilterOperator, Builder>> = {
  EQ: eq,
  NEQ: (f, i) => negate(eq(f, i)),
  LT: ordered('LT'),
  LTE: ordered('LTE'),
  GT: ordered('GT'),
  GTE: ordered('GTE'),
  BETWEEN: between,
  IN: inList,
  NOT_IN: (f, i) => negate(inList(f, i)),
  HAS_PROPERTY: hasProperty,
  NOT_HAS_PROPERTY: (f, i) => negate(hasProperty(f, i)),
  CONTAINS_TOKEN: token,
  NOT_CONTAINS_TOKEN: (f, i) => negate(token(f, i)),
};

export function isOperator(value: unknown): value is FilterOperator {
  return typeof value === 'string' && Object.hasOwn(BUILDERS, value);
}

/**
 * The comparables an `EQ` or `IN` filter matches exactly (a record matches when one of its stored values,
 * see `storedValues`, is among them), for an index look-up; undefined for the other operators.
 */
export function exactValues(filter: Filter, info: PropertyInfo): ReadonlySet<number | string> | undefined {
  if (filter.operator === 'EQ') return new Set([filterValue(filter, 'value', info.kind)]);
  if (filter.operator === 'IN') return filterValues(filter, info.kind);
  return undefined;
}

/** Compiles one filter (operator already checked); throws a 400 when its values do not fit. */
export function compileFilter(filter: Filter, info: PropertyInfo): ValuePredicate {
  return BUILDERS[filter.operator](filter, info);
}

export interface SortKey {
  propertyName: string;
  descending: boolean;
  kind: ValueKind;
}

/**
 * Orders records by the sort keys; records without a value come last in either direction, and ties
 * keep the incoming order (ascending ids).
 */
export function compareBy(
  keys: readonly SortKey[],
  valueOf: (item: number, name: string) => string | undefined,
): (a: number, b: number) => number {
  return (a, b) => {
    for (const key of keys) {
      const va = valueOf(a, key.propertyName);
      const vb = valueOf(b, key.propertyName);
      if (va === undefined || vb === undefined) {
        if (va !== vb) return va === undefined ? 1 : -1;
        continue;
      }
      const ca = comparable(va, key.kind);
      const cb = comparable(vb, key.kind);
      if (ca === cb) continue;
      const order = ca < cb ? -1 : 1;
      return key.descending ? -order : order;
    }
    return a - b;
  };
}

/** Free-text `query`: every word must start a word of one of the searchable values (case-insensitive). */
export function compileQuery(query: string): ((values: readonly string[]) => boolean) | undefined {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return undefined;
  return (values) => {
    const words = values.flatMap((v) => {
      const lower = v.toLowerCase();
      return [lower, ...lower.split(/\s+/), ...lower.split(/[^\p{L}\p{N}]+/u)].filter(Boolean);
    });
    return terms.every((t) => words.some((w) => w.startsWith(t)));
  };
}

import { describe, expect, it } from 'vitest';
import {
  comparable,
  compareBy,
  compileFilter,
  compileQuery,
  type PropertyInfo,
} from '../../src/emulator/records/search-filters.js';
import { parseSearchRequest } from '../../src/emulator/records/search-request.js';
import { SecondlyLimiter } from '../../src/emulator/records/search-limit.js';
import type { Filter } from '../../src/wire/api.js';

const text: PropertyInfo = { kind: 'text', multiple: false };
const numeric: PropertyInfo = { kind: 'numeric', multiple: false };
const multi: PropertyInfo = { kind: 'text', multiple: true };
const f = (operator: Filter['operator'], more: Partial<Filter> = {}): Filter => ({
  propertyName: 'p',
  operator,
  ...more,
});
const run = (filter: Filter, info: PropertyInfo, values: (string | undefined)[]) => {
  const test = compileFilter(filter, info);
  return values.map((v) => test(v));
};

describe('compileFilter', () => {
  it('EQ and NEQ: text case-insensitively, numbers numerically; NEQ matches a missing value', () => {
    expect(run(f('EQ', { value: 'Ab' }), text, ['ab', 'AB', 'abc', undefined])).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(run(f('EQ', { value: '10' }), numeric, ['10.0', '1e1', '9', undefined])).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(run(f('NEQ', { value: 'ab' }), text, ['ab', 'x', undefined])).toEqual([false, true, true]);
  });

  it('ordered operators and BETWEEN compare numbers as numbers, dates as epoch ms', () => {
    expect(run(f('LT', { value: '10' }), numeric, ['9', '10', '100', undefined])).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(run(f('LTE', { value: '10' }), numeric, ['10'])).toEqual([true]);
    expect(
      run(f('GT', { value: '2024-01-01' }), numeric, ['2024-01-02', '2023-12-31', '2024-01-01T00:00:01Z']),
    ).toEqual([true, false, true]);
    expect(run(f('GTE', { value: String(Date.UTC(2024, 0, 1)) }), numeric, ['2024-01-01'])).toEqual([true]);
    expect(run(f('BETWEEN', { value: '5', highValue: '10' }), numeric, ['5', '10', '4.9', '10.1'])).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(run(f('LT', { value: 'b' }), text, ['A', 'c'])).toEqual([true, false]);
  });

  it('IN and NOT_IN; multi-value properties match when any value matches', () => {
    expect(run(f('IN', { values: ['a', 'B'] }), text, ['b', 'c', undefined])).toEqual([true, false, false]);
    expect(run(f('NOT_IN', { values: ['a'] }), text, ['a', 'c', undefined])).toEqual([false, true, true]);
    expect(run(f('EQ', { value: 'b' }), multi, ['a;b', 'a;c'])).toEqual([true, false]);
    expect(run(f('NOT_IN', { values: ['b'] }), multi, ['a;b', 'a;c'])).toEqual([false, true]);
  });

  it('HAS_PROPERTY and NOT_HAS_PROPERTY', () => {
    expect(run(f('HAS_PROPERTY'), text, ['x', undefined])).toEqual([true, false]);
    expect(run(f('NOT_HAS_PROPERTY'), text, ['x', undefined])).toEqual([false, true]);
  });

  it('CONTAINS_TOKEN matches words or the whole value, with * wildcards; NOT_CONTAINS_TOKEN negates', () => {
    const values = ['Hello big World', 'hello-world', 'ann@example.com', 'worldly', undefined];
    expect(run(f('CONTAINS_TOKEN', { value: 'world' }), text, values)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(run(f('CONTAINS_TOKEN', { value: 'world*' }), text, values)).toEqual([
      true,
      true,
      false,
      true,
      false,
    ]);
    expect(run(f('CONTAINS_TOKEN', { value: '*@example.com' }), text, values)).toEqual([
      false,
      false,
      true,
      false,
      false,
    ]);
    expect(run(f('CONTAINS_TOKEN', { value: 'a.n' }), text, ['ann', 'a.n'])).toEqual([false, true]);
    expect(run(f('NOT_CONTAINS_TOKEN', { value: 'world' }), text, values)).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
  });

  it('a CONTAINS_TOKEN of stars and letters takes no time (no regular expression is built from it)', () => {
    // as a regular expression this froze the emulator on one search
    const value = `${'a'.repeat(4000)}c`;
    expect(run(f('CONTAINS_TOKEN', { value: `${'*a'.repeat(40)}*b` }), text, [value])).toEqual([false]);
    expect(run(f('CONTAINS_TOKEN', { value: '*'.repeat(5000) }), text, [value])).toEqual([true]);
    expect(run(f('CONTAINS_TOKEN', { value: 'A*C' }), text, [value])).toEqual([true]);
  }, 5_000);

  it('refuses filters without the values their operator needs', () => {
    expect(() => compileFilter(f('EQ'), text)).toThrow('Filter on "p" with operator EQ needs a value.');
    expect(() => compileFilter(f('BETWEEN', { value: '1' }), numeric)).toThrow('needs a highValue');
    expect(() => compileFilter(f('IN', { values: [] }), text)).toThrow('needs a non-empty values array');
    expect(() => compileFilter(f('GT', { value: 'soon' }), numeric)).toThrow(
      "'soon' is not a number, date or datetime",
    );
    expect(() => compileFilter(f('CONTAINS_TOKEN', { value: '' }), text)).toThrow('needs a value');
  });
});

describe('comparable, compareBy and compileQuery', () => {
  it('reads a zoneless datetime as UTC', () => {
    expect(comparable('2024-01-01T00:00:00', 'numeric')).toBe(Date.UTC(2024, 0, 1));
    expect(comparable('AbC', 'text')).toBe('abc');
  });

  it('sorts by several keys, missing values last in both directions, ties by incoming order', () => {
    const rows = [{ n: '2' }, { n: undefined }, { n: '10' }, { n: '2' }];
    const order = (descending: boolean) =>
      rows
        .map((_, i) => i)
        .sort(compareBy([{ propertyName: 'n', descending, kind: 'numeric' }], (i) => rows[i]!.n));
    expect(order(false)).toEqual([0, 3, 2, 1]);
    expect(order(true)).toEqual([2, 0, 3, 1]);
  });

  it('matches every query word as a word prefix', () => {
    const match = compileQuery('  app  RED ')!;
    expect(match(['Red Apple'])).toBe(true);
    expect(match(['Green Apple'])).toBe(false);
    expect(match(['red', 'applesauce'])).toBe(true);
    expect(compileQuery('   ')).toBeUndefined();
  });
});

describe('parseSearchRequest', () => {
  it('fills defaults and reads sorts in both forms', () => {
    expect(
      parseSearchRequest({ sorts: ['-a', 'b', { propertyName: 'c', direction: 'DESCENDING' }] }, 60),
    ).toEqual({
      filterGroups: [],
      sorts: [
        { propertyName: 'a', descending: true },
        { propertyName: 'b', descending: false },
        { propertyName: 'c', descending: true },
      ],
      limit: 10,
      offset: 0,
    });
    expect(parseSearchRequest(undefined, 0)).toMatchObject({ limit: 10, offset: 0 });
  });

  it('enforces the body size, page size and reachable results', () => {
    expect(() => parseSearchRequest({}, 3001)).toThrow('at most 3,000 are allowed');
    expect(parseSearchRequest({}, 3000).limit).toBe(10);
    expect(() => parseSearchRequest({ limit: 0 }, 10)).toThrow(
      'limit must be an integer from 1 to 200, got 0.',
    );
    expect(parseSearchRequest({ after: '9999' }, 10).offset).toBe(9999);
    expect(() => parseSearchRequest({ after: 10_000 }, 10)).toThrow('reachable up to 10,000 only');
    expect(() => parseSearchRequest({ after: 'abc' }, 10)).toThrow('Invalid paging cursor');
    expect(() => parseSearchRequest({ sorts: [{ propertyName: 'a', direction: 'UP' }] }, 10)).toThrow(
      'sorts[0].direction must be ASCENDING or DESCENDING.',
    );
  });
});

describe('SecondlyLimiter', () => {
  it('allows 5 per rolling second per token', () => {
    const limiter = new SecondlyLimiter();
    const at = (ms: number, token = 't') => limiter.allow(token, ms);
    expect([0, 100, 200, 300, 400].map((ms) => at(ms))).toEqual([true, true, true, true, true]);
    expect(at(999)).toBe(false);
    expect(at(999, 'other')).toBe(true);
    expect(at(1000)).toBe(true); // the request at 0 left the window
    expect(at(1001)).toBe(false);
  });
});

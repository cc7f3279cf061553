/**
 * The value indexes behind `EQ` and `IN` search filters (src/emulator/records/search-index.ts): a search
 * answers exactly what a scan of every record answers, whatever the records were written, changed or
 * archived in between. Property-based: random records, writes and searches in process, each search
 * checked against the filters applied to every record.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EmulatorContext } from '../../src/emulator/context.js';
import { archiveRecord, createRecord, updateRecord } from '../../src/emulator/records/record-store.js';
import { compileFilter, kindOfType, type PropertyInfo } from '../../src/emulator/records/search-filters.js';
import { runSearch } from '../../src/emulator/records/search-run.js';
import { createInitialState } from '../../src/emulator/seed/initial.js';
import type { ObjectTypeState } from '../../src/emulator/state/model.js';
import type { Filter } from '../../src/wire/api.js';
import { seedProperties } from '../helpers/seed-properties.js';

/** each property with the values records may hold ('' clears) and the values filters may name */
const PROPERTIES = {
  p_text: { stored: ['a', 'A', 'b', 'a b', ''], wanted: ['a', 'B', 'a b', 'zzz'] },
  p_num: { stored: ['1', '1.0', '01', '-0', '0', '2', 'x', ''], wanted: ['1', '0', '2', '-0', '7'] },
  p_day: {
    stored: ['2024-01-01', '1704067200000', '2024-02-01', 'bad', ''],
    wanted: ['2024-01-01', '1706745600000'],
  },
  p_tags: { stored: ['a', 'a;b', 'b;;c', 'c;a', ''], wanted: ['a', 'b', 'c', 'd'] },
} as const;
type Name = keyof typeof PROPERTIES;
const NAMES = Object.keys(PROPERTIES) as Name[];

function setup() {
  const state = createInitialState(1, '2024-01-01T00:00:00.000Z');
  seedProperties(state, '0-5', [
    { name: 'p_text', type: 'string' },
    { name: 'p_num', type: 'number' },
    { name: 'p_day', type: 'date' },
    { name: 'p_tags', type: 'enumeration', fieldType: 'checkbox' },
  ]);
  let tick = 0;
  const ctx: EmulatorContext = {
    state,
    now: () => new Date(Date.UTC(2024, 0, 1) + tick++ * 1000).toISOString(),
    markDirty: () => undefined,
  };
  return { ctx, tickets: state.objectTypes['0-5']! };
}

function infoOf(objectType: ObjectTypeState, name: string): PropertyInfo {
  const def = objectType.properties[name]!;
  return { kind: kindOfType(def.type), multiple: def.fieldType === 'checkbox' };
}

/** What a scan of every record finds, in id order. */
function scan(objectType: ObjectTypeState, groups: Filter[][]): string[] {
  const tests = groups.map((filters) =>
    filters.map((f) => [f.propertyName, compileFilter(f, infoOf(objectType, f.propertyName))] as const),
  );
  return Object.values(objectType.records)
    .filter((r) => !r.archived && tests.some((g) => g.every(([name, test]) => test(r.properties[name]))))
    .map((r) => r.id)
    .sort((a, b) => Number(a) - Number(b));
}

const values = fc.dictionary(fc.constantFrom(...NAMES), fc.nat(), { maxKeys: 4 });
const filterArb: fc.Arbitrary<Filter> = fc.oneof(
  fc.record({ name: fc.constantFrom(...NAMES), pick: fc.nat() }).map(({ name, pick }) => {
    const wanted = PROPERTIES[name].wanted;
    return { propertyName: name, operator: 'EQ' as const, value: wanted[pick % wanted.length]! };
  }),
  fc
    .record({
      name: fc.constantFrom(...NAMES),
      picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
      odd: fc.boolean(),
    })
    .map(({ name, picks, odd }) => {
      const wanted = PROPERTIES[name].wanted;
      // IN takes values that are not numbers or dates, too
      const list = picks.map((p) => wanted[p % wanted.length]!);
      return { propertyName: name, operator: 'IN' as const, values: odd ? [...list, 'not-a-value'] : list };
    }),
  fc.constantFrom(...NAMES).map((name) => ({ propertyName: name, operator: 'HAS_PROPERTY' as const })),
  fc
    .constantFrom(...NAMES)
    .map((name) => ({ propertyName: name, operator: 'NEQ' as const, value: PROPERTIES[name].wanted[0] })),
);
const step = fc.oneof(
  fc.record({ op: fc.constant('create' as const), values }),
  fc.record({ op: fc.constant('update' as const), pick: fc.nat(), values }),
  fc.record({ op: fc.constant('archive' as const), pick: fc.nat() }),
  fc.record({
    op: fc.constant('search' as const),
    groups: fc.array(fc.array(filterArb, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }),
  }),
);

describe('search indexes for EQ and IN', () => {
  it('answer exactly what a scan of every record answers, across writes and archives', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 40 }), (steps) => {
        const { ctx, tickets } = setup();
        const ids: string[] = [];
        const toValues = (picked: Partial<Record<Name, number>>) =>
          new Map(
            Object.entries(picked).map(([name, n]) => {
              const stored = PROPERTIES[name as Name].stored;
              return [name, stored[n % stored.length]!];
            }),
          );
        for (const s of steps) {
          if (s.op === 'create') ids.push(createRecord(ctx, tickets, toValues(s.values)).id);
          else if (s.op === 'update' && ids.length > 0) {
            const record = tickets.records[ids[s.pick % ids.length]!]!;
            if (!record.archived) updateRecord(ctx, tickets, record, toValues(s.values));
          } else if (s.op === 'archive' && ids.length > 0) {
            archiveRecord(ctx, tickets, tickets.records[ids[s.pick % ids.length]!]!);
          } else if (s.op === 'search') {
            const found = runSearch(tickets, { filterGroups: s.groups, sorts: [], limit: 200, offset: 0 });
            const expected = scan(tickets, s.groups);
            expect(found.results.map((r) => r.id)).toEqual(expected);
            expect(found.total).toBe(expected.length);
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('serves a search with EQ in every group from the index, and one with a group without EQ or IN by a scan', () => {
    const { ctx, tickets } = setup();
    for (let i = 0; i < 300; i++) createRecord(ctx, tickets, new Map([['p_text', i % 3 === 0 ? 'a' : 'b']]));
    const eq = { propertyName: 'p_text', operator: 'EQ' as const, value: 'A' } as Filter;
    const has = { propertyName: 'p_num', operator: 'NOT_HAS_PROPERTY' } as Filter;
    const first = runSearch(tickets, { filterGroups: [[eq]], sorts: [], limit: 5, offset: 0 });
    expect(first.total).toBe(100);
    expect(first.results.map((r) => r.id)).toEqual(['1', '4', '7', '10', '13']);
    // a later write reaches the index
    updateRecord(ctx, tickets, tickets.records['2']!, new Map([['p_text', 'a']]));
    archiveRecord(ctx, tickets, tickets.records['4']!);
    const second = runSearch(tickets, { filterGroups: [[eq]], sorts: [], limit: 5, offset: 0 });
    expect(second.results.map((r) => r.id)).toEqual(['1', '2', '7', '10', '13']);
    const mixed = runSearch(tickets, { filterGroups: [[eq], [has]], sorts: [], limit: 1, offset: 0 });
    expect(mixed.total).toBe(299);
  });
});

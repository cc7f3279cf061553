/** The data check against the emulator: record counts through search, and a token that may not search. */
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/index.js';
import type { ResponseLogEvent } from '../../src/api/log.js';
import { runDataCheck } from '../../src/engine/live/data-check.js';
import type { DataCheckTarget } from '../../src/engine/plan/data-check.js';
import { optionsOf, seedProperties } from '../helpers/seed-properties.js';
import { callKeys, liveFixture, type LiveFixture } from './helpers.js';

let fx: LiveFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

const TARGETS: DataCheckTarget[] = [
  {
    kind: 'records',
    key: 'tickets.level=legacy',
    objectType: 'tickets',
    propertyName: 'level',
    value: 'legacy',
  },
  { kind: 'records', key: 'tickets.level=low', objectType: 'tickets', propertyName: 'level', value: 'low' },
  { kind: 'records', key: 'tickets.tags=red', objectType: 'tickets', propertyName: 'tags', value: 'red' },
  { kind: 'records', key: 'tickets.code', objectType: 'tickets', propertyName: 'code' },
];

async function seeded(tokens?: string[]): Promise<LiveFixture> {
  const f = await liveFixture(tokens === undefined ? {} : { tokens });
  seedProperties(f.emulator.state, '0-5', [
    { name: 'level', type: 'enumeration', fieldType: 'select', options: optionsOf('low', 'legacy') },
    { name: 'tags', type: 'enumeration', fieldType: 'checkbox', options: optionsOf('red', 'blue') },
    { name: 'code', type: 'string' },
  ]);
  const records = [
    { subject: 'a', level: 'legacy', tags: 'red;blue', code: 'x1' },
    { subject: 'b', level: 'legacy', tags: 'blue' },
    { subject: 'c', level: 'low', code: 'x2' },
    { subject: 'd' },
  ];
  for (const properties of records) {
    const answer = await f.emulator.call('POST', '/crm/v3/objects/tickets', { properties });
    expect(answer.status).toBe(201);
  }
  return f;
}

describe('runDataCheck: record counts', () => {
  it('counts the records holding each value (any value for a whole property), one search each', async () => {
    fx = await seeded();
    const result = await runDataCheck(fx.client, TARGETS);
    expect(Object.fromEntries(result.counts)).toEqual({
      'tickets.level=legacy': { count: 2, exact: true },
      'tickets.level=low': { count: 1, exact: true },
      'tickets.tags=red': { count: 1, exact: true },
      'tickets.code': { count: 2, exact: true },
    });
    expect(result.diagnostics).toEqual([]);
    // one search for all four (some record holds one of them), then one each
    expect(callKeys(fx.calls)).toEqual(Array(5).fill('POST /crm/v3/objects/tickets/search'));
  });

  it('settles up to five targets no record holds with one search', async () => {
    fx = await seeded();
    const unused = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((value): DataCheckTarget => ({
      kind: 'records',
      key: `tickets.level=${value}`,
      objectType: 'tickets',
      propertyName: 'level',
      value,
    }));
    const result = await runDataCheck(fx.client, [...unused, TARGETS[1]!]);
    expect(Object.fromEntries(result.counts)).toEqual({
      ...Object.fromEntries(unused.map((t) => [t.key, { count: 0, exact: true }])),
      'tickets.level=low': { count: 1, exact: true },
    });
    // a, b, c, d, e: one search, total 0; f, g, low: one search (total 1), then three
    expect(fx.calls).toHaveLength(5);
    expect(fx.calls.every((c) => c.status === 200)).toBe(true);
  });

  it('skips an object type whose records the token may not search, with a note and one call', async () => {
    fx = await seeded(['test-token', 'schema-only:crm.schemas.tickets.read']);
    const calls: ResponseLogEvent[] = [];
    const client = createClient({
      baseUrl: fx.emulator.url,
      token: 'schema-only',
      onResponse: (event) => calls.push(event),
    });
    try {
      const result = await runDataCheck(client, TARGETS);
      expect(result.counts.size).toBe(0);
      expect(result.diagnostics).toEqual([
        {
          level: 'info',
          code: 'DATA_CHECK_SKIPPED',
          message:
            'Data check skipped for the records of tickets: the token may not read what the count needs (missing crm.objects.tickets.read), so the plan shows no count there',
          hint: 'Grant crm.objects.tickets.read to count, or pass --no-data-check.',
        },
      ]);
      expect(calls.map((c) => `${c.status} ${c.path}`)).toEqual(['403 /crm/v3/objects/tickets/search']);
    } finally {
      await client.close();
    }
  });

  it('notes a target the search refuses and counts the others', async () => {
    fx = await seeded();
    const result = await runDataCheck(fx.client, [
      ...TARGETS.slice(0, 1),
      { kind: 'records', key: 'tickets.nope', objectType: 'tickets', propertyName: 'nope' },
    ]);
    expect(Object.fromEntries(result.counts)).toEqual({ 'tickets.level=legacy': { count: 2, exact: true } });
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({
      level: 'info',
      code: 'DATA_CHECK_SKIPPED',
      address: 'tickets.nope',
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { optionsOf, seedProperties } from '../helpers/seed-properties.js';

const ROTATING = Array.from({ length: 40 }, (_, i) => `rot-${i}`);
const PRODUCTS: Record<string, string>[] = [
  {
    name: 'Red Apple',
    emu_price: '10',
    emu_cat: 'x',
    emu_tags: 'a',
    emu_desc: 'fresh fruit from orchard',
    emu_day: '2024-01-01',
    emu_at: '2024-01-01T10:00:00Z',
    emu_email: 'ann@example.com',
  },
  {
    name: 'green apple',
    emu_price: '9',
    emu_cat: 'y',
    emu_tags: 'a;b',
    emu_desc: 'sour',
    emu_day: '2024-02-01',
    emu_email: 'bob@test.org',
  },
  { name: 'Banana', emu_price: '100', emu_cat: 'x', emu_desc: 'yellow fruit' },
  { name: 'Cherry', emu_cat: 'z', emu_tags: 'c', emu_day: '2024-03-01' },
  { name: 'apple pie', emu_price: '25.5', emu_tags: 'b', emu_desc: 'baked dessert', emu_day: '2023-12-31' },
  { name: 'Durian', emu_price: '50', emu_cat: 'y', emu_desc: 'smelly fruit', emu_day: '2024-01-15' },
];

describe('search', () => {
  let emu: TestEmulator;
  let turn = 0;
  const ids: string[] = [];
  /** searches with tokens in turn: the search endpoint allows 5 requests per second per token */
  const search = (body: unknown, objectType = 'products') =>
    emu.call('POST', `/crm/v3/objects/${objectType}/search`, body, ROTATING[turn++ % ROTATING.length]);
  const names = (res: { body: any }) => res.body.results.map((r: any) => r.properties.name);
  const filter = (propertyName: string, operator: string, more: Record<string, unknown> = {}) => ({
    filterGroups: [{ filters: [{ propertyName, operator, ...more }] }],
  });

  /** ms the emulator's clock is ahead of the system's */
  let skipped = 0;
  beforeAll(async () => {
    emu = await startTestEmulator({ tokens: [...ROTATING, 'solo'], clock: () => Date.now() + skipped });
    seedProperties(emu.state, '0-7', [
      { name: 'name', type: 'string' },
      { name: 'emu_price', type: 'number' },
      { name: 'emu_cat', type: 'enumeration', options: optionsOf('x', 'y', 'z') },
      { name: 'emu_tags', type: 'enumeration', fieldType: 'checkbox', options: optionsOf('a', 'b', 'c') },
      { name: 'emu_desc', type: 'string' },
      { name: 'emu_day', type: 'date' },
      { name: 'emu_at', type: 'datetime' },
      { name: 'emu_email', type: 'string' },
    ]);
    const res = await emu.call('POST', '/crm/v3/objects/products/batch/create', {
      inputs: [...PRODUCTS, { name: 'zz archived', emu_price: '1' }].map((properties) => ({ properties })),
    });
    expect(res.status).toBe(201);
    ids.push(...res.body.results.map((r: any) => r.id));
    await emu.call('DELETE', `/crm/v3/objects/products/${ids[6]}`);
  });
  afterAll(async () => {
    await emu.close();
  });

  it('an empty search returns active records by id with the default properties, total and paging', async () => {
    const res = await search({});
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(6);
    expect(names(res)).toEqual(PRODUCTS.map((p) => p.name));
    expect(res.body.results[0]).toEqual({
      id: ids[0],
      properties: {
        hs_object_id: ids[0],
        createdate: expect.any(String),
        hs_lastmodifieddate: expect.any(String),
        name: 'Red Apple',
      },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      archived: false,
    });
    expect(res.body).not.toHaveProperty('paging');
  });

  it.each([
    ['EQ on text, case-insensitive', filter('name', 'EQ', { value: 'red apple' }), ['Red Apple']],
    [
      'NEQ (records without a value match)',
      filter('emu_cat', 'NEQ', { value: 'x' }),
      ['green apple', 'Cherry', 'apple pie', 'Durian'],
    ],
    ['LT compares numbers as numbers', filter('emu_price', 'LT', { value: '10' }), ['green apple']],
    ['LTE', filter('emu_price', 'LTE', { value: '10' }), ['Red Apple', 'green apple']],
    ['GT', filter('emu_price', 'GT', { value: '25.5' }), ['Banana', 'Durian']],
    ['GTE', filter('emu_price', 'GTE', { value: '25.5' }), ['Banana', 'apple pie', 'Durian']],
    [
      'BETWEEN value..highValue',
      filter('emu_price', 'BETWEEN', { value: '10', highValue: '50' }),
      ['Red Apple', 'apple pie', 'Durian'],
    ],
    ['IN', filter('emu_cat', 'IN', { values: ['y', 'z'] }), ['green apple', 'Cherry', 'Durian']],
    ['NOT_IN', filter('emu_cat', 'NOT_IN', { values: ['x', 'y'] }), ['Cherry', 'apple pie']],
    [
      'HAS_PROPERTY',
      filter('emu_desc', 'HAS_PROPERTY'),
      ['Red Apple', 'green apple', 'Banana', 'apple pie', 'Durian'],
    ],
    ['NOT_HAS_PROPERTY', filter('emu_desc', 'NOT_HAS_PROPERTY'), ['Cherry']],
    [
      'CONTAINS_TOKEN a word',
      filter('emu_desc', 'CONTAINS_TOKEN', { value: 'FRUIT' }),
      ['Red Apple', 'Banana', 'Durian'],
    ],
    [
      'CONTAINS_TOKEN with a wildcard',
      filter('emu_desc', 'CONTAINS_TOKEN', { value: 'orch*' }),
      ['Red Apple'],
    ],
    [
      'CONTAINS_TOKEN on a whole value',
      filter('emu_email', 'CONTAINS_TOKEN', { value: '*@example.com' }),
      ['Red Apple'],
    ],
    [
      'NOT_CONTAINS_TOKEN',
      filter('emu_desc', 'NOT_CONTAINS_TOKEN', { value: 'fruit' }),
      ['green apple', 'Cherry', 'apple pie'],
    ],
    [
      'a date against YYYY-MM-DD',
      filter('emu_day', 'GTE', { value: '2024-01-15' }),
      ['green apple', 'Cherry', 'Durian'],
    ],
    [
      'a date against epoch ms',
      filter('emu_day', 'LT', { value: String(Date.UTC(2024, 0, 15)) }),
      ['Red Apple', 'apple pie'],
    ],
    ['a datetime', filter('emu_at', 'GT', { value: '2024-01-01T09:59:59Z' }), ['Red Apple']],
    [
      'a multi-value property matches any of its values',
      filter('emu_tags', 'EQ', { value: 'b' }),
      ['green apple', 'apple pie'],
    ],
  ])('%s', async (_title, body, expected) => {
    const res = await search(body);
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(expected);
    expect(res.body.total).toBe(expected.length);
  });

  it('compares the maintained hs_object_id and createdate numerically', async () => {
    const byId = await search(filter('hs_object_id', 'GTE', { value: ids[4] }));
    expect(names(byId)).toEqual(['apple pie', 'Durian']);
    const byDate = await search(filter('createdate', 'GT', { value: '2000-01-01' }));
    expect(byDate.body.total).toBe(6);
  });

  it('takes JSON booleans and numbers as filter values, and refuses objects', async () => {
    seedProperties(emu.state, '0-7', [{ name: 'emu_fresh', type: 'bool' }]);
    const patched = await emu.call('PATCH', `/crm/v3/objects/products/${ids[0]}`, {
      properties: { emu_fresh: true },
    });
    expect(patched.status).toBe(200);
    expect(names(await search(filter('emu_fresh', 'EQ', { value: true })))).toEqual(['Red Apple']);
    expect(names(await search(filter('emu_fresh', 'IN', { values: [true] })))).toEqual(['Red Apple']);
    expect(names(await search(filter('emu_price', 'EQ', { value: 10 })))).toEqual(['Red Apple']);
    const objects = await search(filter('emu_cat', 'IN', { values: [{ value: 'x' }] }));
    expect(objects.status).toBe(400);
    expect(objects.body.message).toBe(
      'Filter on "emu_cat" with operator IN: values must be strings (or numbers).',
    );
  });

  it('ORs filter groups and ANDs the filters of a group', async () => {
    const res = await search({
      filterGroups: [
        {
          filters: [
            { propertyName: 'emu_cat', operator: 'EQ', value: 'x' },
            { propertyName: 'emu_price', operator: 'GT', value: '50' },
          ],
        },
        { filters: [{ propertyName: 'name', operator: 'EQ', value: 'cherry' }] },
      ],
    });
    expect(names(res)).toEqual(['Banana', 'Cherry']);
  });

  it('sorts by strings ("-" for descending) and {propertyName, direction}; missing values last', async () => {
    const byPrice = await search({ sorts: ['-emu_price'] });
    expect(names(byPrice)).toEqual(['Banana', 'Durian', 'apple pie', 'Red Apple', 'green apple', 'Cherry']);
    const byName = await search({ sorts: [{ propertyName: 'name', direction: 'ASCENDING' }] });
    expect(names(byName)).toEqual(['apple pie', 'Banana', 'Cherry', 'Durian', 'green apple', 'Red Apple']);
    const byDay = await search({ sorts: [{ propertyName: 'emu_day', direction: 'DESCENDING' }, 'name'] });
    expect(names(byDay)).toEqual(['Cherry', 'green apple', 'Durian', 'Red Apple', 'apple pie', 'Banana']);
  });

  it('query searches words of the primary and text properties by prefix', async () => {
    expect(names(await search({ query: 'app' }))).toEqual(['Red Apple', 'green apple', 'apple pie']);
    expect(names(await search({ query: 'fruit' }))).toEqual(['Red Apple', 'Banana', 'Durian']);
    expect(names(await search({ query: 'apple FRESH' }))).toEqual(['Red Apple']);
  });

  it('returns exactly the properties asked for; unknown names are ignored', async () => {
    const res = await search({ properties: ['emu_price', 'nope'], limit: 1 });
    expect(res.body.results[0].properties).toEqual({ emu_price: '10' });
  });

  it('pages with limit and after (an offset)', async () => {
    const first = await search({ limit: 4 });
    expect(first.body.results).toHaveLength(4);
    expect(first.body.total).toBe(6);
    expect(first.body.paging).toEqual({ next: { after: '4', link: '?after=4' } });
    const second = await search({ limit: 4, after: first.body.paging.next.after });
    expect(names(second)).toEqual(['apple pie', 'Durian']);
    expect(second.body).not.toHaveProperty('paging');
  });

  it('never returns archived records', async () => {
    const res = await search(filter('name', 'CONTAINS_TOKEN', { value: 'archived' }));
    expect(res.body).toMatchObject({ total: 0, results: [] });
  });

  it.each([
    [
      '6 filter groups',
      { filterGroups: Array.from({ length: 6 }, () => filter('name', 'HAS_PROPERTY').filterGroups[0]) },
      'Too many filter groups: 6 given, at most 5 are allowed.',
    ],
    [
      '7 filters in a group',
      {
        filterGroups: [
          { filters: Array.from({ length: 7 }, () => ({ propertyName: 'name', operator: 'HAS_PROPERTY' })) },
        ],
      },
      'Too many filters in filterGroups[0]: 7 given, at most 6 per group are allowed.',
    ],
    [
      '19 filters in all',
      {
        filterGroups: Array.from({ length: 4 }, () => ({
          filters: Array.from({ length: 5 }, () => ({ propertyName: 'name', operator: 'HAS_PROPERTY' })),
        })),
      },
      'Too many filters: at most 18 filters in all groups together are allowed.',
    ],
    [
      'a body over 3,000 characters',
      { query: 'x'.repeat(3000) },
      /^The search request body has 30\d\d characters; at most 3,000 are allowed\.$/,
    ],
    ['a limit over 200', { limit: 201 }, 'limit must be an integer from 1 to 200, got 201.'],
    [
      'after beyond 10,000 results',
      { after: '10000' },
      'Search results are reachable up to 10,000 only (after=10000); narrow the filters or sort to reach the others.',
    ],
    [
      'an unknown operator',
      filter('name', 'LIKE', { value: 'x' }),
      /^filterGroups\[0\]\.filters\[0\]: unknown operator 'LIKE'; use one of EQ, NEQ/,
    ],
    [
      'an unknown property',
      filter('nope', 'EQ', { value: 'x' }),
      'filterGroups[0].filters[0]: property "nope" does not exist on products.',
    ],
    ['EQ without a value', filter('name', 'EQ'), 'Filter on "name" with operator EQ needs a value.'],
    [
      'BETWEEN without a highValue',
      filter('emu_price', 'BETWEEN', { value: '1' }),
      'Filter on "emu_price" with operator BETWEEN needs a highValue.',
    ],
    [
      'IN without values',
      filter('emu_cat', 'IN', {}),
      'Filter on "emu_cat" with operator IN needs a non-empty values array.',
    ],
    [
      'a number filter with text',
      filter('emu_price', 'GT', { value: 'cheap' }),
      `Filter on "emu_price": 'cheap' is not a number, date or datetime; use a number, YYYY-MM-DD, ISO 8601 or epoch milliseconds.`,
    ],
    [
      'a sort on an unknown property',
      { sorts: ['nope'] },
      'sorts[0]: property "nope" does not exist on products.',
    ],
  ])('answers 400 VALIDATION_ERROR for %s', async (_title, body, message) => {
    const res = await search(body);
    expect(res.status).toBe(400);
    expect(res.body.category).toBe('VALIDATION_ERROR');
    if (typeof message === 'string') expect(res.body.message).toBe(message);
    else expect(res.body.message).toMatch(message);
  });

  it('accepts a page of 200', async () => {
    expect((await search({ limit: 200 })).status).toBe(200);
  });

  it('has its own limit of 5 requests per second per token: 429 with the secondly body', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push(await emu.call('POST', '/crm/v3/objects/products/search', {}, 'solo'));
    }
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = answers[5]!;
    expect(limited.body).toMatchObject({
      status: 'error',
      message: 'You have reached your secondly limit.',
      errorType: 'RATE_LIMIT',
      policyName: 'SECONDLY',
    });
    expect(limited.body.correlationId).toMatch(/^[0-9a-f-]{36}$/);
    // other endpoints are not affected
    expect((await emu.call('GET', '/crm/v3/objects/products', undefined, 'solo')).status).toBe(200);
    skipped += 1050; // a second later, on the emulator's clock
    expect((await emu.call('POST', '/crm/v3/objects/products/search', {}, 'solo')).status).toBe(200);
  });

  it('reaches at most 10,000 results: no paging.next beyond', async () => {
    const taxes = emu.state.objectTypes['0-83']!;
    const now = new Date().toISOString();
    for (let i = 0; i < 10_005; i++) {
      const id = String(++emu.state.counters.record);
      taxes.records[id] = {
        id,
        createdAt: now,
        updatedAt: now,
        archived: false,
        properties: { hs_object_id: id, createdate: now, hs_lastmodifieddate: now },
        history: {},
      };
    }
    const near = await search({ after: '9980', limit: 10 }, 'taxes');
    expect(near.body.total).toBe(10_005);
    expect(near.body.paging.next.after).toBe('9990');
    const last = await search({ after: '9990', limit: 10 }, 'taxes');
    expect(last.body.results).toHaveLength(10);
    expect(last.body).not.toHaveProperty('paging');
  });
});

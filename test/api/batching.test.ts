import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunk, runBatches } from '../../src/api/batching.js';
import { ServerError } from '../../src/api/errors.js';
import type { PropertyCreate, RecordCreate } from '../../src/wire/api.js';
import { startClientFixture, textProperty, type ClientFixture } from './setup.js';

describe('client batching over HTTP', () => {
  let f: ClientFixture;
  beforeAll(async () => {
    f = await startClientFixture();
  });
  afterAll(async () => {
    await f.close();
  });

  it('splits 250 property inputs into 3 calls and merges a 207 into errors mapped by name', async () => {
    const bad = new Set([7, 130, 249]);
    const inputs: PropertyCreate[] = Array.from({ length: 250 }, (_, i) =>
      bad.has(i)
        ? { ...textProperty(`bulk_${i}`), type: 'number', fieldType: 'textarea' }
        : textProperty(`bulk_${i}`),
    );
    const before = f.calls.length;
    const result = await f.client.properties.batchCreate('tickets', inputs);
    const calls = f.calls.slice(before);
    expect(calls).toHaveLength(3);
    expect(calls.map((c) => c.status).sort()).toEqual([207, 207, 207]);
    expect(calls.every((c) => c.path === '/crm/v3/properties/tickets/batch/create')).toBe(true);

    expect(result.results).toHaveLength(247);
    expect(result.unmatched).toEqual([]);
    expect(result.errors.map((e) => e.input.name)).toEqual(['bulk_7', 'bulk_130', 'bulk_249']);
    expect(result.errors[0]!.input).toBe(inputs[7]);
    for (const { error } of result.errors) {
      expect(error).toMatchObject({ code: 'VALIDATION', category: 'VALIDATION_ERROR', method: 'POST' });
    }
    expect(
      Object.keys(f.emu.state.objectTypes['0-5']!.properties).filter((n) => n.startsWith('bulk_')),
    ).toHaveLength(247);
  });

  it('maps record batch create errors back to the caller inputs through objectWriteTraceId', async () => {
    const inputs: RecordCreate[] = Array.from({ length: 150 }, (_, i): RecordCreate => ({
      properties: i === 3 || i === 120 ? { subject: 's', not_a_property: 'x' } : { subject: `s${i}` },
    }));
    const before = f.calls.length;
    const result = await f.client.records.batchCreate('tickets', inputs);
    expect(f.calls.length - before).toBe(2);
    expect(result.results).toHaveLength(148);
    expect(result.unmatched).toEqual([]);
    expect(result.errors.map((e) => inputs.indexOf(e.input))).toEqual([3, 120]);
    expect(result.errors[0]!.input).toBe(inputs[3]);
    expect(inputs[3]).not.toHaveProperty('objectWriteTraceId');
    expect(result.errors[1]!.error.code).toBe('VALIDATION');
  });

  it('maps every input of a chunk that fails as a whole to that error, and keeps the other chunks', async () => {
    const made = await f.client.records.batchCreate(
      'products',
      Array.from({ length: 150 }, (_, i) => ({ properties: { name: `n${i}` } })),
    );
    const ids = made.results.map((r) => r.id);
    // the second chunk names a record twice: the platform refuses that whole batch
    const asked = [...ids.slice(0, 149), ids[120]!].map((id) => ({ id, properties: { name: `u${id}` } }));
    const before = f.calls.length;
    const result = await f.client.records.batchUpdate('products', asked);
    expect(f.calls.slice(before).map((c) => c.status)).toEqual(expect.arrayContaining([200, 400]));
    expect(result.results).toHaveLength(100);
    expect(result.errors).toHaveLength(50);
    expect(result.errors.map((e) => e.input)).toEqual(asked.slice(100));
    expect(new Set(result.errors.map((e) => e.error))).toHaveProperty('size', 1);
    expect(result.errors[0]!.error).toMatchObject({ code: 'VALIDATION', status: 400 });
  });
});

describe('batch merging (pure)', () => {
  const call = { method: 'POST', path: '/x/batch/create' };
  const item = (context: Record<string, string[]>) => ({
    status: 'error',
    category: 'VALIDATION_ERROR',
    message: 'bad',
    context,
    errors: [],
    links: {},
  });

  it('chunks by 100', () => {
    expect(chunk(Array.from({ length: 250 }, (_, i) => i)).map((c) => c.length)).toEqual([100, 100, 50]);
    expect(chunk([])).toEqual([]);
  });

  it('keeps error items that name no input in unmatched, in chunk order', async () => {
    const sent: string[][] = [];
    const result = await runBatches<string, { name: string }>({
      inputs: ['a', 'b', 'c'],
      call,
      chunkSize: 2,
      keysOf: (s) => [s],
      send: async (inputs) => {
        sent.push(inputs);
        await new Promise((r) => setTimeout(r, inputs.includes('a') ? 20 : 0));
        return {
          status: 'COMPLETE',
          startedAt: '',
          completedAt: '',
          results: inputs.filter((s) => s !== 'b').map((name) => ({ name })),
          ...(inputs.includes('b')
            ? { errors: [item({ names: ['b'] }), item({ other: ['zz'] })], numErrors: 2 }
            : {}),
        };
      },
    });
    expect(sent).toEqual([['a', 'b'], ['c']]);
    expect(result.results).toEqual([{ name: 'a' }, { name: 'c' }]);
    expect(result.errors.map((e) => e.input)).toEqual(['b']);
    expect(result.unmatched).toHaveLength(1);
    expect(result.unmatched[0]!.context).toEqual({ other: ['zz'] });
  });

  it('takes a chunk size above 100; with matchAllKeys an item needs every key of an input', async () => {
    const pairs = Array.from({ length: 1500 }, (_, i) => ({ from: 'f', to: `t${i}` }));
    const sizes: number[] = [];
    const result = await runBatches<{ from: string; to: string }, never>({
      inputs: pairs,
      call,
      chunkSize: 1000,
      matchAllKeys: true,
      keysOf: (p) => [p.from, p.to],
      send: (inputs) => {
        sizes.push(inputs.length);
        const failed = inputs.some((p) => p.to === 't3');
        return Promise.resolve({
          status: 'COMPLETE',
          startedAt: '',
          completedAt: '',
          results: [],
          ...(failed ? { errors: [item({ fromId: ['f'], toId: ['t3'] })], numErrors: 1 } : {}),
        });
      },
    });
    expect(sizes).toEqual([1000, 500]);
    expect(result.errors.map((e) => e.input)).toEqual([pairs[3]]);
  });

  it('rethrows what is not an API error (a bug), maps API errors to every input of the chunk', async () => {
    await expect(
      runBatches({
        inputs: ['a'],
        call,
        keysOf: (s) => [s],
        send: () => Promise.reject(new TypeError('bug')),
      }),
    ).rejects.toThrow(TypeError);
    const failed = new ServerError({ method: 'POST', path: '/x', status: 502 });
    const result = await runBatches({
      inputs: ['a', 'b'],
      call,
      keysOf: (s) => [s],
      send: () => Promise.reject(failed),
    });
    expect(result.errors).toEqual([
      { input: 'a', error: failed },
      { input: 'b', error: failed },
    ]);
  });
});

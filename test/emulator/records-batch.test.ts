import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { seedProperties } from '../helpers/seed-properties.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('record batch endpoints', () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator();
    for (const id of ['0-5', '0-123', '0-69', '0-410', '0-162', '0-74', '0-970']) {
      seedProperties(emu.state, id, [
        { name: 'emu_text', type: 'string' },
        { name: 'emu_n', type: 'number' },
        { name: 'emu_key', type: 'string', hasUniqueValue: true },
      ]);
    }
  });
  afterAll(async () => {
    await emu.close();
  });

  async function create(objectType: string, properties: Record<string, string>): Promise<string> {
    const res = await emu.call('POST', `/crm/v3/objects/${objectType}`, { properties });
    expect(res.status).toBe(201);
    return res.body.id;
  }

  it('batch create: 201 COMPLETE with simple records in input order and trace ids echoed', async () => {
    const res = await emu.call('POST', '/crm/v3/objects/tickets/batch/create', {
      inputs: [
        { properties: { emu_text: 'a' }, associations: [], objectWriteTraceId: 't-a' },
        { properties: { emu_text: 'b' } },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('COMPLETE');
    expect(res.body.startedAt).toMatch(ISO);
    expect(res.body.completedAt).toMatch(ISO);
    expect(res.body.requestedAt).toMatch(ISO);
    expect(res.body).not.toHaveProperty('errors');
    expect(res.body.results.map((r: any) => [r.properties.emu_text, r.objectWriteTraceId])).toEqual([
      ['a', 't-a'],
      ['b', undefined],
    ]);
    expect(Number(res.body.results[1].id)).toBe(Number(res.body.results[0].id) + 1);
  });

  it('batch create with failing items: 207, errors with numErrors, the rest created', async () => {
    const taken = await create('orders', { emu_key: 'K-1' });
    const res = await emu.call('POST', '/crm/v3/objects/orders/batch/create', {
      inputs: [
        { properties: { emu_text: 'fine' } },
        { properties: { nope: 'x' }, objectWriteTraceId: 'trace-bad' },
        { properties: { emu_key: 'K-1' } },
      ],
    });
    expect(res.status).toBe(207);
    expect(res.body.status).toBe('COMPLETE');
    expect(res.body.results).toHaveLength(1);
    expect(res.body.results[0].properties.emu_text).toBe('fine');
    expect(res.body.numErrors).toBe(2);
    expect(res.body.errors[0]).toEqual({
      status: 'error',
      category: 'VALIDATION_ERROR',
      message:
        'Property values were not valid: Property "nope" does not exist on orders; create it first or fix the name.',
      context: { objectWriteTraceId: ['trace-bad'] },
      errors: [
        {
          message: 'Property "nope" does not exist on orders; create it first or fix the name.',
          code: 'PROPERTY_DOESNT_EXIST',
          in: 'nope',
        },
      ],
      links: {},
    });
    expect(res.body.errors[1]).toMatchObject({
      status: 'error',
      category: 'CONFLICT',
      context: { id: [taken], propertyName: ['emu_key'] },
    });
  });

  it('refuses an empty batch and one of more than 100 inputs with 400', async () => {
    const empty = await emu.call('POST', '/crm/v3/objects/tickets/batch/create', { inputs: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('inputs is empty: give at least one input.');
    const inputs = Array.from({ length: 101 }, () => ({ properties: {} }));
    const big = await emu.call('POST', '/crm/v3/objects/tickets/batch/create', { inputs });
    expect(big.status).toBe(400);
    expect(big.body).toMatchObject({
      category: 'VALIDATION_ERROR',
      message: 'Too many inputs: 101 given, at most 100 per batch; split the batch.',
    });
    const missing = await emu.call('POST', '/crm/v3/objects/tickets/batch/read', {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Invalid input JSON: inputs must be an array.');
    const hundred = await emu.call('POST', '/crm/v3/objects/tickets/batch/create', {
      inputs: inputs.slice(0, 100),
    });
    expect(hundred.status).toBe(201);
    expect(hundred.body.results).toHaveLength(100);
  });

  it('batch read by id (0-410): found records, and 207 with one error listing the missing ids', async () => {
    const a = await create('0-410', { emu_text: 'one', emu_n: '1' });
    const b = await create('0-410', { emu_text: 'two' });
    const ok = await emu.call('POST', '/crm/v3/objects/0-410/batch/read', {
      inputs: [{ id: a }, { id: b }],
      properties: ['emu_text', 'unknown'],
      propertiesWithHistory: ['emu_n'],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.results.map((r: any) => [r.id, r.properties])).toEqual([
      [a, { emu_text: 'one' }],
      [b, { emu_text: 'two' }],
    ]);
    expect(ok.body.results[0].propertiesWithHistory.emu_n[0]).toMatchObject({
      value: '1',
      sourceType: 'API',
    });
    expect(ok.body.results[1].propertiesWithHistory).toEqual({ emu_n: [] });
    const partial = await emu.call('POST', '/crm/v3/objects/0-410/batch/read', {
      inputs: [{ id: a }, { id: '999001' }, { id: '999002' }],
      properties: [],
      propertiesWithHistory: [],
    });
    expect(partial.status).toBe(207);
    expect(partial.body.results.map((r: any) => r.id)).toEqual([a]);
    expect(partial.body.numErrors).toBe(1);
    expect(partial.body.errors[0]).toMatchObject({
      status: 'error',
      category: 'OBJECT_NOT_FOUND',
      message:
        'Could not get some courses objects, they may be deleted or not exist. Check that ids are valid.',
      context: { ids: ['999001', '999002'] },
    });
  });

  it('batch read by idProperty (0-162) and with archived=true', async () => {
    const a = await create('services', { emu_key: 'svc-a', emu_text: 'A' });
    const b = await create('services', { emu_key: 'svc-b' });
    const res = await emu.call('POST', '/crm/v3/objects/0-162/batch/read', {
      inputs: [{ id: 'svc-b' }, { id: 'svc-a' }],
      properties: ['emu_key'],
      propertiesWithHistory: [],
      idProperty: 'emu_key',
    });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: any) => [r.id, r.properties.emu_key])).toEqual([
      [b, 'svc-b'],
      [a, 'svc-a'],
    ]);
    const bad = await emu.call('POST', '/crm/v3/objects/0-162/batch/read', {
      inputs: [{ id: 'x' }],
      properties: [],
      propertiesWithHistory: [],
      idProperty: 'emu_text',
    });
    expect(bad.status).toBe(400);
    // batch archive on 0-162: 204, no body; archived ones then read only with archived=true
    const archive = await emu.call('POST', '/crm/v3/objects/0-162/batch/archive', {
      inputs: [{ id: a }, { id: '123456789' }],
    });
    expect(archive.status).toBe(204);
    expect(archive.text).toBe('');
    const active = await emu.call('POST', '/crm/v3/objects/0-162/batch/read', {
      inputs: [{ id: a }, { id: b }],
      properties: [],
      propertiesWithHistory: [],
    });
    expect(active.status).toBe(207);
    expect(active.body.errors[0].context).toEqual({ ids: [a] });
    const archived = await emu.call('POST', '/crm/v3/objects/0-162/batch/read?archived=true', {
      inputs: [{ id: a }, { id: b }],
      properties: [],
      propertiesWithHistory: [],
    });
    expect(archived.body.results.map((r: any) => [r.id, r.archived])).toEqual([[a, true]]);
    expect(archived.body.errors[0].context).toEqual({ ids: [b] });
  });

  it('batch update: 200 COMPLETE, by id and by idProperty, trace ids echoed', async () => {
    const a = await create('subscriptions', { emu_text: 'a', emu_key: 'sub-a' });
    const b = await create('subscriptions', { emu_text: 'b' });
    const res = await emu.call('POST', '/crm/v3/objects/subscriptions/batch/update', {
      inputs: [
        { id: 'sub-a', idProperty: 'emu_key', properties: { emu_n: '5' }, objectWriteTraceId: 'up-1' },
        { id: b, properties: { emu_text: '' } },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('COMPLETE');
    expect(
      res.body.results.map((r: any) => [
        r.id,
        r.properties.emu_n ?? r.properties.emu_text,
        r.objectWriteTraceId,
      ]),
    ).toEqual([
      [a, '5', 'up-1'],
      [b, null, undefined],
    ]);
    const read = await emu.call('GET', `/crm/v3/objects/subscriptions/${a}?properties=emu_text,emu_n`);
    expect(read.body.properties).toEqual({ emu_text: 'a', emu_n: '5' });
  });

  it('batch update: per-item 404 and 400 give 207 with the trace id in the context; duplicates are a 400', async () => {
    const a = await create('goal_targets', { emu_text: 'a' });
    const res = await emu.call('POST', '/crm/v3/objects/goal_targets/batch/update', {
      inputs: [
        { id: a, properties: { emu_text: 'ok' } },
        { id: '999999', properties: { emu_text: 'x' }, objectWriteTraceId: 'tr-404' },
        { id: 'k', idProperty: 'emu_key', properties: { emu_text: 'x' } },
        { id: a + '0', properties: { emu_n: 'NaN-ish' } },
      ],
    });
    expect(res.status).toBe(207);
    expect(res.body.results.map((r: any) => r.properties.emu_text)).toEqual(['ok']);
    expect(res.body.numErrors).toBe(3);
    expect(res.body.errors[0]).toMatchObject({
      category: 'OBJECT_NOT_FOUND',
      context: { id: ['999999'], ids: ['999999'], objectWriteTraceId: ['tr-404'] },
    });
    expect(res.body.errors[1]).toMatchObject({ category: 'OBJECT_NOT_FOUND', context: { ids: ['k'] } });
    expect(res.body.errors[2].category).toBe('OBJECT_NOT_FOUND');
    const dup = await emu.call('POST', '/crm/v3/objects/goal_targets/batch/update', {
      inputs: [
        { id: a, properties: {} },
        { id: a, properties: {} },
      ],
    });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe(`Duplicate IDs found in batch input: ${a}. Give each record once.`);
  });

  it('serves the odd path /crm/objects/v3/projects/batch/update and its generalisation', async () => {
    const a = await create('projects', { emu_text: 'p' });
    const res = await emu.call('POST', '/crm/objects/v3/projects/batch/update', {
      inputs: [{ id: a, properties: { emu_text: 'p2' } }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'COMPLETE',
      results: [{ id: a, properties: { emu_text: 'p2' } }],
    });
    const t = await create('tickets', { emu_text: 't' });
    const byId = await emu.call('POST', '/crm/objects/v3/0-5/batch/update', {
      inputs: [{ id: t, properties: { emu_text: 't2' } }],
    });
    expect(byId.body.results[0].properties.emu_text).toBe('t2');
  });

  it('batch upsert (goal_targets): creates with the idProperty value set, updates existing, `new` flags', async () => {
    const existing = await create('goal_targets', { emu_key: 'g-1', emu_text: 'old' });
    const res = await emu.call('POST', '/crm/v3/objects/goal_targets/batch/upsert', {
      inputs: [
        { id: 'g-1', idProperty: 'emu_key', properties: { emu_text: 'updated' }, objectWriteTraceId: 'u1' },
        { id: 'g-2', idProperty: 'emu_key', properties: { emu_text: 'created' } },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('COMPLETE');
    const [first, second] = res.body.results;
    expect(first).toMatchObject({
      id: existing,
      new: false,
      objectWriteTraceId: 'u1',
      properties: { emu_text: 'updated' },
    });
    expect(second).toMatchObject({ new: true, properties: { emu_key: 'g-2', emu_text: 'created' } });
    expect(second.id).not.toBe(existing);
    const again = await emu.call('POST', '/crm/v3/objects/goal_targets/batch/upsert', {
      inputs: [{ id: 'g-2', idProperty: 'emu_key', properties: { emu_n: '9' } }],
    });
    expect(again.body.results[0]).toMatchObject({ id: second.id, new: false, properties: { emu_n: '9' } });
  });

  it('batch upsert: item errors as 207 (bad value, no idProperty for an absent id, non-unique idProperty)', async () => {
    const res = await emu.call('POST', '/crm/v3/objects/goal_targets/batch/upsert', {
      inputs: [
        { id: 'g-3', idProperty: 'emu_key', properties: { emu_n: 'x' }, objectWriteTraceId: 'bad-value' },
        { id: '424242', properties: { emu_text: 'x' } },
        { id: 'z', idProperty: 'emu_text', properties: {} },
        { id: 'g-4', idProperty: 'emu_key', properties: {} },
      ],
    });
    expect(res.status).toBe(207);
    expect(res.body.results.map((r: any) => [r.properties.emu_key, r.new])).toEqual([['g-4', true]]);
    expect(res.body.errors.map((e: any) => [e.category, e.context])).toEqual([
      ['VALIDATION_ERROR', { ids: ['g-3'], objectWriteTraceId: ['bad-value'] }],
      ['OBJECT_NOT_FOUND', { ids: ['424242'] }],
      ['VALIDATION_ERROR', { ids: ['z'] }],
    ]);
    expect(res.body.errors[0].errors[0]).toMatchObject({ code: 'INVALID_INTEGER', in: 'emu_n' });
  });
});

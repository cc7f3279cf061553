import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type CrmClient } from '../../src/api/index.js';
import type { AssociatedRecord, AssociationSpec } from '../../src/wire/api.js';
import { startScriptedServer, type ScriptedServer } from './scripted-server.js';
import { startClientFixture, type ClientFixture } from './setup.js';

const UNLABELED: AssociationSpec = { associationCategory: 'PLATFORM_DEFINED', associationTypeId: 27 };

describe('client: v4 record associations against the emulator', () => {
  let f: ClientFixture;
  let billing: AssociationSpec;
  const record = async (objectType: string) =>
    (await f.client.records.create(objectType, { properties: {} })).id;
  const all = async (iterator: AsyncIterable<AssociatedRecord>) => {
    const items: AssociatedRecord[] = [];
    for await (const item of iterator) items.push(item);
    return items;
  };
  const callsTo = (suffix: string) => f.calls.filter((c) => c.path.endsWith(suffix));

  beforeAll(async () => {
    f = await startClientFixture();
    const [label] = await f.client.associations.createLabel('tickets', 'orders', {
      name: 'billing_order',
      label: 'Billing order',
    });
    billing = { associationCategory: 'USER_DEFINED', associationTypeId: label!.typeId };
  });
  afterAll(async () => {
    await f.close();
  });

  it('links, lists every page, and unlinks', async () => {
    const t = await record('tickets');
    const orders: string[] = [];
    for (let i = 0; i < 5; i++) orders.push(await record('orders'));
    const link = await f.client.recordAssociations.link('tickets', t, 'orders', orders[0]!, [billing]);
    expect(link).toEqual({
      fromObjectTypeId: '0-5',
      fromObjectId: t,
      toObjectTypeId: '0-123',
      toObjectId: orders[0],
      labels: ['Billing order'],
    });
    for (const o of orders.slice(1))
      await f.client.recordAssociations.link('0-5', t, '0-123', o, [UNLABELED]);

    const before = f.calls.length;
    const listed = await all(f.client.recordAssociations.list('tickets', t, 'orders', { limit: 2 }));
    expect(f.calls.length - before).toBe(3);
    expect(listed.map((r) => r.toObjectId)).toEqual(orders);
    expect(listed[0]!.associationTypes.map((a) => a.label)).toEqual([null, 'Billing order']);
    const back = await all(f.client.recordAssociations.list('orders', orders[0]!, 'tickets'));
    expect(back.map((r) => r.toObjectId)).toEqual([t]);

    await f.client.recordAssociations.unlink('orders', orders[0]!, 'tickets', t);
    await f.client.recordAssociations.unlink('orders', orders[0]!, 'tickets', t);
    expect(
      (await all(f.client.recordAssociations.list('tickets', t, 'orders'))).map((r) => r.toObjectId),
    ).toEqual(orders.slice(1));
    await expect(
      f.client.recordAssociations.link('tickets', t, 'orders', '99999999', [UNLABELED]),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });

  it('batch reads 2,500 ids in 3 calls of at most 1,000, pairing each missing id with its error', async () => {
    const [t1, t2, o] = [await record('tickets'), await record('tickets'), await record('orders')];
    await f.client.recordAssociations.link('tickets', t1, 'orders', o, [UNLABELED]);
    const missing = Array.from({ length: 2498 }, (_, i) => String(80_000_000 + i));
    const before = callsTo('/batch/read').length;
    const read = await f.client.recordAssociations.batchRead('tickets', 'orders', [t1, ...missing, t2]);
    expect(callsTo('/batch/read').length - before).toBe(3);
    expect(read.results).toEqual([
      {
        from: { id: t1 },
        to: [{ toObjectId: o, associationTypes: [expect.objectContaining({ typeId: 27 })] }],
      },
      { from: { id: t2 }, to: [] },
    ]);
    expect(read.errors).toHaveLength(2498);
    expect(read.errors.map((e) => e.input)).toEqual(missing);
    expect(read.errors[0]!.error).toMatchObject({ code: 'NOT_FOUND', category: 'OBJECT_NOT_FOUND' });
    expect(read.unmatched).toEqual([]);
  });

  it('batch creates in chunks of 100, pairing a failed item with its own input only', async () => {
    const t = await record('tickets');
    const orders: string[] = [];
    for (let i = 0; i < 3; i++) orders.push(await record('orders'));
    const inputs = Array.from({ length: 150 }, (_, i) => ({
      from: { id: t },
      to: { id: orders[i % 3]! },
      types: [billing],
    }));
    const bad = { from: { id: t }, to: { id: '99999999' }, types: [billing] };
    const before = callsTo('/batch/create').length;
    const created = await f.client.recordAssociations.batchCreate('tickets', 'orders', [...inputs, bad]);
    expect(callsTo('/batch/create').length - before).toBe(2);
    expect(created.results).toHaveLength(150);
    expect(created.results[0]!.labels).toEqual(['Billing order']);
    expect(created.errors).toEqual([{ input: bad, error: expect.objectContaining({ code: 'NOT_FOUND' }) }]);
    const read = await f.client.recordAssociations.batchRead('tickets', 'orders', [t]);
    expect(read.results[0]!.to.map((r) => r.toObjectId)).toEqual(orders);

    const archived = await f.client.recordAssociations.batchArchive('tickets', 'orders', [
      { from: { id: t }, to: orders.slice(0, 2).map((id) => ({ id })) },
    ]);
    expect(archived.errors).toEqual([]);
    const after = await f.client.recordAssociations.batchRead('tickets', 'orders', [t]);
    expect(after.results[0]!.to.map((r) => r.toObjectId)).toEqual([orders[2]]);
  });
});

describe('client: v4 record associations on the wire', () => {
  let server: ScriptedServer;
  let client: CrmClient;
  afterEach(async () => {
    await client?.close();
    await server?.close();
  });

  it('retries a link and a batch create whose connection dropped (both idempotent); encodes segments', async () => {
    server = await startScriptedServer();
    client = createClient({ baseUrl: server.url, token: 'tok', retry: { baseDelayMs: 5, maxDelayMs: 20 } });
    const answer = { fromObjectTypeId: '0-5', fromObjectId: 'a/b', toObjectTypeId: '0-123', toObjectId: '2' };
    server.script({ drop: true }, { status: 200, body: { ...answer, labels: [] } });
    await expect(
      client.recordAssociations.link('tickets', 'a/b', 'orders', '2', [UNLABELED]),
    ).resolves.toEqual({
      ...answer,
      labels: [],
    });
    const batch = { status: 'COMPLETE', results: [], startedAt: '', completedAt: '' };
    server.script({ drop: true }, { status: 201, body: batch });
    await client.recordAssociations.batchCreate('tickets', 'orders', [
      { from: { id: '1' }, to: { id: '2' }, types: [UNLABELED] },
    ]);
    expect(server.seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      'PUT /crm/v4/objects/tickets/a%2Fb/associations/orders/2',
      'PUT /crm/v4/objects/tickets/a%2Fb/associations/orders/2',
      'POST /crm/v4/associations/tickets/orders/batch/create',
      'POST /crm/v4/associations/tickets/orders/batch/create',
    ]);
    expect(JSON.parse(server.seen[0]!.body)).toEqual([UNLABELED]);
  });
});

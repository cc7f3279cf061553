import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStateFile } from '../../src/emulator/persistence.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import {
  linkHelpers,
  ORDERS_TO_TICKETS,
  spec,
  TICKETS_TO_ORDERS,
  unlabeled,
  type LinkHelpers,
} from '../helpers/record-links.js';

const BATCH = '/crm/v4/associations/tickets/orders/batch';

describe('v4 record association batches, scopes (beyond the spec)', () => {
  let emu: TestEmulator;
  let h: LinkHelpers;
  let billing: [number, number];
  beforeAll(async () => {
    emu = await startTestEmulator({
      tokens: ['test-token', 'reader:crm.objects.tickets.read', 'orders:crm.objects.orders.*'],
    });
    h = linkHelpers(emu);
    billing = await h.label('tickets', 'orders', 'billing_order', 'Billing order');
  });
  afterAll(async () => {
    await emu.close();
  });

  it('batch read: grouped results, to: [] without links, an error item (207) per missing record', async () => {
    const [t1, t2] = [await h.record('tickets'), await h.record('tickets')];
    const [o1, o2] = [await h.record('orders'), await h.record('orders')];
    await h.put('tickets', t1, 'orders', o2, billing[0]);
    await h.put('tickets', t1, 'orders', o1, TICKETS_TO_ORDERS);
    const inputs = [{ id: t1 }, { id: t2 }, { id: '99999999' }, { id: t1 }];
    const res = await emu.call('POST', `${BATCH}/read`, { inputs });
    expect(res.status).toBe(207);
    expect(res.body).toMatchObject({ status: 'COMPLETE', numErrors: 1 });
    expect(res.body.startedAt).toMatch(/^\d{4}-/);
    expect(res.body.completedAt).toMatch(/^\d{4}-/);
    expect(res.body.results).toEqual([
      {
        from: { id: t1 },
        to: [
          { toObjectId: o1, associationTypes: [unlabeled(TICKETS_TO_ORDERS)] },
          {
            toObjectId: o2,
            associationTypes: [
              unlabeled(TICKETS_TO_ORDERS),
              { category: 'USER_DEFINED', typeId: billing[0], label: 'Billing order' },
            ],
          },
        ],
      },
      { from: { id: t2 }, to: [] },
    ]);
    expect(res.body.errors[0]).toMatchObject({
      status: 'error',
      category: 'OBJECT_NOT_FOUND',
      context: { ids: ['99999999'] },
    });
    const ok = await emu.call('POST', '/crm/v4/associations/0-123/0-5/batch/read', { inputs: [{ id: o1 }] });
    expect(ok.status).toBe(200);
    expect(ok.body.results[0].to).toEqual([
      { toObjectId: t1, associationTypes: [unlabeled(ORDERS_TO_TICKETS)] },
    ]);
  });

  it('batch read takes at most 1,000 inputs', async () => {
    const ids = (n: number) => ({
      inputs: Array.from({ length: n }, (_, i) => ({ id: String(90_000_000 + i) })),
    });
    const full = await emu.call('POST', `${BATCH}/read`, ids(1000));
    expect(full.status).toBe(207);
    expect(full.body.numErrors).toBe(1000);
    const over = await emu.call('POST', `${BATCH}/read`, ids(1001));
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('Too many inputs: 1001 given, at most 1000 per batch; split the batch.');
    expect((await emu.call('POST', `${BATCH}/read`, { inputs: [] })).status).toBe(400);
  });

  it('batch create: 201 with one link answer per input; failed items alone (207)', async () => {
    const [t1, t2] = [await h.record('tickets'), await h.record('tickets')];
    const o = await h.record('orders');
    const input = (from: string, to: string, typeId: number) => ({
      from: { id: from },
      to: { id: to },
      types: [spec(typeId)],
    });
    const res = await emu.call('POST', `${BATCH}/create`, {
      inputs: [input(t1, o, billing[0]), input(t1, '99999999', billing[0]), input(t2, o, ORDERS_TO_TICKETS)],
    });
    expect(res.status).toBe(207);
    expect(res.body.results).toEqual([
      {
        fromObjectTypeId: '0-5',
        fromObjectId: t1,
        toObjectTypeId: '0-123',
        toObjectId: o,
        labels: ['Billing order'],
      },
    ]);
    expect(h.between(t1, o)).toHaveLength(4);
    expect(res.body.errors.map((e: any) => [e.category, e.context])).toEqual([
      ['OBJECT_NOT_FOUND', { id: ['99999999'], fromId: [t1], toId: ['99999999'] }],
      ['VALIDATION_ERROR', { fromId: [t2], toId: [o] }],
    ]);
    expect(h.between(t2, o)).toEqual([]);
    const ok = await emu.call('POST', `${BATCH}/create`, { inputs: [input(t2, o, TICKETS_TO_ORDERS)] });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ status: 'COMPLETE', results: [{ fromObjectId: t2, labels: [] }] });
    const tooMany = Array.from({ length: 101 }, () => input(t2, o, TICKETS_TO_ORDERS));
    expect((await emu.call('POST', `${BATCH}/create`, { inputs: tooMany })).status).toBe(400);
  });

  it('batch archive removes every association between each pair, both directions; 204', async () => {
    const [t1, t2] = [await h.record('tickets'), await h.record('tickets')];
    const [o1, o2] = [await h.record('orders'), await h.record('orders')];
    await h.put('tickets', t1, 'orders', o1, billing[0]);
    await h.put('tickets', t1, 'orders', o2, TICKETS_TO_ORDERS);
    await h.put('tickets', t2, 'orders', o1, TICKETS_TO_ORDERS);
    const res = await emu.call('POST', `${BATCH}/archive`, {
      inputs: [{ from: { id: t1 }, to: [{ id: o1 }, { id: o2 }, { id: '99999999' }] }],
    });
    expect(res.status).toBe(204);
    expect([...h.between(t1, o1), ...h.between(t1, o2)]).toEqual([]);
    expect(h.between(t2, o1)).toHaveLength(2);
    const bad = await emu.call('POST', `${BATCH}/archive`, {
      inputs: [{ from: { id: t2 }, to: { id: o1 } }],
    });
    expect(bad.status).toBe(400);
    expect(h.between(t2, o1)).toHaveLength(2);
  });

  it('needs the records scope of the from object type (403 with missingScopes)', async () => {
    const [t, o] = [await h.record('tickets'), await h.record('orders')];
    const path = `/crm/v4/objects/tickets/${t}/associations/orders`;
    expect((await emu.call('GET', path, undefined, 'reader')).status).toBe(200);
    const denied = await emu.call('PUT', `${path}/${o}`, [spec(TICKETS_TO_ORDERS)], 'reader');
    expect(denied.status).toBe(403);
    expect(denied.body.errors[0].context.missingScopes).toEqual(['crm.objects.tickets.write']);
    expect((await emu.call('DELETE', `${path}/${o}`, undefined, 'reader')).status).toBe(403);
    const other = await emu.call('GET', path, undefined, 'orders');
    expect(other.body.errors[0].context.missingScopes).toEqual(['crm.objects.tickets.read']);
    expect((await emu.call('POST', `${BATCH}/read`, { inputs: [{ id: t }] }, 'reader')).status).toBe(200);
    const create = await emu.call('POST', `${BATCH}/create`, { inputs: [] }, 'reader');
    expect(create.body.errors[0].context.missingScopes).toEqual(['crm.objects.tickets.write']);
    const archive = await emu.call('POST', `${BATCH}/archive`, { inputs: [] }, 'orders');
    expect(archive.body.errors[0].context.missingScopes).toEqual(['crm.objects.tickets.write']);
    // only the from side's scope: orders -> tickets needs the orders scopes
    const back = `/crm/v4/objects/orders/${o}/associations/tickets/${t}`;
    expect((await emu.call('PUT', back, [spec(ORDERS_TO_TICKETS)], 'orders')).status).toBe(200);
  });
});

describe('v4 record associations with a data file', () => {
  it('saves a link before answering, and keeps it across a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'crm-emu-links-'));
    const dataFile = join(dir, 'state.json');
    const saved = async () => (await readStateFile(dataFile))!.recordAssociations;
    try {
      const first = await startTestEmulator({ dataFile });
      const h = linkHelpers(first);
      const [t, o] = [await h.record('tickets'), await h.record('orders')];
      expect((await h.put('tickets', t, 'orders', o, TICKETS_TO_ORDERS)).status).toBe(200);
      expect(await saved()).toHaveLength(2);
      await first.close();
      const second = await startTestEmulator({ dataFile });
      try {
        const read = await second.call('GET', `/crm/v4/objects/orders/${o}/associations/tickets`);
        expect(read.body.results).toEqual([
          { toObjectId: t, associationTypes: [unlabeled(ORDERS_TO_TICKETS)] },
        ]);
        const path = `/crm/v4/associations/orders/tickets/batch/archive`;
        expect(
          (await second.call('POST', path, { inputs: [{ from: { id: o }, to: [{ id: t }] }] })).status,
        ).toBe(204);
        expect(await saved()).toEqual([]);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

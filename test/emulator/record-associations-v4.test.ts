import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import {
  linkHelpers,
  ORDERS_TO_TICKETS,
  spec,
  TICKETS_TO_ORDERS,
  unlabeled,
  type LinkHelpers,
} from '../helpers/record-links.js';

describe('v4 record associations: link, read, unlink (beyond the spec)', () => {
  let emu: TestEmulator;
  let h: LinkHelpers;
  let billing: [number, number];
  beforeAll(async () => {
    emu = await startTestEmulator();
    h = linkHelpers(emu);
    billing = await h.label('tickets', 'orders', 'billing_order', 'Billing order', 'Billed ticket');
  });
  afterAll(async () => {
    await emu.close();
  });
  const get = (path: string) => emu.call('GET', path);

  it('links with a label, adds the unlabeled type, and reads both directions (v3 reads too)', async () => {
    const [t, o] = [await h.record('tickets'), await h.record('orders')];
    const res = await h.put('tickets', t, 'orders', o, billing[0]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      fromObjectTypeId: '0-5',
      fromObjectId: t,
      toObjectTypeId: '0-123',
      toObjectId: o,
      labels: ['Billing order'],
    });
    const stored = [
      `${o}->${t}:${billing[1]}`,
      `${o}->${t}:${ORDERS_TO_TICKETS}`,
      `${t}->${o}:${billing[0]}`,
      `${t}->${o}:${TICKETS_TO_ORDERS}`,
    ].sort();
    expect(h.between(t, o)).toEqual(stored);
    expect((await get(`/crm/v4/objects/tickets/${t}/associations/orders`)).body).toEqual({
      results: [
        {
          toObjectId: o,
          associationTypes: [
            unlabeled(TICKETS_TO_ORDERS),
            { category: 'USER_DEFINED', typeId: billing[0], label: 'Billing order' },
          ],
        },
      ],
    });
    const back = await get(`/crm/v4/objects/0-123/${o}/associations/0-5`);
    expect(back.body.results).toEqual([
      {
        toObjectId: t,
        associationTypes: [
          unlabeled(ORDERS_TO_TICKETS),
          { category: 'USER_DEFINED', typeId: billing[1], label: 'Billed ticket' },
        ],
      },
    ]);
    // a repeat stores nothing twice
    expect((await h.put('tickets', t, 'orders', o, billing[0])).body).toEqual(res.body);
    expect(h.between(t, o)).toEqual(stored);
    const v3 = await get(`/crm/v3/objects/tickets/${t}?associations=orders`);
    expect(v3.body.associations.orders.results).toEqual([
      { id: o, type: 'ticket_to_order' },
      { id: o, type: 'billing_order' },
    ]);
  });

  it('takes the type from its id (any category) and answers labels [] for an unlabeled link', async () => {
    const [t, o] = [await h.record('tickets'), await h.record('orders')];
    const res = await emu.call('PUT', `/crm/v4/objects/tickets/${t}/associations/orders/${o}`, [
      spec(TICKETS_TO_ORDERS, 'HUBSPOT_DEFINED'),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.labels).toEqual([]);
    expect(h.between(t, o)).toHaveLength(2);
  });

  it('refuses missing or archived records (404) and bad bodies or types (400), storing nothing', async () => {
    const [t, o, gone] = [await h.record('tickets'), await h.record('orders'), await h.record('orders')];
    await emu.call('DELETE', `/crm/v3/objects/orders/${gone}`);
    const before = emu.state.recordAssociations.length;
    for (const [from, to] of [
      [t, '99999999'],
      ['99999999', o],
      [t, gone],
    ] as const) {
      const res = await h.put('tickets', from, 'orders', to, TICKETS_TO_ORDERS);
      expect(res.status).toBe(404);
      expect(res.body.category).toBe('OBJECT_NOT_FOUND');
    }
    const wrongWay = await h.put('tickets', t, 'orders', o, ORDERS_TO_TICKETS);
    expect(wrongWay.status).toBe(400);
    expect(wrongWay.body.message).toBe(
      `types[0]: association type ${ORDERS_TO_TICKETS} is not a type from tickets to orders; list them with GET /crm/v4/associations/tickets/orders/labels.`,
    );
    const path = `/crm/v4/objects/tickets/${t}/associations/orders/${o}`;
    for (const body of [{}, [], [{ associationTypeId: '27' }], [null]]) {
      const res = await emu.call('PUT', path, body);
      expect(res.status).toBe(400);
      expect(res.body.category).toBe('VALIDATION_ERROR');
    }
    expect((await emu.call('PUT', `/crm/v4/objects/tickets/${t}/associations/widgets/${o}`, [])).status).toBe(
      400,
    );
    expect(emu.state.recordAssociations).toHaveLength(before);
  });

  it('enforces maxToObjectIds in both directions, counting an existing link once', async () => {
    const main = await h.label('tickets', 'orders', 'main_order', 'Main order', 'Main ticket');
    const limits = '/crm/v4/associations/definitions/configurations';
    const set = async (from: string, to: string, typeId: number, maxToObjectIds: number) => {
      expect(
        (
          await emu.call('POST', `${limits}/${from}/${to}/batch/create`, {
            inputs: [{ category: 'USER_DEFINED', typeId, maxToObjectIds }],
          })
        ).status,
      ).toBe(201);
    };
    await set('tickets', 'orders', main[0], 1);
    await set('orders', 'tickets', main[1], 2);
    const [t1, t2, t3] = [await h.record('tickets'), await h.record('tickets'), await h.record('tickets')];
    const [o1, o2] = [await h.record('orders'), await h.record('orders')];
    expect((await h.put('tickets', t1, 'orders', o1, main[0])).status).toBe(200);
    expect((await h.put('tickets', t1, 'orders', o1, main[0])).status).toBe(200);
    const forward = await h.put('tickets', t1, 'orders', o2, main[0]);
    expect(forward.status).toBe(400);
    expect(forward.body.message).toBe(
      `Association limit exceeded: association type ${main[0]} (tickets to orders) allows at most 1 orders records per tickets record; this write would make 2.`,
    );
    expect(forward.body.errors[0].code).toBe('ASSOCIATION_LIMIT_EXCEEDED');
    expect(h.between(t1, o2)).toEqual([]);
    expect((await h.put('tickets', t2, 'orders', o1, main[0])).status).toBe(200);
    const inverse = await h.put('tickets', t3, 'orders', o1, main[0]);
    expect(inverse.status).toBe(400);
    expect(inverse.body.message).toContain(
      `allows at most 2 tickets records per orders record; this write would make 3. (record ${o1})`,
    );
  });

  it('DELETE removes every association between the two records, both directions; 204 also when none', async () => {
    const [t, o, other] = [await h.record('tickets'), await h.record('orders'), await h.record('orders')];
    await h.put('tickets', t, 'orders', o, billing[0]);
    await h.put('tickets', t, 'orders', other, TICKETS_TO_ORDERS);
    const path = `/crm/v4/objects/orders/${o}/associations/tickets/${t}`;
    expect((await emu.call('DELETE', path)).status).toBe(204);
    expect(h.between(t, o)).toEqual([]);
    expect(h.between(t, other)).toHaveLength(2);
    expect((await emu.call('DELETE', path)).status).toBe(204);
    const left = await get(`/crm/v4/objects/tickets/${t}/associations/orders`);
    expect(left.body.results.map((r: any) => r.toObjectId)).toEqual([other]);
  });

  it('GET pages by limit and after, in record id order, hiding archived records', async () => {
    const t = await h.record('tickets');
    const orders: string[] = [];
    for (let i = 0; i < 5; i++) orders.push(await h.record('orders'));
    for (const o of [...orders].reverse()) await h.put('tickets', t, 'orders', o, TICKETS_TO_ORDERS);
    await emu.call('DELETE', `/crm/v3/objects/orders/${orders[2]}`);
    const seen: string[] = [];
    let next = `/crm/v4/objects/tickets/${t}/associations/orders?limit=2`;
    for (let pages = 0; pages < 5; pages++) {
      const res = await get(next);
      expect(res.status).toBe(200);
      seen.push(...res.body.results.map((r: any) => r.toObjectId));
      if (!res.body.paging) break;
      expect(res.body.paging.next.link).toBe(`?after=${res.body.paging.next.after}&limit=2`);
      next = `/crm/v4/objects/tickets/${t}/associations/orders${res.body.paging.next.link}`;
    }
    expect(seen).toEqual([orders[0], orders[1], orders[3], orders[4]]);
    for (const query of ['limit=0', 'limit=501', 'after=x'])
      expect((await get(`/crm/v4/objects/tickets/${t}/associations/orders?${query}`)).status).toBe(400);
    expect((await get('/crm/v4/objects/tickets/99999999/associations/orders')).status).toBe(404);
  });

  it('deleting a label removes it from the v4 reads; the unlabeled link stays', async () => {
    const temp = await h.label('tickets', 'orders', 'temp_order', 'Temp order');
    const [t, o] = [await h.record('tickets'), await h.record('orders')];
    expect((await h.put('tickets', t, 'orders', o, temp[0])).body.labels).toEqual(['Temp order']);
    const deleted = await emu.call('DELETE', `/crm/v4/associations/tickets/orders/labels/${temp[0]}`);
    expect(deleted.status).toBe(204);
    const read = await get(`/crm/v4/objects/tickets/${t}/associations/orders`);
    expect(read.body.results).toEqual([{ toObjectId: o, associationTypes: [unlabeled(TICKETS_TO_ORDERS)] }]);
    const batch = await emu.call('POST', '/crm/v4/associations/orders/tickets/batch/read', {
      inputs: [{ id: o }],
    });
    expect(batch.body.results[0].to).toEqual([
      { toObjectId: t, associationTypes: [unlabeled(ORDERS_TO_TICKETS)] },
    ]);
  });
});

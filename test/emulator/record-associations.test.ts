import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssociationTypeState } from '../../src/emulator/state/model.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { seedAssociationPair } from '../helpers/seed-association-types.js';
import { seedProperties } from '../helpers/seed-properties.js';

describe('record associations: on create, on reads, limits, and the label batch archive', () => {
  let emu: TestEmulator;
  let plain: [AssociationTypeState, AssociationTypeState];
  let labeled: [AssociationTypeState, AssociationTypeState];
  let limited: [AssociationTypeState, AssociationTypeState];

  beforeAll(async () => {
    emu = await startTestEmulator();
    seedProperties(emu.state, '0-5', [{ name: 'subject', type: 'string' }]);
    plain = seedAssociationPair(emu.state, { from: '0-5', to: '0-123' });
    labeled = seedAssociationPair(emu.state, {
      from: '0-5',
      to: '0-123',
      label: 'Billing order',
      name: 'billing_order',
    });
    limited = seedAssociationPair(emu.state, {
      from: '0-5',
      to: '0-7',
      label: 'Main product',
      maxToObjectIds: 1,
      inverseMaxToObjectIds: 2,
    });
  });
  afterAll(async () => {
    await emu.close();
  });

  const link = (id: string, ...types: AssociationTypeState[]) => ({
    to: { id },
    types: types.map((t) => ({ associationCategory: t.category, associationTypeId: t.typeId })),
  });
  async function create(objectType: string, body: unknown): Promise<string> {
    const res = await emu.call('POST', `/crm/v3/objects/${objectType}`, body);
    expect(res.status).toBe(201);
    return res.body.id;
  }
  const between = (a: string, b: string) =>
    emu.state.recordAssociations
      .filter((e) => (e.fromId === a && e.toId === b) || (e.fromId === b && e.toId === a))
      .map((e) => `${e.fromId}->${e.toId}:${e.typeId}`)
      .sort();

  it('stores associations given on create in both directions and returns them on reads', async () => {
    const order = await create('orders', { properties: {} });
    const ticket = await create('tickets', {
      properties: { subject: 'linked' },
      associations: [link(order, plain[0], labeled[0])],
    });
    expect(between(ticket, order)).toEqual(
      [
        `${order}->${ticket}:${labeled[1].typeId}`,
        `${order}->${ticket}:${plain[1].typeId}`,
        `${ticket}->${order}:${labeled[0].typeId}`,
        `${ticket}->${order}:${plain[0].typeId}`,
      ].sort(),
    );
    const read = await emu.call('GET', `/crm/v3/objects/tickets/${ticket}?associations=orders,no_such_type`);
    expect(read.body.associations).toEqual({
      orders: {
        results: [
          { id: order, type: 'ticket_to_order' },
          { id: order, type: 'billing_order' },
        ],
      },
    });
    const back = await emu.call('GET', `/crm/v3/objects/0-123/${order}?associations=0-5`);
    expect(back.body.associations).toEqual({
      tickets: {
        results: [
          { id: ticket, type: 'order_to_ticket' },
          { id: ticket, type: 'billing_order_inverse' },
        ],
      },
    });
    const none = await emu.call('GET', `/crm/v3/objects/tickets/${ticket}`);
    expect(none.body).not.toHaveProperty('associations');
    const list = await emu.call('GET', `/crm/v3/objects/orders?associations=tickets&limit=100`);
    const listed = list.body.results.find((r: any) => r.id === order);
    expect(listed.associations.tickets.results.map((r: any) => r.id)).toEqual([ticket, ticket]);
  });

  it('takes the type from its id: any category string is accepted, the type category is stored', async () => {
    const order = await create('orders', { properties: {} });
    const ticket = await create('tickets', {
      properties: {},
      associations: [
        {
          to: { id: order },
          types: [{ associationCategory: 'VENDOR_DEFINED', associationTypeId: plain[0].typeId }],
        },
      ],
    });
    const stored = emu.state.recordAssociations.filter((e) => e.fromId === ticket);
    expect(stored.map((e) => [e.toId, e.typeId, e.category])).toEqual([
      [order, plain[0].typeId, 'PLATFORM_DEFINED'],
    ]);
  });

  it('hides associations to archived records', async () => {
    const order = await create('orders', { properties: {} });
    const ticket = await create('tickets', { properties: {}, associations: [link(order, plain[0])] });
    await emu.call('DELETE', `/crm/v3/objects/orders/${order}`);
    const read = await emu.call('GET', `/crm/v3/objects/tickets/${ticket}?associations=orders`);
    expect(read.body).not.toHaveProperty('associations');
  });

  it('refuses a missing target and a type from another object type, creating nothing', async () => {
    const before = emu.state.counters.record;
    const missing = await emu.call('POST', '/crm/v3/objects/tickets', {
      properties: {},
      associations: [link('987654321', plain[0])],
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(
      'Invalid associations: the orders record 987654321 to associate with does not exist.',
    );
    expect(missing.body.errors[0]).toMatchObject({
      code: 'INVALID_ASSOCIATION',
      in: 'associations[0].to.id',
    });
    const order = await create('orders', { properties: {} });
    const wrongSide = await emu.call('POST', '/crm/v3/objects/tickets', {
      properties: {},
      associations: [link(order, plain[1])],
    });
    expect(wrongSide.status).toBe(400);
    expect(wrongSide.body.message).toBe(
      `Invalid associations: association type ${plain[1].typeId} does not lead from tickets; list the valid types with GET /crm/v4/associations/tickets/{toObjectType}/labels.`,
    );
    expect(emu.state.counters.record).toBe(before + 1);
  });

  it('enforces maxToObjectIds of the type and of its inverse', async () => {
    const p1 = await create('products', { properties: {} });
    const p2 = await create('products', { properties: {} });
    const tooMany = await emu.call('POST', '/crm/v3/objects/tickets', {
      properties: {},
      associations: [link(p1, limited[0]), link(p2, limited[0])],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.category).toBe('VALIDATION_ERROR');
    expect(tooMany.body.message).toBe(
      `Association limit exceeded: association type ${limited[0].typeId} (tickets to products) allows at most 1 products records per tickets record; this write would make 2.`,
    );
    expect(tooMany.body.errors[0].code).toBe('ASSOCIATION_LIMIT_EXCEEDED');
    await create('tickets', { properties: {}, associations: [link(p1, limited[0])] });
    await create('tickets', { properties: {}, associations: [link(p1, limited[0])] });
    const third = await emu.call('POST', '/crm/v3/objects/tickets', {
      properties: {},
      associations: [link(p1, limited[0])],
    });
    expect(third.status).toBe(400);
    expect(third.body.message).toContain(
      `allows at most 2 tickets records per products record; this write would make 3.`,
    );
    expect(third.body.message).toContain(`(record ${p1})`);
  });

  it('batch create with associations: a bad item fails alone (207)', async () => {
    const order = await create('orders', { properties: {} });
    const res = await emu.call('POST', '/crm/v3/objects/tickets/batch/create', {
      inputs: [
        { properties: {}, associations: [link(order, plain[0])] },
        { properties: {}, associations: [link('55555555', plain[0])], objectWriteTraceId: 'assoc-bad' },
      ],
    });
    expect(res.status).toBe(207);
    expect(res.body.results).toHaveLength(1);
    expect(between(res.body.results[0].id, order)).toHaveLength(2);
    expect(res.body.errors[0]).toMatchObject({
      category: 'VALIDATION_ERROR',
      context: { objectWriteTraceId: ['assoc-bad'] },
    });
  });

  it('archiving a labeled type removes only it (both directions); the unlabeled type removes all', async () => {
    const order = await create('orders', { properties: {} });
    const ticket = await create('tickets', {
      properties: {},
      associations: [link(order, plain[0], labeled[0])],
    });
    const other = await create('orders', { properties: {} });
    const ticket2 = await create('tickets', {
      properties: {},
      associations: [link(other, plain[0], labeled[0])],
    });
    const path = '/crm/v4/associations/tickets/orders/batch/labels/archive';
    const first = await emu.call('POST', path, {
      inputs: [
        {
          from: { id: ticket },
          to: { id: order },
          types: [{ associationCategory: 'USER_DEFINED', associationTypeId: labeled[0].typeId }],
        },
      ],
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'COMPLETE', results: [{}] });
    expect(first.body.startedAt).toMatch(/^\d{4}-/);
    expect(first.body.completedAt).toMatch(/^\d{4}-/);
    expect(between(ticket, order)).toEqual(
      [`${order}->${ticket}:${plain[1].typeId}`, `${ticket}->${order}:${plain[0].typeId}`].sort(),
    );
    // the other pair is untouched
    expect(between(ticket2, other)).toHaveLength(4);
    const second = await emu.call('POST', '/crm/v4/associations/0-5/0-123/batch/labels/archive', {
      inputs: [
        {
          from: { id: ticket2 },
          to: { id: other },
          types: [{ associationCategory: 'PLATFORM_DEFINED', associationTypeId: plain[0].typeId }],
        },
      ],
    });
    expect(second.status).toBe(200);
    expect(between(ticket2, other)).toEqual([]);
    const read = await emu.call('GET', `/crm/v3/objects/tickets/${ticket2}?associations=orders`);
    expect(read.body).not.toHaveProperty('associations');
  });

  it('an unknown type fails its item (207), an empty inputs array is a 400', async () => {
    const res = await emu.call('POST', '/crm/v4/associations/tickets/orders/batch/labels/archive', {
      inputs: [
        {
          from: { id: '1' },
          to: { id: '2' },
          types: [{ associationCategory: 'PLATFORM_DEFINED', associationTypeId: plain[0].typeId }],
        },
        {
          from: { id: '3' },
          to: { id: '4' },
          types: [{ associationCategory: 'USER_DEFINED', associationTypeId: limited[0].typeId }],
        },
      ],
    });
    expect(res.status).toBe(207);
    expect(res.body.results).toEqual([{}]);
    expect(res.body.numErrors).toBe(1);
    expect(res.body.errors[0]).toMatchObject({
      category: 'VALIDATION_ERROR',
      message: `inputs[1].types[0]: association type ${limited[0].typeId} is not a type from tickets to orders; list them with GET /crm/v4/associations/tickets/orders/labels.`,
      context: { ids: ['3'] },
    });
    const empty = await emu.call('POST', '/crm/v4/associations/tickets/orders/batch/labels/archive', {
      inputs: [],
    });
    expect(empty.status).toBe(400);
  });
});

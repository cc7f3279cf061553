import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClientFixture, type ClientFixture } from './setup.js';

describe('client: association labels and limits', () => {
  let f: ClientFixture;
  beforeAll(async () => {
    f = await startClientFixture();
  });
  afterAll(async () => {
    await f.close();
  });

  it('lists, creates, renames and deletes labels (beyond the spec)', async () => {
    const before = await f.client.associations.listLabels('tickets', 'orders');
    expect(before).toContainEqual(
      expect.objectContaining({ typeId: 27, label: null, category: 'PLATFORM_DEFINED' }),
    );

    const created = await f.client.associations.createLabel('tickets', 'orders', {
      name: 'primary_order',
      label: 'Primary order',
      inverseLabel: 'Primary ticket',
    });
    expect(created.length).toBeGreaterThanOrEqual(1);
    const mine = created.find((l) => l.label === 'Primary order')!;
    expect(mine.category).toBe('USER_DEFINED');
    expect(typeof mine.typeId).toBe('number');

    await f.client.associations.updateLabel('tickets', 'orders', {
      associationTypeId: mine.typeId,
      label: 'Main order',
    });
    const renamed = await f.client.associations.listLabels('tickets', 'orders');
    expect(renamed).toContainEqual(expect.objectContaining({ typeId: mine.typeId, label: 'Main order' }));

    await f.client.associations.deleteLabel('tickets', 'orders', mine.typeId);
    const after = await f.client.associations.listLabels('tickets', 'orders');
    expect(after.map((l) => l.typeId)).not.toContain(mine.typeId);
    await expect(f.client.associations.deleteLabel('tickets', 'orders', mine.typeId)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('batch archives labels on record associations', async () => {
    const order = await f.client.records.create('orders', { properties: { hs_order_name: 'o-1' } });
    const ticket = await f.client.records.create('tickets', {
      properties: { subject: 'linked' },
      associations: [
        { to: { id: order.id }, types: [{ associationCategory: 'PLATFORM_DEFINED', associationTypeId: 27 }] },
      ],
    });
    const linked = await f.client.records.get('tickets', ticket.id, { associations: ['orders'] });
    expect(linked.associations?.orders?.results.map((a) => a.id)).toEqual([order.id]);

    const archived = await f.client.associations.archiveLabels('tickets', 'orders', [
      {
        from: { id: ticket.id },
        to: { id: order.id },
        types: [{ associationCategory: 'PLATFORM_DEFINED', associationTypeId: 27 }],
      },
    ]);
    expect(archived.errors).toEqual([]);
    const unlinked = await f.client.records.get('tickets', ticket.id, { associations: ['orders'] });
    expect(unlinked.associations?.orders?.results ?? []).toEqual([]);
  });

  it('reads, creates, updates and purges association limits', async () => {
    const initial = await f.client.limits.get('tickets', 'orders');
    expect(initial).toContainEqual(expect.objectContaining({ typeId: 27, category: 'PLATFORM_DEFINED' }));
    expect(initial.find((c) => c.typeId === 27)?.userEnforcedMaxToObjectIds).toBeUndefined();

    const created = await f.client.limits.batchCreate('tickets', 'orders', [
      { category: 'PLATFORM_DEFINED', typeId: 27, maxToObjectIds: 5 },
    ]);
    expect(created.errors).toEqual([]);
    expect(
      (await f.client.limits.get('tickets', 'orders')).find((c) => c.typeId === 27)
        ?.userEnforcedMaxToObjectIds,
    ).toBe(5);

    const updated = await f.client.limits.batchUpdate('tickets', 'orders', [
      { category: 'PLATFORM_DEFINED', typeId: 27, maxToObjectIds: 2 },
    ]);
    expect(updated.errors).toEqual([]);
    const all = await f.client.limits.getAll();
    expect(all).toContainEqual(expect.objectContaining({ typeId: 27, userEnforcedMaxToObjectIds: 2 }));

    const purged = await f.client.limits.batchPurge('tickets', 'orders', [
      { category: 'PLATFORM_DEFINED', typeId: 27 },
    ]);
    expect(purged).toEqual({ results: [], errors: [], unmatched: [] });
    expect(
      (await f.client.limits.get('tickets', 'orders')).find((c) => c.typeId === 27)
        ?.userEnforcedMaxToObjectIds,
    ).toBeUndefined();
  });

  it('maps a 207 limit error to its input by typeId', async () => {
    await f.client.limits.batchCreate('tickets', 'orders', [
      { category: 'PLATFORM_DEFINED', typeId: 27, maxToObjectIds: 9 },
    ]);
    const result = await f.client.limits.batchUpdate('tickets', 'orders', [
      { category: 'PLATFORM_DEFINED', typeId: 27, maxToObjectIds: 3 },
      { category: 'USER_DEFINED', typeId: 987654, maxToObjectIds: 3 },
    ]);
    expect(result.unmatched).toEqual([]);
    expect(result.errors.map((e) => e.input.typeId)).toEqual([987654]);
    expect(result.errors[0]!.error.code).toMatch(/NOT_FOUND|VALIDATION/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClientFixture, type ClientFixture } from './setup.js';

describe('client: records and search', () => {
  let f: ClientFixture;
  beforeAll(async () => {
    f = await startClientFixture();
  });
  afterAll(async () => {
    await f.close();
  });

  it('creates, reads, updates and archives one record', async () => {
    const created = await f.client.records.create('tickets', { properties: { subject: 'Printer on fire' } });
    expect(created).toMatchObject({ archived: false, properties: { subject: 'Printer on fire' } });
    expect(created.id).toMatch(/^\d+$/);

    const read = await f.client.records.get('tickets', created.id, {
      properties: ['subject', 'no_such_prop'],
    });
    expect(read.id).toBe(created.id);
    expect(read.properties.subject).toBe('Printer on fire');

    const updated = await f.client.records.update('tickets', created.id, { subject: 'Printer fixed' });
    expect(updated.properties.subject).toBe('Printer fixed');

    await f.client.records.archive('tickets', created.id);
    await expect(f.client.records.get('tickets', created.id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
    });
    const archived = await f.client.records.get('tickets', created.id, { archived: true });
    expect(archived.archived).toBe(true);
  });

  it('lists one page and iterates every page with listAll', async () => {
    const made = await f.client.records.batchCreate(
      'products',
      Array.from({ length: 25 }, (_, i) => ({ properties: { name: `p${i}` } })),
    );
    expect(made.errors).toEqual([]);
    expect(made.results).toHaveLength(25);

    const page = await f.client.records.list('products', { limit: 10, properties: ['name'] });
    expect(page.results).toHaveLength(10);
    expect(typeof page.paging?.next?.after).toBe('string');

    const before = f.calls.length;
    const names: string[] = [];
    for await (const record of f.client.records.listAll('products', { limit: 10, properties: ['name'] })) {
      names.push(record.properties.name!);
    }
    expect(names.sort()).toEqual(Array.from({ length: 25 }, (_, i) => `p${i}`).sort());
    expect(f.calls.length - before).toBe(3);
  });

  it('batch reads, batch updates and batch archives records', async () => {
    const made = await f.client.records.batchCreate('services', [
      { properties: { hs_name: 'one' } },
      { properties: { hs_name: 'two' } },
    ]);
    const ids = made.results.map((r) => r.id);

    const read = await f.client.records.batchRead('0-162', { ids, properties: ['hs_name'] });
    expect(read.errors).toEqual([]);
    expect(read.results.map((r) => r.properties.hs_name).sort()).toEqual(['one', 'two']);

    const updated = await f.client.records.batchUpdate(
      'services',
      ids.map((id) => ({ id, properties: { hs_name: `new-${id}` } })),
    );
    expect(updated.errors).toEqual([]);
    expect(updated.results.map((r) => r.properties.hs_name).sort()).toEqual(
      ids.map((id) => `new-${id}`).sort(),
    );

    const archived = await f.client.records.batchArchive('0-162', ids);
    expect(archived).toEqual({ results: [], errors: [], unmatched: [] });
    const again = await f.client.records.batchRead('services', {
      ids,
      properties: ['hs_name'],
      archived: true,
    });
    expect(again.results.every((r) => r.archived)).toBe(true);
    expect(again.results).toHaveLength(2);
  });

  it('updates projects on the odd path /crm/objects/v3/projects/batch/update', async () => {
    const project = await f.client.records.create('projects', { properties: { hs_name: 'Roadmap' } });
    const result = await f.client.records.batchUpdateProjects([
      { id: project.id, properties: { hs_name: 'Plan' } },
    ]);
    expect(result.errors).toEqual([]);
    expect(result.results[0]).toMatchObject({ id: project.id, properties: { hs_name: 'Plan' } });
    expect(f.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/crm/objects/v3/projects/batch/update',
      status: 200,
    });
  });

  it('upserts by a unique property: creates then updates', async () => {
    await f.client.properties.create('goal_targets', {
      name: 'ext_id',
      label: 'External id',
      type: 'string',
      fieldType: 'text',
      groupName: (await f.client.groups.list('goal_targets'))[0]!.name,
      hasUniqueValue: true,
    });
    const first = await f.client.records.batchUpsert('goal_targets', [
      { id: 'g-1', idProperty: 'ext_id', properties: { hs_goal_name: 'Q1' } },
    ]);
    expect(first.errors).toEqual([]);
    expect(first.results[0]).toMatchObject({ new: true, properties: { hs_goal_name: 'Q1' } });
    const second = await f.client.records.batchUpsert('goal_targets', [
      { id: 'g-1', idProperty: 'ext_id', properties: { hs_goal_name: 'Q2' } },
    ]);
    expect(second.results[0]).toMatchObject({ id: first.results[0]!.id, new: false });
    const byUnique = await f.client.records.get('goal_targets', 'g-1', {
      idProperty: 'ext_id',
      properties: ['hs_goal_name'],
    });
    expect(byUnique.properties.hs_goal_name).toBe('Q2');
  });

  it('searches one page with total, and iterates every page', async () => {
    await f.client.records.batchCreate(
      'orders',
      Array.from({ length: 12 }, (_, i) => ({
        properties: { hs_order_name: `order-${String(i).padStart(2, '0')}` },
      })),
    );
    const page = await f.client.search.records('orders', {
      filterGroups: [
        { filters: [{ propertyName: 'hs_order_name', operator: 'CONTAINS_TOKEN', value: 'order-*' }] },
      ],
      sorts: [{ propertyName: 'hs_order_name', direction: 'ASCENDING' }],
      properties: ['hs_order_name'],
      limit: 5,
    });
    expect(page.total).toBe(12);
    expect(page.results.map((r) => r.properties.hs_order_name)).toEqual([
      'order-00',
      'order-01',
      'order-02',
      'order-03',
      'order-04',
    ]);
    const all: string[] = [];
    for await (const r of f.client.search.iterate('orders', {
      sorts: [{ propertyName: 'hs_order_name', direction: 'DESCENDING' }],
      properties: ['hs_order_name'],
      limit: 5,
    })) {
      all.push(r.properties.hs_order_name!);
    }
    expect(all).toHaveLength(12);
    expect(all[0]).toBe('order-11');
    expect(all.at(-1)).toBe('order-00');
  });
});

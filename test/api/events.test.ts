import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClientFixture, type ClientFixture } from './setup.js';

describe('client: custom event definitions', () => {
  let f: ClientFixture;
  beforeAll(async () => {
    f = await startClientFixture();
  });
  afterAll(async () => {
    await f.close();
  });

  it('creates, gets, lists and deletes definitions (beyond the spec)', async () => {
    const created = await f.client.events.create({
      label: 'Order shipped',
      name: 'order_shipped',
      primaryObject: 'CONTACT',
      includeDefaultProperties: false,
      propertyDefinitions: [{ label: 'Carrier', name: 'carrier', type: 'string' }],
    });
    expect(created).toMatchObject({ name: 'order_shipped', archived: false });
    expect(created.fullyQualifiedName).toBe(`pe${f.emu.state.accountId}_order_shipped`);

    const got = await f.client.events.get('order_shipped');
    expect(got.properties.map((p) => p.name)).toContain('carrier');

    const page = await f.client.events.list({ limit: 10 });
    expect(page.results.map((d) => d.name)).toContain('order_shipped');
    expect(page.total).toBe(1);

    await f.client.events.delete('order_shipped');
    await expect(f.client.events.get('order_shipped')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
    });
  });

  it('adds, updates and deletes an event property', async () => {
    await f.client.events.create({
      label: 'Signed up',
      name: 'signed_up',
      includeDefaultProperties: false,
      propertyDefinitions: [],
    });
    const property = await f.client.events.createProperty('signed_up', {
      label: 'Plan',
      name: 'plan',
      type: 'enumeration',
      options: [{ label: 'Free', value: 'free' }],
    });
    expect(property).toMatchObject({ name: 'plan', label: 'Plan', type: 'enumeration' });
    expect(property.options.map((o) => o.value)).toEqual(['free']);

    const updated = await f.client.events.updateProperty('signed_up', 'plan', {
      label: 'Plan tier',
      options: [
        { label: 'Free', value: 'free' },
        { label: 'Pro', value: 'pro' },
      ],
    });
    expect(updated.label).toBe('Plan tier');
    expect(updated.options.map((o) => o.value)).toEqual(['free', 'pro']);

    await f.client.events.deleteProperty('signed_up', 'plan');
    const after = await f.client.events.get('signed_up');
    expect(after.properties.map((p) => p.name)).not.toContain('plan');
    await expect(f.client.events.deleteProperty('signed_up', 'plan')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('iterates every definition across pages with listAll', async () => {
    for (let i = 0; i < 7; i++) {
      await f.client.events.create({
        label: `Evt ${i}`,
        name: `evt_${i}`,
        includeDefaultProperties: false,
        propertyDefinitions: [],
      });
    }
    const before = f.calls.length;
    const names: string[] = [];
    for await (const d of f.client.events.listAll({ limit: 3 })) names.push(d.name);
    expect(names.filter((n) => n.startsWith('evt_')).sort()).toEqual(
      Array.from({ length: 7 }, (_, i) => `evt_${i}`),
    );
    // 8 definitions (signed_up too) in pages of 3
    expect(f.calls.length - before).toBe(3);
  });
});

/**
 * The platform's official Node client (13.x), pointed at the emulator with `basePath`, drives the record
 * endpoints unchanged.
 */
import { Client } from '@hubspot/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { seedProperties } from '../helpers/seed-properties.js';

describe('record endpoints through the official client', () => {
  let emu: TestEmulator;
  let client: Client;
  beforeAll(async () => {
    emu = await startTestEmulator();
    client = new Client({ accessToken: emu.token, basePath: emu.url, numberOfApiCallRetries: 0 });
    seedProperties(emu.state, '0-5', [
      { name: 'subject', type: 'string' },
      { name: 'emu_key', type: 'string', hasUniqueValue: true },
      { name: 'emu_n', type: 'number' },
    ]);
  });
  afterAll(async () => {
    await emu.close();
  });

  it('creates, reads, updates, lists and archives', async () => {
    const created = await client.crm.objects.basicApi.create('tickets', {
      properties: { subject: 'From the client', emu_key: 'c-1' },
      associations: [],
    });
    expect(created.id).toMatch(/^\d+$/);
    expect(created.createdAt).toBeInstanceOf(Date);
    const read = await client.crm.objects.basicApi.getById(
      'tickets',
      'c-1',
      ['subject', 'emu_n'],
      undefined,
      undefined,
      false,
      'emu_key',
    );
    expect(read.properties).toEqual({ subject: 'From the client', emu_n: null });
    const updated = await client.crm.objects.basicApi.update('0-5', created.id, {
      properties: { emu_n: '4' },
    });
    expect(updated.properties.emu_n).toBe('4');
    const page = await client.crm.objects.basicApi.getPage('tickets', 10, undefined, ['emu_n']);
    expect(page.results.map((r) => [r.id, r.properties.emu_n])).toEqual([[created.id, '4']]);
    await client.crm.objects.basicApi.archive('tickets', created.id);
    await expect(client.crm.objects.basicApi.getById('tickets', created.id)).rejects.toMatchObject({
      code: 404,
    });
  });

  it('runs the batch endpoints and search', async () => {
    const batch = await client.crm.objects.batchApi.create('tickets', {
      inputs: [
        { properties: { subject: 'b1', emu_n: '1' }, associations: [] },
        { properties: { subject: 'b2' }, associations: [] },
      ],
    });
    expect(batch.status).toBe('COMPLETE');
    const ids = batch.results.map((r) => r.id).sort();
    const read = await client.crm.objects.batchApi.read('tickets', {
      inputs: ids.map((id) => ({ id })),
      properties: ['subject'],
      propertiesWithHistory: [],
    });
    expect(read.results.map((r) => r.properties.subject).sort()).toEqual(['b1', 'b2']);
    const upsert = await client.crm.objects.batchApi.upsert('tickets', {
      inputs: [{ id: 'u-1', idProperty: 'emu_key', properties: { subject: 'upserted' } }],
    });
    expect(upsert.results[0]).toMatchObject({ _new: true });
    const found = await client.crm.objects.searchApi.doSearch('tickets', {
      filterGroups: [{ filters: [{ propertyName: 'emu_n', operator: 'EQ' as never, value: '1' }] }],
      properties: ['subject'],
      sorts: ['subject'],
      limit: 10,
      after: '0',
    });
    expect(found.total).toBe(1);
    expect(found.results[0]!.properties.subject).toBe('b1');
    await client.crm.objects.batchApi.archive('tickets', { inputs: ids.map((id) => ({ id })) });
    const after = await client.crm.objects.searchApi.doSearch('tickets', {
      filterGroups: [],
      properties: [],
      sorts: [],
      limit: 10,
      after: '0',
    });
    expect(after.results.map((r) => r.properties.subject)).toEqual(['upserted']);
  });
});

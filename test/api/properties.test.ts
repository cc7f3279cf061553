import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClientFixture, textProperty, type ClientFixture } from './setup.js';

describe('client: properties and groups', () => {
  let f: ClientFixture;
  beforeAll(async () => {
    f = await startClientFixture();
  });
  afterAll(async () => {
    await f.close();
  });

  it('creates a property and reads it back by get, list and batch read', async () => {
    const created = await f.client.properties.create('tickets', {
      ...textProperty('escalation_note'),
      description: 'Why it escalated',
    });
    expect(created).toMatchObject({
      name: 'escalation_note',
      label: 'Label escalation_note',
      type: 'string',
      fieldType: 'text',
      groupName: 'ticketinformation',
      description: 'Why it escalated',
      archived: false,
    });
    expect(typeof created.createdAt).toBe('string');

    const got = await f.client.properties.get('tickets', 'escalation_note');
    expect(got.name).toBe('escalation_note');

    const listed = await f.client.properties.list('tickets');
    expect(listed.map((p) => p.name)).toContain('escalation_note');
    expect(listed.length).toBeGreaterThan(1);

    const read = await f.client.properties.batchRead('tickets', ['escalation_note']);
    expect(read.errors).toEqual([]);
    expect(read.results.map((p) => p.name)).toEqual(['escalation_note']);
  });

  it('updates (PATCH) and archives a property, then reads it with archived=true', async () => {
    await f.client.properties.create('tickets', textProperty('to_archive'));
    const updated = await f.client.properties.update('tickets', 'to_archive', { label: 'Renamed' });
    expect(updated.label).toBe('Renamed');
    await f.client.properties.archive('tickets', 'to_archive');
    await expect(f.client.properties.get('tickets', 'to_archive')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
    });
    const archived = await f.client.properties.get('tickets', 'to_archive', { archived: true });
    expect(archived.archived).toBe(true);
  });

  it('batch creates and batch archives properties (beyond the spec)', async () => {
    const inputs = ['bulk_a', 'bulk_b', 'bulk_c'].map((n) => textProperty(n));
    const created = await f.client.properties.batchCreate('tickets', inputs);
    expect(created.errors).toEqual([]);
    expect(created.results.map((p) => p.name).sort()).toEqual(['bulk_a', 'bulk_b', 'bulk_c']);

    const archived = await f.client.properties.batchArchive('tickets', ['bulk_a', 'bulk_b', 'never_existed']);
    expect(archived).toEqual({ results: [], errors: [], unmatched: [] });
    const left = await f.client.properties.list('tickets');
    expect(left.map((p) => p.name)).toContain('bulk_c');
    expect(left.map((p) => p.name)).not.toContain('bulk_a');
  });

  it('manages property groups: create, get, list, update, archive', async () => {
    const group = await f.client.groups.create('tickets', {
      name: 'escalation',
      label: 'Escalation',
      displayOrder: 3,
    });
    expect(group).toMatchObject({
      name: 'escalation',
      label: 'Escalation',
      displayOrder: 3,
      archived: false,
    });
    expect(await f.client.groups.get('tickets', 'escalation')).toMatchObject({ name: 'escalation' });
    expect((await f.client.groups.list('tickets')).map((g) => g.name)).toContain('escalation');
    const renamed = await f.client.groups.update('tickets', 'escalation', { label: 'Escalations' });
    expect(renamed.label).toBe('Escalations');
    await f.client.groups.archive('tickets', 'escalation');
    await expect(f.client.groups.get('tickets', 'escalation')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

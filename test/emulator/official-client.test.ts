/**
 * A client written by others against the real platform works against the emulator unchanged: the
 * platform's official Node client (13.x) with `basePath` pointed at the emulator.
 */
import { Client } from '@hubspot/api-client';
import {
  createConfiguration,
  DefinitionConfigurationsApi,
  ServerConfiguration,
} from '@hubspot/api-client/lib/codegen/crm/associations/v4/schema/index.js';
import { Observable } from '@hubspot/api-client/lib/codegen/crm/associations/v4/schema/rxjsStub.js';
import { ApiClientConfigurator } from '@hubspot/api-client/lib/src/configuration/ApiClientConfigurator.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaultPlan } from '../../src/emulator/faults.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';

/**
 * The client's association limit API (generated, calling /crm/v4/associations/definitions/configurations),
 * which 13.x does not hang on `client.crm.associations.v4.schema`: built the way the client builds its
 * other schema APIs.
 */
function limitsApi(accessToken: string, basePath: string): DefinitionConfigurationsApi {
  const params = ApiClientConfigurator.getParams(
    { accessToken, basePath },
    ServerConfiguration,
    Observable,
    Observable,
  );
  // getParams is typed for the client's own config objects; the value is what createConfiguration takes
  return new DefinitionConfigurationsApi(
    createConfiguration(params as Parameters<typeof createConfiguration>[0]),
  );
}

/** The client's request types use its own enums; the wire values are these strings. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- T is the enum type the call site expects
const wire = <T>(value: string): T => value as T;

describe('the official Node client against the emulator', () => {
  let emu: TestEmulator;
  let client: Client;
  beforeAll(async () => {
    emu = await startTestEmulator();
    client = new Client({ accessToken: emu.token, basePath: emu.url });
  });
  afterAll(async () => {
    await emu.close();
  });

  it('manages property groups', async () => {
    const created = await client.crm.properties.groupsApi.create('tickets', {
      name: 'client_group',
      label: 'Client group',
      displayOrder: 2,
    });
    expect(created).toMatchObject({
      name: 'client_group',
      label: 'Client group',
      displayOrder: 2,
      archived: false,
    });
    const updated = await client.crm.properties.groupsApi.update('tickets', 'client_group', {
      label: 'Renamed',
    });
    expect(updated.label).toBe('Renamed');
    expect((await client.crm.properties.groupsApi.getByName('tickets', 'client_group')).label).toBe(
      'Renamed',
    );
    const all = await client.crm.properties.groupsApi.getAll('tickets');
    expect(all.results.map((g) => g.name)).toContain('client_group');
  });

  it('creates, reads, updates, batch-reads and archives properties', async () => {
    const created = await client.crm.properties.coreApi.create('tickets', {
      name: 'client_level',
      label: 'Client level',
      type: wire('enumeration'),
      fieldType: wire('select'),
      groupName: 'client_group',
      options: [
        { label: 'Low', value: 'low', hidden: false, displayOrder: 0 },
        { label: 'High', value: 'high', hidden: false, displayOrder: 1 },
      ],
    });
    expect(created).toMatchObject({
      name: 'client_level',
      type: 'enumeration',
      fieldType: 'select',
      archived: false,
    });
    expect(created.createdAt).toBeInstanceOf(Date);

    const read = await client.crm.properties.coreApi.getByName('tickets', 'client_level');
    expect(read.options.map((o) => o.value)).toEqual(['low', 'high']);

    const updated = await client.crm.properties.coreApi.update('tickets', 'client_level', {
      label: 'Client level (new)',
      options: [{ label: 'Only', value: 'only', hidden: false, displayOrder: 0 }],
    });
    expect(updated.label).toBe('Client level (new)');
    expect(updated.options.map((o) => o.value)).toEqual(['only']);

    const all = await client.crm.properties.coreApi.getAll('tickets');
    expect(all.results.map((p) => p.name)).toContain('client_level');

    const batch = await client.crm.properties.batchApi.read('tickets', {
      archived: false,
      inputs: [{ name: 'client_level' }, { name: 'subject' }],
    });
    expect(batch.status).toBe('COMPLETE');
    expect(batch.results.map((p) => p.name).sort()).toEqual(['client_level', 'subject']);

    await client.crm.properties.coreApi.archive('tickets', 'client_level');
    await expect(client.crm.properties.coreApi.getByName('tickets', 'client_level')).rejects.toMatchObject({
      code: 404,
    });
    expect((await client.crm.properties.coreApi.getByName('tickets', 'client_level', true)).archived).toBe(
      true,
    );
  });

  it('creates, reads, updates, batch-reads and searches records', async () => {
    const created = await client.crm.tickets.basicApi.create({
      properties: { subject: 'Client ticket', hs_pipeline: '0', hs_pipeline_stage: '1' },
    });
    expect(created.id).toMatch(/^\d+$/);
    expect(created.properties.subject).toBe('Client ticket');

    const read = await client.crm.tickets.basicApi.getById(created.id, ['subject']);
    expect(read.properties.subject).toBe('Client ticket');
    expect(read.createdAt).toBeInstanceOf(Date);

    const updated = await client.crm.tickets.basicApi.update(created.id, {
      properties: { subject: 'Renamed' },
    });
    expect(updated.properties.subject).toBe('Renamed');

    const other = await client.crm.objects.basicApi.create('tickets', { properties: { subject: 'Another' } });
    const batch = await client.crm.tickets.batchApi.read({
      inputs: [{ id: created.id }, { id: other.id }],
      properties: ['subject'],
      propertiesWithHistory: [],
    });
    expect(batch.results.map((r) => r.properties.subject).sort()).toEqual(['Another', 'Renamed']);

    const found = await client.crm.tickets.searchApi.doSearch({
      filterGroups: [{ filters: [{ propertyName: 'subject', operator: wire('EQ'), value: 'Renamed' }] }],
      properties: ['subject'],
      sorts: [],
      limit: 10,
      after: '0',
    });
    expect(found.total).toBe(1);
    expect(found.results[0]!.id).toBe(created.id);
  });

  it('manages association labels and their limits (v4 schema API)', async () => {
    const created = await client.crm.associations.v4.schema.definitionsApi.create('tickets', 'orders', {
      name: 'client_primary',
      label: 'Client primary',
      inverseLabel: 'Client ticket',
    });
    expect(created.results).toHaveLength(2);
    const forward = created.results.find((r) => r.label === 'Client primary')!;
    expect(forward.category).toBe('USER_DEFINED');

    const labels = await client.crm.associations.v4.schema.definitionsApi.getAll('tickets', 'orders');
    expect(labels.results.map((r) => r.label)).toContain('Client primary');

    await client.crm.associations.v4.schema.definitionsApi.update('tickets', 'orders', {
      associationTypeId: forward.typeId,
      label: 'Client main',
    });

    const configurations = limitsApi(emu.token, emu.url);
    const limit = await configurations.batchCreate('tickets', 'orders', {
      inputs: [{ category: wire('USER_DEFINED'), typeId: forward.typeId, maxToObjectIds: 2 }],
    });
    expect(limit.results[0]).toMatchObject({ typeId: forward.typeId, userEnforcedMaxToObjectIds: 2 });
    const between = await configurations.getAllBetweenTwoObjectTypes('tickets', 'orders');
    expect(between.results.find((r) => r.typeId === forward.typeId)).toMatchObject({
      label: 'Client main',
      userEnforcedMaxToObjectIds: 2,
    });
    const all = await configurations.getAll();
    expect(all.results.some((r) => r.typeId === forward.typeId)).toBe(true);
    await configurations.batchRemove('tickets', 'orders', {
      inputs: [{ category: wire('USER_DEFINED'), typeId: forward.typeId }],
    });

    await client.crm.associations.v4.schema.definitionsApi.remove('tickets', 'orders', forward.typeId);
    const after = await client.crm.associations.v4.schema.definitionsApi.getAll('tickets', 'orders');
    expect(after.results.map((r) => r.label)).not.toContain('Client main');
  });

  it('manages custom event definitions through apiRequest', async () => {
    const created = await client.apiRequest({
      method: 'POST',
      path: '/events/v3/event-definitions',
      body: {
        label: 'Client shipped',
        name: 'client_shipped',
        includeDefaultProperties: false,
        propertyDefinitions: [{ name: 'carrier', label: 'Carrier', type: 'string' }],
      },
    });
    expect(created.status).toBe(201);
    const definition = (await created.json()) as { name: string; fullyQualifiedName: string };
    expect(definition.fullyQualifiedName).toBe(`pe${emu.state.accountId}_client_shipped`);

    const added = await client.apiRequest({
      method: 'POST',
      path: '/events/v3/event-definitions/client_shipped/property',
      body: { name: 'weight', label: 'Weight', type: 'number' },
    });
    expect(added.status).toBe(201);

    const read = await client.apiRequest({
      method: 'GET',
      path: '/events/v3/event-definitions/client_shipped',
    });
    const properties = ((await read.json()) as { properties: { name: string }[] }).properties.map(
      (p) => p.name,
    );
    expect(properties).toEqual(expect.arrayContaining(['carrier', 'weight']));

    const list = await client.apiRequest({ method: 'GET', path: '/events/v3/event-definitions' });
    expect(((await list.json()) as { results: { name: string }[] }).results.map((d) => d.name)).toContain(
      'client_shipped',
    );

    const deleted = await client.apiRequest({
      method: 'DELETE',
      path: '/events/v3/event-definitions/client_shipped',
    });
    expect(deleted.status).toBe(204);
    const gone = await client.apiRequest({
      method: 'GET',
      path: '/events/v3/event-definitions/client_shipped',
    });
    expect(gone.status).toBe(404);
  });

  it('sees the error body of a failed call', async () => {
    const failure = await client.crm.properties.coreApi.getByName('tickets', 'no_such_property').then(
      () => undefined,
      (error: unknown) => error as { code: number; body: { category: string; correlationId: string } },
    );
    expect(failure?.code).toBe(404);
    expect(failure?.body.category).toBe('OBJECT_NOT_FOUND');
    expect(failure?.body.correlationId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('rides out injected 5xx faults with its own retries', async () => {
    const faults = { rate: 0.3, seed: 11, kinds: ['500', '503'] as const };
    // the seeded sequence faults some of the first 8 requests, so the retries are really exercised
    const plan = new FaultPlan(faults);
    expect(Array.from({ length: 8 }, () => plan.next()).filter(Boolean).length).toBeGreaterThan(0);
    const flaky = await startTestEmulator({
      faultRate: faults.rate,
      seed: faults.seed,
      faultKinds: faults.kinds,
    });
    try {
      const retrying = new Client({
        accessToken: flaky.token,
        basePath: flaky.url,
        numberOfApiCallRetries: 6,
      });
      for (let i = 0; i < 8; i++) {
        expect((await retrying.crm.properties.coreApi.getByName('tickets', 'subject')).name).toBe('subject');
      }
    } finally {
      await flaky.close();
    }
  });
});

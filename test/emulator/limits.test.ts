import { Client } from '@hubspot/api-client';
import {
  createConfiguration,
  DefinitionConfigurationsApi,
  ServerConfiguration,
} from '@hubspot/api-client/lib/codegen/crm/associations/v4/schema/index.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';

const PREFIXES = ['/crm/associations/v4', '/crm/v4/associations'] as const;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

let emu: TestEmulator;
beforeEach(async () => {
  emu = await startTestEmulator({
    tokens: ['full', 'tickets-ro:crm.schemas.tickets.read', 'all-ro:crm.schemas.*.read'],
  });
});
afterEach(async () => {
  await emu.close();
});

const config = (prefix: string, from: string, to: string) =>
  `${prefix}/definitions/configurations/${from}/${to}`;
const limit = (typeId: number, maxToObjectIds: unknown, category: unknown = 'PLATFORM_DEFINED') => ({
  category,
  typeId,
  maxToObjectIds,
});

describe.each(PREFIXES)('association limits under %s', (prefix) => {
  it('reads the configuration of a pair: every type, the limit only when one is set', async () => {
    const res = await emu.call('GET', config(prefix, 'tickets', 'orders'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ results: [{ category: 'PLATFORM_DEFINED', typeId: 27, label: null }] });
    await emu.call('POST', `${prefix}/tickets/orders/labels`, {
      name: 'primary_order',
      label: 'Primary order',
    });
    emu.state.associationTypes['27']!.maxToObjectIds = 50;
    const again = await emu.call('GET', config(prefix, '0-5', '0-123'));
    expect(again.body).toEqual({
      results: [
        { category: 'PLATFORM_DEFINED', typeId: 27, label: null, userEnforcedMaxToObjectIds: 50 },
        { category: 'USER_DEFINED', typeId: 1001, label: 'Primary order' },
      ],
    });
  });

  it('lists every type of every pair with .../all', async () => {
    emu.state.associationTypes['28']!.maxToObjectIds = 3;
    const res = await emu.call('GET', `${prefix}/definitions/configurations/all`);
    expect(res.status).toBe(200);
    expect(res.body.results).toHaveLength(Object.keys(emu.state.associationTypes).length);
    expect(res.body.results[0]).toEqual({
      fromObjectTypeId: '0-1',
      toObjectTypeId: '0-2',
      category: 'PLATFORM_DEFINED',
      typeId: 1,
      label: 'Primary',
    });
    expect(res.body.results.find((r: { typeId: number }) => r.typeId === 28)).toEqual({
      fromObjectTypeId: '0-123',
      toObjectTypeId: '0-5',
      category: 'PLATFORM_DEFINED',
      typeId: 28,
      label: null,
      userEnforcedMaxToObjectIds: 3,
    });
  });

  it('sets limits with batch/create (201) and changes them with batch/update (200)', async () => {
    await emu.call('POST', `${prefix}/tickets/orders/labels`, {
      name: 'primary_order',
      label: 'Primary order',
    });
    const created = await emu.call('POST', `${config(prefix, 'tickets', 'orders')}/batch/create`, {
      inputs: [limit(27, 50), limit(1001, 1, 'USER_DEFINED')],
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      status: 'COMPLETE',
      results: [
        { category: 'PLATFORM_DEFINED', typeId: 27, label: null, userEnforcedMaxToObjectIds: 50 },
        { category: 'USER_DEFINED', typeId: 1001, label: 'Primary order', userEnforcedMaxToObjectIds: 1 },
      ],
      startedAt: expect.stringMatching(ISO),
      completedAt: expect.stringMatching(ISO),
    });
    expect(emu.state.associationTypes['27']!.maxToObjectIds).toBe(50);

    const updated = await emu.call('POST', `${config(prefix, 'tickets', 'orders')}/batch/update`, {
      inputs: [limit(27, 10)],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.results).toEqual([
      { category: 'PLATFORM_DEFINED', typeId: 27, label: null, userEnforcedMaxToObjectIds: 10 },
    ]);
    expect(updated.body.status).toBe('COMPLETE');
    expect(emu.state.associationTypes['27']!.maxToObjectIds).toBe(10);
  });

  it('answers 207 with one error item per bad input and applies the good ones', async () => {
    emu.state.associationTypes['28']!.maxToObjectIds = 2; // orders->tickets: not this pair anyway
    const res = await emu.call('POST', `${config(prefix, 'tickets', 'orders')}/batch/create`, {
      inputs: [
        limit(27, 5),
        limit(99999, 5),
        limit(279, 5),
        limit(27, 5, 'USER_DEFINED'),
        limit(27, 0),
        limit(27, 1.5),
        limit(27, '3'),
        { category: 'PLATFORM_DEFINED', typeId: 'x', maxToObjectIds: 1 },
        'nope',
        limit(27, 6),
      ],
    });
    expect(res.status).toBe(207);
    expect(res.body.results).toEqual([
      { category: 'PLATFORM_DEFINED', typeId: 27, label: null, userEnforcedMaxToObjectIds: 5 },
    ]);
    expect(res.body.numErrors).toBe(9);
    expect(
      res.body.errors.map((e: { category: string; context: { typeId: string[] } }) => [
        e.category,
        e.context.typeId,
      ]),
    ).toEqual([
      ['OBJECT_NOT_FOUND', ['99999']],
      ['VALIDATION_ERROR', ['279']],
      ['VALIDATION_ERROR', ['27']],
      ['VALIDATION_ERROR', ['27']],
      ['VALIDATION_ERROR', ['27']],
      ['VALIDATION_ERROR', ['27']],
      ['VALIDATION_ERROR', ['x']],
      ['VALIDATION_ERROR', ['']],
      ['OBJECT_ALREADY_EXISTS', ['27']],
    ]);
    expect(res.body.errors[0]).toEqual({
      status: 'error',
      category: 'OBJECT_NOT_FOUND',
      message: 'No association type 99999 exists.',
      context: { typeId: ['99999'] },
      errors: [],
      links: {},
    });
    expect(res.body.errors[1].message).toBe(
      'Association type 279 is not a tickets->orders type; it goes from 0-1 to 0-2.',
    );
    expect(res.body.errors[2].message).toBe(
      'Association type 27 has category PLATFORM_DEFINED, not "USER_DEFINED".',
    );
    expect(res.body.errors[3].message).toBe("'maxToObjectIds' must be a positive integer; got 0.");
    expect(emu.state.associationTypes['27']!.maxToObjectIds).toBe(5);
  });

  it('answers 207 on batch/update of a type without a limit', async () => {
    const res = await emu.call('POST', `${config(prefix, 'tickets', 'orders')}/batch/update`, {
      inputs: [limit(27, 5)],
    });
    expect(res.status).toBe(207);
    expect(res.body).toMatchObject({ status: 'COMPLETE', results: [], numErrors: 1 });
    expect(res.body.errors[0]).toMatchObject({
      category: 'OBJECT_NOT_FOUND',
      message: 'Association type 27 has no limit to update; set one with batch/create.',
    });
    expect(emu.state.associationTypes['27']!.maxToObjectIds).toBeUndefined();
  });

  it('purges limits with 204, also when none is set or the input names nothing of this pair', async () => {
    emu.state.associationTypes['27']!.maxToObjectIds = 5;
    emu.state.associationTypes['28']!.maxToObjectIds = 7;
    const path = `${config(prefix, 'tickets', 'orders')}/batch/purge`;
    const res = await emu.call('POST', path, { inputs: [{ category: 'PLATFORM_DEFINED', typeId: 27 }] });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(emu.state.associationTypes['27']!.maxToObjectIds).toBeUndefined();
    expect(emu.state.associationTypes['28']!.maxToObjectIds).toBe(7);
    for (const inputs of [
      [{ category: 'PLATFORM_DEFINED', typeId: 27 }],
      [{ category: 'PLATFORM_DEFINED', typeId: 99999 }],
      [{ category: 'PLATFORM_DEFINED', typeId: 28 }],
      ['junk'],
    ]) {
      expect((await emu.call('POST', path, { inputs })).status).toBe(204);
    }
    expect(emu.state.associationTypes['28']!.maxToObjectIds).toBe(7);
  });

  it('refuses batches without inputs or with more than 100 (400)', async () => {
    for (const action of ['create', 'update', 'purge']) {
      const path = `${config(prefix, 'tickets', 'orders')}/batch/${action}`;
      const tooMany = await emu.call('POST', path, {
        inputs: Array.from({ length: 101 }, () => limit(27, 1)),
      });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body).toMatchObject({
        category: 'VALIDATION_ERROR',
        message: 'A batch takes at most 100 inputs; got 101. Split it into smaller batches.',
      });
      for (const body of [{}, { inputs: 'x' }, []]) {
        const res = await emu.call('POST', path, body);
        expect(res.status, `${action} ${JSON.stringify(body)}`).toBe(400);
        expect(res.body.category).toBe('VALIDATION_ERROR');
      }
    }
    expect(emu.state.associationTypes['27']!.maxToObjectIds).toBeUndefined();
  });

  it('answers 400 for an unknown object type', async () => {
    const res = await emu.call('GET', config(prefix, 'tickets', 'spaceships'));
    expect(res.status).toBe(400);
    expect(res.body.category).toBe('VALIDATION_ERROR');
  });

  it('needs the schema read scope of the from type to read and its write scope to change', async () => {
    expect((await emu.call('GET', config(prefix, 'tickets', 'orders'), undefined, 'tickets-ro')).status).toBe(
      200,
    );
    const calls: [string, unknown, string[]][] = [
      [
        `${config(prefix, 'tickets', 'orders')}/batch/create`,
        { inputs: [limit(27, 1)] },
        ['crm.schemas.tickets.write'],
      ],
      [
        `${config(prefix, 'tickets', 'orders')}/batch/update`,
        { inputs: [limit(27, 1)] },
        ['crm.schemas.tickets.write'],
      ],
      [`${config(prefix, 'tickets', 'orders')}/batch/purge`, { inputs: [] }, ['crm.schemas.tickets.write']],
    ];
    for (const [path, body, missing] of calls) {
      const res = await emu.call('POST', path, body, 'tickets-ro');
      expect(res.status, path).toBe(403);
      expect(res.body.errors[0].context.missingScopes).toEqual(missing);
    }
    const other = await emu.call('GET', config(prefix, 'orders', 'tickets'), undefined, 'tickets-ro');
    expect(other.status).toBe(403);
    expect(other.body.errors[0].context.missingScopes).toEqual(['crm.schemas.orders.read']);
    // .../all needs the read scope of every object type
    const all = await emu.call('GET', `${prefix}/definitions/configurations/all`, undefined, 'tickets-ro');
    expect(all.status).toBe(403);
    expect(all.body.errors[0].context.missingScopes).toHaveLength(
      Object.keys(emu.state.objectTypes).length - 1,
    );
    expect(all.body.errors[0].context.missingScopes).toContain('crm.schemas.orders.read');
    expect(
      (await emu.call('GET', `${prefix}/definitions/configurations/all`, undefined, 'all-ro')).status,
    ).toBe(200);
  });
});

describe('the official Node client', () => {
  it('manages labels and limits against the emulator unchanged', async () => {
    const client = new Client({ accessToken: 'full', basePath: emu.url });
    const schema = {
      definitionsApi: client.crm.associations.v4.schema.definitionsApi,
      // 13.x ships this API but its discovery does not expose it: built the way the discovery builds the other
      definitionConfigurationsApi: new DefinitionConfigurationsApi(
        createConfiguration({
          baseServer: new ServerConfiguration(emu.url, {}),
          authMethods: { oauth2: { accessToken: 'full' } },
        }),
      ),
    };
    const created = await schema.definitionsApi.create('tickets', 'orders', {
      name: 'primary_order',
      label: 'Primary order',
      inverseLabel: 'Main ticket',
    });
    expect(created.results.map((r) => [r.typeId, r.label])).toEqual([
      [1001, 'Primary order'],
      [1002, 'Main ticket'],
    ]);
    await schema.definitionsApi.update('tickets', 'orders', {
      associationTypeId: 1001,
      label: 'First order',
    });
    const listed = await schema.definitionsApi.getAll('tickets', 'orders');
    expect(listed.results.map((r) => [r.category, r.typeId, r.label])).toEqual([
      ['PLATFORM_DEFINED', 27, null],
      ['USER_DEFINED', 1001, 'First order'],
    ]);

    const batch = await schema.definitionConfigurationsApi.batchCreate('tickets', 'orders', {
      inputs: [{ category: 'USER_DEFINED' as never, typeId: 1001, maxToObjectIds: 1 }],
    });
    expect(batch.status).toBe('COMPLETE');
    expect(batch.results[0]!.userEnforcedMaxToObjectIds).toBe(1);
    await schema.definitionConfigurationsApi.batchUpdate('tickets', 'orders', {
      inputs: [{ category: 'USER_DEFINED' as never, typeId: 1001, maxToObjectIds: 2 }],
    });
    const configured = await schema.definitionConfigurationsApi.getAllBetweenTwoObjectTypes(
      'tickets',
      'orders',
    );
    expect(configured.results.map((r) => [r.typeId, r.userEnforcedMaxToObjectIds])).toEqual([
      [27, undefined],
      [1001, 2],
    ]);
    await schema.definitionConfigurationsApi.batchRemove('tickets', 'orders', {
      inputs: [{ category: 'USER_DEFINED', typeId: 1001 }],
    });
    expect(emu.state.associationTypes['1001']!.maxToObjectIds).toBeUndefined();
    const all = await schema.definitionConfigurationsApi.getAll();
    expect(all.results).toHaveLength(Object.keys(emu.state.associationTypes).length);

    await schema.definitionsApi.remove('tickets', 'orders', 1001);
    expect(emu.state.associationTypes['1001']).toBeUndefined();
    await expect(schema.definitionsApi.remove('tickets', 'orders', 27)).rejects.toMatchObject({ code: 400 });
  });
});

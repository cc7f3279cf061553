/** The live reader against the emulator over HTTP: what it reads, with how many calls. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { minimumCalls, readLiveState } from '../../src/engine/live/read-live.js';
import { emptyScope, type LiveScope } from '../../src/engine/live/scope.js';
import { seedProperties } from '../helpers/seed-properties.js';
import { callKeys, liveFixture, type LiveFixture } from './helpers.js';
import { objectTypeScopeOf } from '../../src/families/property/live/scope.js';
import { pairScopeOf } from '../../src/families/association/live/scope.js';
import {
  objectsOf,
  associationsOf,
  eventsOf,
  objectTypesIn,
  pairsIn,
  eventsIn,
} from '../helpers/families.js';

let fx: LiveFixture;
beforeEach(async () => {
  fx = await liveFixture();
});
afterEach(async () => {
  await fx.close();
});

function propertyScope(objectType: string, names: string[], fullList = false): LiveScope {
  const scope = emptyScope();
  const entry = objectTypeScopeOf(objectTypesIn(scope), objectType);
  names.forEach((n) => entry.properties.add(n));
  entry.groups = true;
  entry.fullList = fullList;
  return scope;
}

describe('reading properties', () => {
  it.each<[string, number, number, string[]]>([
    // up to 100 names: one batch read of the names
    ['1 name, all non-sensitive', 1, 0, ['POST batch/read']],
    ['100 names, all non-sensitive', 100, 0, ['POST batch/read']],
    // more: the list, which returns every non-sensitive property at once
    ['101 names, all non-sensitive', 101, 0, ['GET list']],
    ['250 names, all non-sensitive', 250, 0, ['GET list']],
    // more, some sensitive: the list, then a batch read of the names it did not return
    ['250 names, 30 sensitive', 250, 30, ['GET list', 'POST batch/read']],
    // more, many sensitive: the list, then the two other lists (cheaper than 3 batch reads)
    ['600 names, 250 sensitive', 600, 250, ['GET list', 'GET list', 'GET list']],
  ])('reads %s with the fewest calls', async (_what, n, sensitive, calls) => {
    const names = Array.from({ length: n }, (_, i) => `p_${i}`);
    seedProperties(
      fx.emulator.state,
      '0-5',
      names.map((name, i) => ({
        name,
        type: 'string',
        ...(i < sensitive ? { dataSensitivity: 'sensitive' } : {}),
      })),
    );
    const scope = propertyScope('tickets', names);
    const live = await readLiveState(fx.client, scope);
    const keys = callKeys(fx.calls).filter((k) => k !== 'GET /crm/v3/properties/tickets/groups');
    expect(keys.map((k) => (k.startsWith('GET') ? 'GET list' : 'POST batch/read'))).toEqual(calls);
    expect(minimumCalls(scope, live)).toBe(calls.length + 1);
    const read = objectsOf(live).get('tickets')!.properties;
    expect(names.filter((name) => !read.has(name))).toEqual([]);
  });

  it('looks for declared names that are not active among the archived ones, and only then', async () => {
    seedProperties(fx.emulator.state, '0-5', [
      { name: 'kept', type: 'string' },
      { name: 'gone', type: 'string' },
    ]);
    await fx.client.properties.archive('tickets', 'gone');
    fx.calls.length = 0;
    const scope = propertyScope('tickets', ['kept', 'gone', 'never']);
    const live = await readLiveState(fx.client, scope);
    expect(callKeys(fx.calls).filter((k) => k.includes('batch/read'))).toHaveLength(2);
    expect(objectsOf(live).get('tickets')!.propertyFlags.get('gone')?.archived).toBe(true);
    expect(objectsOf(live).get('tickets')!.properties.has('never')).toBe(false);
    expect(minimumCalls(scope, live)).toBe(3);

    fx.calls.length = 0;
    const active = propertyScope('tickets', ['kept']);
    await readLiveState(fx.client, active);
    expect(
      callKeys(fx.calls).filter((k) => k.includes('batch/read')),
      'every name active',
    ).toHaveLength(1);
  });

  it('finds sensitive properties by name, and counts names the account lacks as absent', async () => {
    seedProperties(fx.emulator.state, '0-5', [
      { name: 'plain', type: 'string' },
      { name: 'secret', type: 'string', dataSensitivity: 'sensitive' },
      { name: 'very_secret', type: 'string', dataSensitivity: 'highly_sensitive' },
    ]);
    const live = await readLiveState(
      fx.client,
      propertyScope('0-5', ['plain', 'secret', 'very_secret', 'missing']),
    );
    const tickets = objectsOf(live).get('tickets')!;
    expect([...tickets.properties.keys()].sort()).toEqual(['plain', 'secret', 'very_secret']);
    expect(tickets.properties.get('secret')!.dataSensitivity).toBe('sensitive');
    expect(tickets.propertyFlags.get('plain')).toMatchObject({ platformDefined: false, archived: false });
    // the built-in groups came with the one group list
    expect(tickets.groups.get('ticketinformation')!.label).toBeTypeOf('string');
  });

  it('lists an object type in full once per data sensitivity when it must see every property', async () => {
    seedProperties(fx.emulator.state, '0-5', [
      { name: 'plain', type: 'string' },
      { name: 'secret', type: 'string', dataSensitivity: 'sensitive' },
      { name: 'very_secret', type: 'string', dataSensitivity: 'highly_sensitive' },
    ]);
    const scope = propertyScope('tickets', ['plain'], true);
    const live = await readLiveState(fx.client, scope);
    expect(fx.calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual([
      'GET /crm/v3/properties/tickets/groups',
      'GET /crm/v3/properties/tickets?dataSensitivity=highly_sensitive',
      'GET /crm/v3/properties/tickets?dataSensitivity=non_sensitive',
      'GET /crm/v3/properties/tickets?dataSensitivity=sensitive',
    ]);
    expect(minimumCalls(scope, live)).toBe(4);
    const names = [...objectsOf(live).get('tickets')!.properties.keys()];
    expect(names).toEqual(
      expect.arrayContaining(['plain', 'secret', 'very_secret', 'subject', 'hs_pipeline']),
    );
    expect(objectsOf(live).get('tickets')!.propertyFlags.get('subject')!.platformDefined).toBe(true);
  });

  it('fails with the API error when the object type does not exist', async () => {
    await expect(readLiveState(fx.client, propertyScope('nopes', ['x']))).rejects.toMatchObject({
      code: 'VALIDATION',
      status: 400,
    });
  });
});

describe('reading association labels and limits', () => {
  it('reads labels and limits of a direction with one configuration call', async () => {
    const created = await fx.client.associations.createLabel('tickets', 'orders', {
      name: 'primary_order',
      label: 'Primary order',
      inverseLabel: 'Main ticket',
    });
    await fx.client.limits.batchCreate('tickets', 'orders', [
      { category: 'USER_DEFINED', typeId: created[0]!.typeId, maxToObjectIds: 2 },
      { category: 'PLATFORM_DEFINED', typeId: 27, maxToObjectIds: 40 },
    ]);
    fx.calls.length = 0;
    const scope = emptyScope();
    pairScopeOf(pairsIn(scope), '0-5', 'orders');
    const live = await readLiveState(fx.client, scope);
    expect(callKeys(fx.calls)).toEqual([
      'GET /crm/associations/v4/definitions/configurations/tickets/orders',
    ]);
    const pair = associationsOf(live).get('tickets->orders')!;
    expect([...pair.labels.values()]).toEqual([
      { label: 'Primary order', category: 'USER_DEFINED', typeId: created[0]!.typeId },
    ]);
    expect(Object.fromEntries(pair.limits)).toEqual({
      'PLATFORM_DEFINED/27': { category: 'PLATFORM_DEFINED', typeId: 27, maxToObjectIds: 40 },
      'Primary order': {
        category: 'USER_DEFINED',
        typeId: created[0]!.typeId,
        label: 'Primary order',
        maxToObjectIds: 2,
      },
    });
  });

  it('reads the reverse direction once to learn inverse labels, whichever direction created them', async () => {
    const a = await fx.client.associations.createLabel('tickets', 'orders', {
      name: 'a',
      label: 'Primary order',
      inverseLabel: 'Main ticket',
    });
    const b = await fx.client.associations.createLabel('orders', 'tickets', {
      name: 'b',
      label: 'Refund ticket',
      inverseLabel: 'Refunded order',
    });
    const c = await fx.client.associations.createLabel('tickets', 'orders', {
      name: 'c',
      label: 'Same both ways',
    });
    fx.calls.length = 0;
    const scope = emptyScope();
    pairScopeOf(pairsIn(scope), 'tickets', 'orders').inverse = true;
    pairScopeOf(pairsIn(scope), 'orders', 'tickets');
    const live = await readLiveState(fx.client, scope);
    expect(callKeys(fx.calls).sort()).toEqual([
      'GET /crm/associations/v4/definitions/configurations/orders/tickets',
      'GET /crm/associations/v4/definitions/configurations/tickets/orders',
    ]);
    expect(minimumCalls(scope, live)).toBe(2);
    const labels = Object.fromEntries(associationsOf(live).get('tickets->orders')!.labels);
    expect(labels).toEqual({
      'Primary order': {
        label: 'Primary order',
        category: 'USER_DEFINED',
        typeId: a[0]!.typeId,
        inverseTypeId: a[1]!.typeId,
        inverseLabel: 'Main ticket',
      },
      'Refunded order': {
        label: 'Refunded order',
        category: 'USER_DEFINED',
        typeId: b[1]!.typeId,
        inverseTypeId: b[0]!.typeId,
        inverseLabel: 'Refund ticket',
      },
      'Same both ways': {
        label: 'Same both ways',
        category: 'USER_DEFINED',
        typeId: c[0]!.typeId,
        inverseTypeId: c[1]!.typeId,
        inverseLabel: 'Same both ways',
      },
    });
    expect(associationsOf(live).get('orders->tickets')!.labels.get('Main ticket')!.inverseLabel).toBe(
      'Primary order',
    );
  });

  it('pairs the labels of an object type with itself from one list', async () => {
    const created = await fx.client.associations.createLabel('contacts', 'contacts', {
      name: 'manager',
      label: 'Manager',
      inverseLabel: 'Report',
    });
    fx.calls.length = 0;
    const scope = emptyScope();
    pairScopeOf(pairsIn(scope), 'contacts', 'contacts').inverse = true;
    const live = await readLiveState(fx.client, scope);
    expect(fx.calls).toHaveLength(1);
    expect(associationsOf(live).get('contacts->contacts')!.labels.get('Manager')).toEqual({
      label: 'Manager',
      category: 'USER_DEFINED',
      typeId: created[0]!.typeId,
      inverseTypeId: created[1]!.typeId,
      inverseLabel: 'Report',
    });
  });
});

describe('reading event definitions', () => {
  it('reads two or more through the list, with their properties; a missing one is recorded as absent', async () => {
    await fx.client.events.create({
      label: 'Order shipped',
      name: 'order_shipped',
      includeDefaultProperties: true,
      propertyDefinitions: [{ name: 'carrier', label: 'Carrier', type: 'string' }],
    });
    fx.calls.length = 0;
    const scope = emptyScope();
    eventsIn(scope).add('order_shipped');
    eventsIn(scope).add('never_made');
    const live = await readLiveState(fx.client, scope);
    // an account of up to 100 definitions: the first page of the list holds them all
    expect(callKeys(fx.calls)).toEqual(['GET /events/v3/event-definitions']);
    expect(fx.calls[0]!.path).toContain('includeProperties=true');
    expect(minimumCalls(scope, live)).toBe(1);
    const shipped = eventsOf(live).get('order_shipped')!;
    expect(shipped.exists).toBe(true);
    expect(shipped.properties.get('carrier')).toEqual({
      name: 'carrier',
      label: 'Carrier',
      type: 'string',
      description: '',
      options: [],
    });
    expect(shipped.propertyFlags.get('hs_city')!.platformDefined).toBe(true);
    expect(eventsOf(live).get('never_made')).toEqual({
      name: 'never_made',
      exists: false,
      properties: new Map(),
      propertyFlags: new Map(),
    });
  });

  it('one definition alone: a single read', async () => {
    fx.calls.length = 0;
    const scope = emptyScope();
    eventsIn(scope).add('order_placed');
    const live = await readLiveState(fx.client, scope);
    expect(callKeys(fx.calls)).toEqual(['GET /events/v3/event-definitions/order_placed']);
    expect(eventsOf(live).get('order_placed')?.exists).toBe(false);
    expect(minimumCalls(scope, live)).toBe(1);
  });

  describe('an account of 250 definitions (pages of 100)', () => {
    beforeEach(async () => {
      for (let i = 0; i < 250; i += 1)
        await fx.client.events.create({
          label: `Event ${i}`,
          name: `event_${String(i).padStart(3, '0')}`,
          includeDefaultProperties: false,
          propertyDefinitions: [{ name: 'step', label: 'Step', type: 'number' }],
        });
      fx.calls.length = 0;
    });

    it('reads the rest of the list when its pages are fewer than the definitions still missing', async () => {
      const scope = emptyScope();
      for (const i of [5, 120, 130, 210, 240]) eventsIn(scope).add(`event_${String(i).padStart(3, '0')}`);
      const live = await readLiveState(fx.client, scope);
      // the first page, then the two pages left (fewer than the 4 definitions not on the first)
      expect(callKeys(fx.calls)).toEqual(Array(3).fill('GET /events/v3/event-definitions'));
      expect(minimumCalls(scope, live)).toBe(3);
      expect([...eventsOf(live).values()].every((d) => d.exists && d.properties.has('step'))).toBe(true);
    });

    it('reads the missing ones alone when they are fewer than the pages left', async () => {
      const scope = emptyScope();
      eventsIn(scope).add('event_005');
      eventsIn(scope).add('event_240');
      const live = await readLiveState(fx.client, scope);
      expect(callKeys(fx.calls)).toEqual([
        'GET /events/v3/event-definitions',
        'GET /events/v3/event-definitions/event_240',
      ]);
      expect(minimumCalls(scope, live)).toBe(2);
      expect(eventsOf(live).get('event_240')?.properties.has('step')).toBe(true);
    });
  });
});

describe('reading properties on a date-versioned API', () => {
  it('reads each sensitivity by itself (a batch read there takes one per call): a sensitive property is found', async () => {
    await fx.client.properties.create('tickets', {
      name: 'dv_plain',
      label: 'Plain',
      type: 'string',
      fieldType: 'text',
      groupName: 'ticketinformation',
    });
    await fx.client.properties.create('tickets', {
      name: 'dv_secret',
      label: 'Secret',
      type: 'string',
      fieldType: 'text',
      groupName: 'ticketinformation',
      dataSensitivity: 'sensitive',
    });
    const calls: string[] = [];
    const dated = createClient({
      baseUrl: fx.emulator.url,
      token: fx.emulator.token,
      apiVersion: '2026-03',
      rateLimit: { requests: 10_000, intervalMs: 1000, adaptive: false },
      onResponse: (event) => calls.push(`${event.method} ${event.path.split('?')[0]}`),
    });
    try {
      const scope = emptyScope();
      const entry = objectTypeScopeOf(objectTypesIn(scope), 'tickets');
      for (const name of ['dv_plain', 'dv_secret', 'dv_never']) entry.properties.add(name);
      const live = await readLiveState(dated, scope);
      const tickets = objectsOf(live).get('tickets')!;
      expect(tickets.properties.get('dv_secret')?.dataSensitivity).toBe('sensitive');
      expect(tickets.properties.has('dv_plain')).toBe(true);
      expect(tickets.properties.has('dv_never')).toBe(false);
      // one batch read per sensitivity, then the three archived lists' worth for the absent name: one
      // archived batch read per sensitivity (as cheap as the lists)
      expect(calls.every((c) => c.startsWith('POST /crm/properties/2026-03/tickets/batch/read'))).toBe(true);
      expect(calls).toHaveLength(minimumCalls(scope, live, '2026-03'));
      expect(calls).toHaveLength(6);
    } finally {
      await dated.close();
    }
  });
});

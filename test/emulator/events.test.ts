import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';

const BASE = '/events/v3/event-definitions';
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

let emu: TestEmulator;
beforeEach(async () => {
  emu = await startTestEmulator({
    accountId: 4242,
    tokens: ['full', 'schemas-only:crm.schemas.*.read,crm.schemas.*.write'],
  });
});
afterEach(async () => {
  await emu.close();
});

const carrier = {
  name: 'carrier',
  label: 'Carrier',
  type: 'enumeration',
  description: 'Who ships it',
  options: [
    { label: 'Post', value: 'post' },
    { label: 'Air', value: 'air', hidden: true },
  ],
};

async function createEvent(body: Record<string, unknown> = {}) {
  const res = await emu.call('POST', BASE, { label: 'Order shipped', propertyDefinitions: [], ...body });
  expect(res.status).toBe(201);
  return res.body;
}

describe('event definitions (beyond the spec)', () => {
  it('creates a definition: name from the label, CONTACT primary object, fully qualified name', async () => {
    const res = await emu.call('POST', BASE, {
      label: 'Order shipped',
      description: 'An order left the warehouse',
      includeDefaultProperties: false,
      propertyDefinitions: [carrier, { label: 'Weight (kg)', type: 'number' }],
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: '1',
      name: 'order_shipped',
      fullyQualifiedName: 'pe4242_order_shipped',
      labels: { singular: 'Order shipped', plural: 'Order shipped' },
      objectTypeId: '0-1',
      primaryObject: 'CONTACT',
      description: 'An order left the warehouse',
      properties: [
        expect.objectContaining({ name: 'carrier' }),
        expect.objectContaining({ name: 'weight__kg_' }),
      ],
      associations: [],
      archived: false,
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
    });
    expect(res.body.properties[0]).toMatchObject({
      type: 'enumeration',
      fieldType: 'select',
      options: [
        { label: 'Post', value: 'post', description: '', displayOrder: 0, hidden: false },
        { label: 'Air', value: 'air', description: '', displayOrder: 1, hidden: true },
      ],
      platformDefined: false,
    });
    expect(emu.state.eventDefinitions.order_shipped).toEqual(res.body);
    expect(emu.state.counters.eventDefinition).toBe(1);
  });

  it('adds platform-defined properties with includeDefaultProperties, before the custom ones', async () => {
    const body = await createEvent({ includeDefaultProperties: true, propertyDefinitions: [carrier] });
    const defaults = body.properties.filter((p: { platformDefined: boolean }) => p.platformDefined);
    expect(defaults.length).toBe(12);
    expect(defaults[0]).toMatchObject({ name: 'hs_city', label: 'City', type: 'string', fieldType: 'text' });
    expect(body.properties.at(-1)).toMatchObject({ name: 'carrier', platformDefined: false });
  });

  it('resolves primaryObject given in the platform style, by name or by id', async () => {
    const cases: [string, string][] = [
      ['TICKET', '0-5'],
      ['company', '0-2'],
      ['orders', '0-123'],
      ['0-162', '0-162'],
    ];
    for (const [primaryObject, objectTypeId] of cases) {
      const body = await createEvent({ name: `ev_${objectTypeId.replace('-', '_')}`, primaryObject });
      expect([body.primaryObject, body.objectTypeId]).toEqual([primaryObject, objectTypeId]);
    }
    const bad = await emu.call('POST', BASE, { label: 'X', primaryObject: 'spaceships' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Unable to infer object type from: spaceships');
  });

  it('refuses bad definitions with 400 and a duplicate name with 409', async () => {
    await createEvent();
    const dup = await emu.call('POST', BASE, { label: 'Order shipped' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({
      category: 'OBJECT_ALREADY_EXISTS',
      message: "A custom event definition named 'order_shipped' already exists.",
    });
    const cases: [unknown, string][] = [
      [{}, "'label' is required and must be a non-empty string."],
      [
        { label: 'X', name: 'Bad-Name' },
        "The event name 'Bad-Name' is invalid: it must start with a lowercase letter.",
      ],
      [{ label: '1st order' }, "The event name '1st_order' (derived from the label '1st order') is invalid"],
      [{ label: 'X', includeDefaultProperties: 'yes' }, "'includeDefaultProperties' must be a boolean."],
      [{ label: 'X', propertyDefinitions: {} }, "'propertyDefinitions' must be an array"],
      [
        { label: 'X', propertyDefinitions: [carrier, { label: 'Y', type: 'bool' }] },
        "'propertyDefinitions[1].type'",
      ],
      [
        { label: 'X', propertyDefinitions: [carrier, carrier] },
        "The property name 'carrier' appears more than once",
      ],
      [
        {
          label: 'X',
          includeDefaultProperties: true,
          propertyDefinitions: [{ label: 'hs city', type: 'string' }],
        },
        "The property name 'hs_city' appears more than once",
      ],
      [{ label: 'X', description: 5 }, "'description' must be a string."],
    ];
    for (const [body, message] of cases) {
      const res = await emu.call('POST', BASE, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.category).toBe('VALIDATION_ERROR');
      expect(res.body.message).toContain(message);
    }
    expect(Object.keys(emu.state.eventDefinitions)).toEqual(['order_shipped']);
  });

  it('refuses more than 500 properties on create', async () => {
    const propertyDefinitions = Array.from({ length: 489 }, (_, i) => ({ label: `P ${i}`, type: 'string' }));
    const res = await emu.call('POST', BASE, {
      label: 'Big',
      includeDefaultProperties: true,
      propertyDefinitions,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      "The event 'big' would have 501 properties; at most 500 are allowed. Delete unused properties first.",
    );
    const ok = await emu.call('POST', BASE, {
      label: 'Big',
      includeDefaultProperties: true,
      propertyDefinitions: propertyDefinitions.slice(1),
    });
    expect(ok.status).toBe(201);
    expect(ok.body.properties).toHaveLength(500);
  });

  it('reads one definition with its properties, by name or fully qualified name; 404 when missing', async () => {
    const created = await createEvent({ propertyDefinitions: [carrier] });
    for (const name of ['order_shipped', 'pe4242_order_shipped']) {
      const res = await emu.call('GET', `${BASE}/${name}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(created);
    }
    const missing = await emu.call('GET', `${BASE}/nope`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      category: 'OBJECT_NOT_FOUND',
      message: "No custom event definition named 'nope' exists.",
    });
    expect((await emu.call('GET', `${BASE}/constructor`)).status).toBe(404);
  });

  it('PATCH changes the label and description only; a bad body is a 400 and a missing definition a 404', async () => {
    const created = (await createEvent({ description: 'Left', propertyDefinitions: [carrier] })) as Record<
      string,
      unknown
    >;
    const res = await emu.call('PATCH', `${BASE}/order_shipped`, {
      label: 'Order sent',
      description: 'Handed over',
      name: 'ignored',
      primaryObject: 'DEAL',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'order_shipped',
      labels: { singular: 'Order sent', plural: 'Order sent' },
      description: 'Handed over',
      primaryObject: created.primaryObject,
      objectTypeId: created.objectTypeId,
      updatedAt: expect.stringMatching(ISO) as unknown,
    });
    expect((await emu.call('GET', `${BASE}/order_shipped`)).body).toEqual(res.body);
    expect((await emu.call('PATCH', `${BASE}/order_shipped`, { label: '' })).status).toBe(400);
    expect((await emu.call('PATCH', `${BASE}/order_shipped`, { description: 7 })).status).toBe(400);
    expect((await emu.call('PATCH', `${BASE}/nope`, { label: 'X' })).status).toBe(404);
  });

  it('lists definitions in creation order with total, paging, searchString and includeProperties', async () => {
    for (let i = 0; i < 12; i++) await createEvent({ label: `Event ${String(i).padStart(2, '0')}` });
    const first = await emu.call('GET', BASE);
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(12);
    expect(first.body.results.map((d: { name: string }) => d.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `event_${String(i).padStart(2, '0')}`),
    );
    expect(first.body.results[0].properties).toEqual([]);
    expect(first.body.paging).toEqual({ next: { after: '10', link: '?after=10' } });

    const second = await emu.call('GET', `${BASE}?after=10`);
    expect(second.body.results.map((d: { name: string }) => d.name)).toEqual(['event_10', 'event_11']);
    expect(second.body.total).toBe(12);
    expect(second.body.paging).toBeUndefined();

    const small = await emu.call('GET', `${BASE}?limit=5&searchString=EVENT_0&includeProperties=true`);
    expect(small.body.total).toBe(10);
    expect(small.body.results).toHaveLength(5);
    expect(small.body.paging.next).toEqual({
      after: '5',
      link: '?after=5&limit=5&searchString=EVENT_0&includeProperties=true',
    });
    expect((await emu.call('GET', `${BASE}?searchString=event 11`)).body.results).toHaveLength(1);
    expect((await emu.call('GET', `${BASE}?limit=500`)).body.results).toHaveLength(12);

    for (const query of ['limit=0', 'limit=x', 'after=abc', 'includeProperties=maybe']) {
      const res = await emu.call('GET', `${BASE}?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.category).toBe('VALIDATION_ERROR');
    }
  });

  it('includes properties in the list with includeProperties=true', async () => {
    await createEvent({ propertyDefinitions: [carrier] });
    const res = await emu.call('GET', `${BASE}?includeProperties=true`);
    expect(res.body.results[0].properties.map((p: { name: string }) => p.name)).toEqual(['carrier']);
  });

  it('deletes a definition with 204, then 404', async () => {
    await createEvent();
    const res = await emu.call('DELETE', `${BASE}/order_shipped`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(emu.state.eventDefinitions).toEqual({});
    expect((await emu.call('GET', `${BASE}/order_shipped`)).status).toBe(404);
    expect((await emu.call('DELETE', `${BASE}/order_shipped`)).status).toBe(404);
  });
});

describe('event properties', () => {
  const property = (name = 'order_shipped') => `${BASE}/${name}/property`;

  it('creates a property with the event property shape and externalOptionsReferenceType', async () => {
    await createEvent();
    const res = await emu.call('POST', property(), { label: 'Tracking Code', type: 'string' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      name: 'tracking_code',
      label: 'Tracking Code',
      type: 'string',
      fieldType: 'text',
      groupName: 'event_properties',
      description: '',
      options: [],
      displayOrder: -1,
      hidden: false,
      formField: false,
      hasUniqueValue: false,
      calculated: false,
      externalOptions: false,
      externalOptionsReferenceType: '',
      platformDefined: false,
      archived: false,
      modificationMetadata: { archivable: true, readOnlyDefinition: false, readOnlyValue: false },
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
    });
    expect(res.body).not.toHaveProperty('referencedObjectType');
    const stored = (await emu.call('GET', `${BASE}/order_shipped`)).body.properties;
    expect(stored).toEqual([res.body]);
  });

  it('derives the fieldType from the type and keeps enumeration options', async () => {
    await createEvent();
    const types: [string, string][] = [
      ['number', 'number'],
      ['datetime', 'date'],
    ];
    for (const [type, fieldType] of types) {
      const res = await emu.call('POST', property(), { name: `p_${type}`, label: type, type });
      expect([res.status, res.body.fieldType]).toEqual([201, fieldType]);
    }
    const res = await emu.call('POST', property(), carrier);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'carrier',
      fieldType: 'select',
      description: 'Who ships it',
      options: [
        { label: 'Post', value: 'post', description: '', displayOrder: 0, hidden: false },
        { label: 'Air', value: 'air', description: '', displayOrder: 1, hidden: true },
      ],
    });
  });

  it('refuses bad property bodies with 400', async () => {
    await createEvent();
    const cases: [unknown, string][] = [
      [{ type: 'string' }, "'label' is required and must be a non-empty string."],
      [
        { label: 'X' },
        "'type' is required and must be one of string, number, enumeration, datetime; got null.",
      ],
      [{ label: 'X', type: 'bool' }, 'must be one of string, number, enumeration, datetime; got "bool".'],
      [{ label: 'X', type: 'string', name: 'Upper' }, 'must start with a lowercase letter'],
      [{ label: 'X', type: 'string', name: '9lives' }, 'must start with a lowercase letter'],
      [
        { label: 'X', type: 'string', name: 'with-hyphen' },
        'may hold only lowercase letters, digits and underscores',
      ],
      [{ label: 'X', type: 'string', name: 'a'.repeat(51) }, 'is 51 characters long; at most 50 are allowed'],
      [{ label: 'X', type: 'string', options: [{ label: 'A', value: 'a' }] }, 'applies only to enumeration'],
      [{ label: 'X', type: 'enumeration' }, 'An enumeration property needs at least one option'],
      [{ label: 'X', type: 'enumeration', options: [] }, 'An enumeration property needs at least one option'],
      [
        {
          label: 'X',
          type: 'enumeration',
          options: [
            { label: 'A', value: 'a' },
            { label: 'B', value: 'a' },
          ],
        },
        "Option value 'a' appears more than once in 'options'.",
      ],
      [{ label: 'X', type: 'enumeration', options: [{ value: 'a' }] }, "'options[0].label' is required"],
      [{ label: 'X', type: 'string', description: 1 }, "'description' must be a string."],
      [['a'], 'The request body must be a JSON object'],
    ];
    for (const [body, message] of cases) {
      const res = await emu.call('POST', property(), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.category).toBe('VALIDATION_ERROR');
      expect(res.body.message).toContain(message);
    }
    expect(emu.state.eventDefinitions.order_shipped!.properties).toEqual([]);
  });

  it('answers 409 on a duplicate name and 404 for an unknown event', async () => {
    await createEvent({ propertyDefinitions: [carrier] });
    const dup = await emu.call('POST', property(), { label: 'Carrier', type: 'string' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({
      category: 'OBJECT_ALREADY_EXISTS',
      message: "The event 'order_shipped' already has a property named 'carrier'.",
    });
    const missing = await emu.call('POST', property('nope'), { label: 'X', type: 'string' });
    expect(missing.status).toBe(404);
    expect(missing.body.category).toBe('OBJECT_NOT_FOUND');
  });

  it('refuses the 501st property with 400', async () => {
    const propertyDefinitions = Array.from({ length: 500 }, (_, i) => ({ label: `P ${i}`, type: 'string' }));
    await createEvent({ propertyDefinitions });
    const res = await emu.call('POST', property(), { label: 'One more', type: 'string' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      "The event 'order_shipped' would have 501 properties; at most 500 are allowed. Delete unused properties first.",
    );
    expect((await emu.call('DELETE', `${property()}/p_0`)).status).toBe(204);
    expect((await emu.call('POST', property(), { label: 'One more', type: 'string' })).status).toBe(201);
  });

  it('deletes a property with 204, then 404; platform-defined ones with 400', async () => {
    await createEvent({ includeDefaultProperties: true, propertyDefinitions: [carrier] });
    const res = await emu.call('DELETE', `${property()}/carrier`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const names = emu.state.eventDefinitions.order_shipped!.properties.map((p) => p.name);
    expect(names).not.toContain('carrier');
    expect(names).toHaveLength(12);
    const again = await emu.call('DELETE', `${property()}/carrier`);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({
      category: 'OBJECT_NOT_FOUND',
      message: "The event 'order_shipped' has no property named 'carrier'.",
    });
    const builtIn = await emu.call('DELETE', `${property()}/hs_city`);
    expect(builtIn.status).toBe(400);
    expect(builtIn.body.message).toBe(
      "'hs_city' is a platform-defined property of the event 'order_shipped' and cannot be deleted.",
    );
    expect((await emu.call('DELETE', `${property('nope')}/carrier`)).status).toBe(404);
  });

  it('updates label, description and options with PATCH (201); name and type never change', async () => {
    await createEvent({ propertyDefinitions: [carrier, { name: 'note', label: 'Note', type: 'string' }] });
    const res = await emu.call('PATCH', `${property()}/carrier`, {
      label: 'Shipping carrier',
      description: '',
      options: [{ label: 'Boat', value: 'boat' }],
      name: 'renamed',
      type: 'string',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'carrier',
      type: 'enumeration',
      label: 'Shipping carrier',
      description: '',
      options: [{ label: 'Boat', value: 'boat', description: '', displayOrder: 0, hidden: false }],
    });
    const kept = await emu.call('PATCH', `${property()}/carrier`, { label: 'Carrier' });
    expect(kept.body.options).toEqual([
      { label: 'Boat', value: 'boat', description: '', displayOrder: 0, hidden: false },
    ]);
    expect(kept.body.description).toBe('');
    expect(emu.state.eventDefinitions.order_shipped!.properties[0]!.label).toBe('Carrier');
  });

  it('refuses bad PATCH bodies (400), unknown properties or events (404), platform-defined ones (400)', async () => {
    await createEvent({
      includeDefaultProperties: true,
      propertyDefinitions: [carrier, { name: 'note', label: 'Note', type: 'string' }],
    });
    const cases: [string, unknown, number][] = [
      ['carrier', { options: [] }, 400],
      [
        'carrier',
        {
          options: [
            { label: 'A', value: 'a' },
            { label: 'B', value: 'a' },
          ],
        },
        400,
      ],
      ['carrier', { label: '' }, 400],
      ['note', { options: [{ label: 'A', value: 'a' }] }, 400],
      ['note', [], 400],
      ['hs_city', { label: 'Town' }, 400],
      ['nope', { label: 'X' }, 404],
    ];
    for (const [name, body, status] of cases) {
      const res = await emu.call('PATCH', `${property()}/${name}`, body);
      expect(res.status, `${name} ${JSON.stringify(body)}`).toBe(status);
    }
    expect((await emu.call('PATCH', `${property('nope')}/carrier`, { label: 'X' })).status).toBe(404);
    const stored = emu.state.eventDefinitions.order_shipped!.properties;
    expect(stored.find((p) => p.name === 'carrier')!.options).toHaveLength(2);
    expect(stored.find((p) => p.name === 'hs_city')!.label).toBe('City');
  });
});

describe('event definition scopes', () => {
  it('answers 403 naming the event definitions scope on every endpoint', async () => {
    await createEvent({ propertyDefinitions: [carrier] });
    const calls: [string, string, unknown?][] = [
      ['GET', BASE],
      ['POST', BASE, { label: 'Other' }],
      ['GET', `${BASE}/order_shipped`],
      ['DELETE', `${BASE}/order_shipped`],
      ['POST', `${BASE}/order_shipped/property`, { label: 'X', type: 'string' }],
      ['PATCH', `${BASE}/order_shipped/property/carrier`, { label: 'X' }],
      ['DELETE', `${BASE}/order_shipped/property/carrier`],
    ];
    for (const [method, path, body] of calls) {
      const res = await emu.call(method, path, body, 'schemas-only');
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.category).toBe('MISSING_SCOPES');
      expect(res.body.errors[0].context.missingScopes).toEqual([
        'behavioral_events.event_definitions.read_write',
      ]);
    }
    expect(Object.keys(emu.state.eventDefinitions)).toEqual(['order_shipped']);
    expect((await emu.call('GET', BASE, undefined, null)).status).toBe(401);
  });
});

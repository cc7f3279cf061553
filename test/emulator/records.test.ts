import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { optionsOf, seedProperties } from '../helpers/seed-properties.js';

const TICKETS = '/crm/v3/objects/tickets';

describe('record endpoints: single create, read, update, archive', () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator({ tokens: ['test-token', 'reader:crm.objects.*.read'] });
    seedProperties(emu.state, '0-5', [
      { name: 'subject', type: 'string' },
      { name: 'emu_count', type: 'number' },
      { name: 'emu_flag', type: 'bool' },
      { name: 'emu_day', type: 'date' },
      { name: 'emu_at', type: 'datetime' },
      { name: 'emu_level', type: 'enumeration', options: optionsOf('low', 'high') },
      { name: 'emu_tags', type: 'enumeration', fieldType: 'checkbox', options: optionsOf('a', 'b', 'c') },
      { name: 'emu_owner', type: 'enumeration', externalOptions: true, referencedObjectType: 'OWNER' },
      { name: 'emu_sku', type: 'string', hasUniqueValue: true },
      { name: 'emu_plain', type: 'string' },
      { name: 'emu_calc', type: 'number', fieldType: 'calculation_equation' },
      {
        name: 'emu_locked',
        type: 'string',
        modificationMetadata: { archivable: false, readOnlyDefinition: true, readOnlyValue: true },
      },
      { name: 'emu_old', type: 'string', archived: true },
    ]);
  });
  afterAll(async () => {
    await emu.close();
  });

  it('creates a record: 201, a numeric id, the default properties plus those written', async () => {
    const res = await emu.call('POST', TICKETS, {
      properties: { subject: 'Printer on fire', emu_count: '3' },
      associations: [],
      objectWriteTraceId: 'trace-1',
    });
    expect(res.status).toBe(201);
    const { id, createdAt, updatedAt } = res.body;
    expect(id).toMatch(/^\d+$/);
    expect(createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(res.body).toEqual({
      id,
      properties: {
        hs_object_id: id,
        createdate: createdAt,
        hs_lastmodifieddate: updatedAt,
        subject: 'Printer on fire',
        emu_count: '3',
      },
      createdAt,
      updatedAt,
      archived: false,
      objectWriteTraceId: 'trace-1',
    });
  });

  it('reads one record: the default set, or exactly the properties asked for (unknown names ignored)', async () => {
    const created = await emu.call('POST', TICKETS, { properties: { subject: 'Read me', emu_count: '7' } });
    const id: string = created.body.id;
    const plain = await emu.call('GET', `${TICKETS}/${id}`);
    expect(plain.status).toBe(200);
    expect(plain.body.properties).toEqual({
      hs_object_id: id,
      createdate: created.body.createdAt,
      hs_lastmodifieddate: created.body.updatedAt,
      subject: 'Read me',
    });
    const picked = await emu.call('GET', `${TICKETS}/${id}?properties=emu_count,no_such_thing,emu_level`);
    expect(picked.body.properties).toEqual({ emu_count: '7', emu_level: null });
    const repeated = await emu.call('GET', `${TICKETS}/${id}?properties=emu_count&properties=subject`);
    expect(repeated.body.properties).toEqual({ emu_count: '7', subject: 'Read me' });
    const empty = await emu.call('GET', `${TICKETS}/${id}?properties=`);
    expect(Object.keys(empty.body.properties)).toEqual([
      'hs_object_id',
      'createdate',
      'hs_lastmodifieddate',
      'subject',
    ]);
  });

  it('normalises values by property type', async () => {
    const midnight = Date.UTC(2024, 0, 31);
    const res = await emu.call('POST', TICKETS, {
      properties: {
        emu_flag: 'TRUE',
        emu_day: String(midnight),
        emu_at: '2024-02-01T10:20:30+02:00',
        emu_count: ' 1.5e3 ',
        emu_tags: 'a;c',
        emu_level: 'high',
        emu_owner: '12345',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.properties).toMatchObject({
      emu_flag: 'true',
      emu_day: '2024-01-31',
      emu_at: '2024-02-01T08:20:30.000Z',
      emu_count: '1.5e3',
      emu_tags: 'a;c',
      emu_level: 'high',
      emu_owner: '12345',
    });
    const epoch = await emu.call('PATCH', `${TICKETS}/${res.body.id}`, { properties: { emu_at: '0' } });
    expect(epoch.body.properties.emu_at).toBe('1970-01-01T00:00:00.000Z');
  });

  it('refuses a write naming unknown, archived, read-only or badly typed properties, all named, writing nothing', async () => {
    const before = emu.state.counters.record;
    const res = await emu.call('POST', TICKETS, {
      properties: {
        nope: 'x',
        emu_old: 'x',
        emu_calc: '1',
        emu_locked: 'x',
        hs_object_id: '1',
        emu_count: 'ten',
        emu_flag: 'yes',
        emu_level: 'medium',
        emu_tags: 'a;z',
        emu_day: String(Date.UTC(2024, 0, 31) + 1000),
        emu_at: '31/01/2024',
        emu_plain: 'x'.repeat(65_537),
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.category).toBe('VALIDATION_ERROR');
    expect(res.body.message).toMatch(/^Property values were not valid: /);
    expect(res.body.message).toContain('Property "nope" does not exist on tickets');
    const codes = Object.fromEntries(res.body.errors.map((e: any) => [e.in, e.code]));
    expect(codes).toEqual({
      nope: 'PROPERTY_DOESNT_EXIST',
      emu_old: 'PROPERTY_DOESNT_EXIST',
      emu_calc: 'READ_ONLY_VALUE',
      emu_locked: 'READ_ONLY_VALUE',
      hs_object_id: 'READ_ONLY_VALUE',
      emu_count: 'INVALID_INTEGER',
      emu_flag: 'INVALID_BOOLEAN_OPTION',
      emu_level: 'INVALID_OPTION',
      emu_tags: 'INVALID_OPTION',
      emu_day: 'INVALID_DATE',
      emu_at: 'INVALID_DATE',
      emu_plain: 'INVALID_STRING_LENGTH',
    });
    const level = res.body.errors.find((e: any) => e.in === 'emu_level');
    expect(level.message).toBe(
      "'medium' is not a valid option for property \"emu_level\"; valid options: 'low', 'high'.",
    );
    expect(emu.state.counters.record).toBe(before);
  });

  it('refuses a properties value that is not an object', async () => {
    const res = await emu.call('POST', TICKETS, { properties: ['subject'] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'Invalid input JSON: properties must be an object of property name/value pairs.',
    );
  });

  it('updates one record: overwrites given values, clears with an empty string', async () => {
    const created = await emu.call('POST', TICKETS, { properties: { subject: 'Old', emu_count: '1' } });
    const id: string = created.body.id;
    const res = await emu.call('PATCH', `${TICKETS}/${id}`, {
      properties: { subject: 'New', emu_count: '' },
    });
    expect(res.status).toBe(200);
    expect(res.body.properties).toMatchObject({ subject: 'New', emu_count: null, hs_object_id: id });
    expect(res.body.updatedAt >= created.body.updatedAt).toBe(true);
    expect(res.body.properties.hs_lastmodifieddate).toBe(res.body.updatedAt);
    const read = await emu.call('GET', `${TICKETS}/${id}?properties=subject,emu_count`);
    expect(read.body.properties).toEqual({ subject: 'New', emu_count: null });
    expect(emu.state.objectTypes['0-5']!.records[id]!.properties).not.toHaveProperty('emu_count');
  });

  it('answers 400 for an update naming an unknown property and 404 for a missing record', async () => {
    const created = await emu.call('POST', TICKETS, { properties: { subject: 'x' } });
    const bad = await emu.call('PATCH', `${TICKETS}/${created.body.id}`, { properties: { nope: '1' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      {
        message: 'Property "nope" does not exist on tickets; create it first or fix the name.',
        code: 'PROPERTY_DOESNT_EXIST',
        in: 'nope',
      },
    ]);
    const missing = await emu.call('PATCH', `${TICKETS}/99999999`, { properties: { subject: 'x' } });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ status: 'error', category: 'OBJECT_NOT_FOUND' });
    expect(missing.body.message).toContain("No tickets record with id '99999999' was found");
  });

  it('enforces unique values with 409 naming the property and the existing record', async () => {
    const first = await emu.call('POST', TICKETS, { properties: { emu_sku: 'SKU-1' } });
    const dup = await emu.call('POST', TICKETS, { properties: { emu_sku: 'SKU-1' } });
    expect(dup.status).toBe(409);
    expect(dup.body.category).toBe('CONFLICT');
    expect(dup.body.message).toBe(
      `A tickets record with emu_sku 'SKU-1' already exists. Existing ID: ${first.body.id}. Property "emu_sku" requires unique values.`,
    );
    expect(dup.body.context).toEqual({ id: [first.body.id], propertyName: ['emu_sku'] });
    const other = await emu.call('POST', TICKETS, { properties: { emu_sku: 'SKU-2' } });
    const steal = await emu.call('PATCH', `${TICKETS}/${other.body.id}`, {
      properties: { emu_sku: 'SKU-1' },
    });
    expect(steal.status).toBe(409);
    const same = await emu.call('PATCH', `${TICKETS}/${first.body.id}`, { properties: { emu_sku: 'SKU-1' } });
    expect(same.status).toBe(200);
  });

  it('reads and updates by idProperty', async () => {
    const created = await emu.call('POST', TICKETS, { properties: { emu_sku: 'BY-VALUE', subject: 's' } });
    const read = await emu.call('GET', `${TICKETS}/BY-VALUE?idProperty=emu_sku&properties=subject`);
    expect(read.status).toBe(200);
    expect(read.body.id).toBe(created.body.id);
    const updated = await emu.call('PATCH', `${TICKETS}/BY-VALUE?idProperty=emu_sku`, {
      properties: { subject: 'changed' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.body.id, properties: { subject: 'changed' } });
    const missing = await emu.call('GET', `${TICKETS}/NO-SUCH?idProperty=emu_sku`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toContain("No tickets record with emu_sku 'NO-SUCH' was found");
    const notUnique = await emu.call('GET', `${TICKETS}/s?idProperty=subject`);
    expect(notUnique.status).toBe(400);
    expect(notUnique.body.message).toBe(
      'idProperty "subject" is not a unique-value property of tickets; use a property with hasUniqueValue: true, or omit idProperty to use record ids.',
    );
  });

  it('archives: 204, then 404 without archived=true, found with it; the unique value is freed', async () => {
    const created = await emu.call('POST', TICKETS, { properties: { emu_sku: 'GONE', subject: 'bye' } });
    const id: string = created.body.id;
    const del = await emu.call('DELETE', `${TICKETS}/${id}`);
    expect(del.status).toBe(204);
    expect(del.text).toBe('');
    expect((await emu.call('GET', `${TICKETS}/${id}`)).status).toBe(404);
    const archived = await emu.call('GET', `${TICKETS}/${id}?archived=true`);
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ id, archived: true });
    expect(archived.body.archivedAt).toMatch(/^\d{4}-/);
    // the archive is the record's last modification
    expect(archived.body.properties.hs_lastmodifieddate).toBe(archived.body.archivedAt);
    expect(archived.body.updatedAt).toBe(archived.body.archivedAt);
    expect((await emu.call('PATCH', `${TICKETS}/${id}`, { properties: { subject: 'x' } })).status).toBe(404);
    expect((await emu.call('GET', `${TICKETS}/GONE?idProperty=emu_sku`)).status).toBe(404);
    const again = await emu.call('POST', TICKETS, { properties: { emu_sku: 'GONE' } });
    expect(again.status).toBe(201);
    expect((await emu.call('DELETE', `${TICKETS}/77777777`)).status).toBe(204);
  });

  it('keeps every value with its timestamp and source for propertiesWithHistory, newest first', async () => {
    const created = await emu.call('POST', TICKETS, { properties: { emu_count: '1' } });
    const id: string = created.body.id;
    const second = await emu.call('PATCH', `${TICKETS}/${id}`, { properties: { emu_count: '2' } });
    await emu.call('PATCH', `${TICKETS}/${id}`, { properties: { emu_count: '2' } }); // unchanged: no entry
    const third = await emu.call('PATCH', `${TICKETS}/${id}`, { properties: { emu_count: '' } });
    const res = await emu.call(
      'GET',
      `${TICKETS}/${id}?propertiesWithHistory=emu_count,unknown_one&properties=emu_count`,
    );
    expect(res.body.properties).toEqual({ emu_count: null });
    expect(res.body.propertiesWithHistory).toEqual({
      emu_count: [
        { value: '', timestamp: third.body.updatedAt, sourceType: 'API' },
        { value: '2', timestamp: second.body.updatedAt, sourceType: 'API' },
        { value: '1', timestamp: created.body.createdAt, sourceType: 'API' },
      ],
    });
  });

  it('answers 404 for a missing record, 400 for an unknown object type or a body that is not an object', async () => {
    const missing = await emu.call('GET', `${TICKETS}/123456789`);
    expect(missing.status).toBe(404);
    const unknown = await emu.call('GET', '/crm/v3/objects/no_such_type/1');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unable to infer object type from: no_such_type');
    // names of Object.prototype members are plain unknown names
    expect((await emu.call('GET', '/crm/v3/objects/constructor/1')).status).toBe(400);
    expect((await emu.call('GET', `${TICKETS}/constructor`)).status).toBe(404);
    expect((await emu.call('PATCH', `${TICKETS}/__proto__`, { properties: {} })).status).toBe(404);
    const active = await emu.call('POST', TICKETS, { properties: {} });
    expect((await emu.call('GET', `${TICKETS}/${active.body.id}?archived=true`)).status).toBe(404);
    const notObject = await emu.call('POST', TICKETS, [1, 2]);
    expect(notObject.status).toBe(400);
    expect(notObject.body.message).toBe('Invalid input JSON: the request body must be a JSON object.');
  });

  it('needs the write scope to write and the read scope to read', async () => {
    const denied = await emu.call('POST', TICKETS, { properties: {} }, 'reader');
    expect(denied.status).toBe(403);
    expect(denied.body.category).toBe('MISSING_SCOPES');
    expect(denied.body.errors[0].context.missingScopes).toEqual(['crm.objects.tickets.write']);
    const created = await emu.call('POST', TICKETS, { properties: { subject: 'scoped' } });
    const read = await emu.call('GET', `${TICKETS}/${created.body.id}`, undefined, 'reader');
    expect(read.status).toBe(200);
    const patch = await emu.call('PATCH', `${TICKETS}/${created.body.id}`, { properties: {} }, 'reader');
    expect(patch.status).toBe(403);
    const del = await emu.call('DELETE', `${TICKETS}/${created.body.id}`, undefined, 'reader');
    expect(del.status).toBe(403);
  });
});

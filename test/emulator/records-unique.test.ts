import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';

const TICKETS = '/crm/v3/objects/tickets';
const PROPERTIES = '/crm/v3/properties/tickets';

const definition = (name: string, hasUniqueValue: boolean) => ({
  name,
  label: name,
  type: 'string',
  fieldType: 'text',
  groupName: 'ticketinformation',
  hasUniqueValue,
});

describe('unique values over the life of a property definition', () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator();
  });
  afterAll(async () => {
    await emu.close();
  });

  it('enforces a property restored as unique against values written while it was not unique', async () => {
    expect((await emu.call('POST', PROPERTIES, definition('emu_code', true))).status).toBe(201);
    expect((await emu.call('POST', TICKETS, { properties: { emu_code: 'A' } })).status).toBe(201);
    // archived, then restored without hasUniqueValue: values are no longer unique-checked
    expect((await emu.call('DELETE', `${PROPERTIES}/emu_code`)).status).toBe(204);
    expect((await emu.call('POST', PROPERTIES, definition('emu_code', false))).status).toBe(201);
    const holder = await emu.call('POST', TICKETS, { properties: { emu_code: 'B' } });
    expect(holder.status).toBe(201);
    // archived again and restored as unique: 'B' is held by `holder`
    expect((await emu.call('DELETE', `${PROPERTIES}/emu_code`)).status).toBe(204);
    expect((await emu.call('POST', PROPERTIES, definition('emu_code', true))).status).toBe(201);

    const duplicate = await emu.call('POST', TICKETS, { properties: { emu_code: 'B' } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.context).toEqual({ id: [holder.body.id], propertyName: ['emu_code'] });
    const byValue = await emu.call('GET', `${TICKETS}/B?idProperty=emu_code`);
    expect(byValue.status).toBe(200);
    expect(byValue.body.id).toBe(holder.body.id);
  });

  it('reads and updates by a unique value longer than 100 characters in the path', async () => {
    expect((await emu.call('POST', PROPERTIES, definition('emu_long_key', true))).status).toBe(201);
    const key = `k${'x'.repeat(300)}`;
    const created = await emu.call('POST', TICKETS, { properties: { emu_long_key: key, subject: 'long' } });
    expect(created.status).toBe(201);
    const read = await emu.call('GET', `${TICKETS}/${key}?idProperty=emu_long_key&properties=subject`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: created.body.id, properties: { subject: 'long' } });
    const updated = await emu.call('PATCH', `${TICKETS}/${key}?idProperty=emu_long_key`, {
      properties: { subject: 'changed' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.properties.subject).toBe('changed');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';

const G = '/crm/v3/properties/tickets/groups';
const P = '/crm/v3/properties/tickets';

describe('emulator: property groups (beyond the spec)', () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator({ tokens: ['test-token', 't:crm.schemas.tickets.read'] });
  });
  afterAll(async () => {
    await emu.close();
  });

  it('lists the built-in groups of a fresh account', async () => {
    const res = await emu.call('GET', G);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      results: [
        { name: 'ticketinformation', label: 'Ticket information', displayOrder: 0, archived: false },
        { name: 'ticket_activity', label: 'Ticket activity', displayOrder: 1, archived: false },
      ],
    });
    const byId = await emu.call('GET', '/crm/v3/properties/0-1/groups');
    expect(byId.body.results.map((g: any) => g.name)).toEqual(['contactinformation', 'emailinformation']);
  });

  it('creates a group: 201 with displayOrder -1 by default; extra fields ignored', async () => {
    const res = await emu.call('POST', G, { name: 'escalation', label: 'Escalation', archived: true, x: 1 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ name: 'escalation', label: 'Escalation', displayOrder: -1, archived: false });
    expect(emu.state.objectTypes['0-5']!.groups.escalation).toEqual(res.body);
    const ordered = await emu.call('POST', G, { name: 'ordered', label: 'Ordered', displayOrder: 5 });
    expect(ordered.body.displayOrder).toBe(5);
  });

  it('answers 409 on an active duplicate name', async () => {
    const res = await emu.call('POST', G, { name: 'escalation', label: 'Again' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      category: 'OBJECT_ALREADY_EXISTS',
      message: "A property group named 'escalation' already exists.",
    });
    expect((await emu.call('POST', G, { name: 'ticketinformation', label: 'Mine' })).status).toBe(409);
  });

  it.each([
    ['a missing name', { label: 'L' }, 'REQUIRED_FIELD', 'name'],
    ['a missing label', { name: 'no_label' }, 'REQUIRED_FIELD', 'label'],
    ['an empty label', { name: 'no_label', label: '' }, 'INVALID_STRING', 'label'],
    ['an invalid name', { name: 'Bad Name', label: 'L' }, 'INVALID_GROUP_NAME', 'name'],
    [
      'a fractional displayOrder',
      { name: 'g_order', label: 'L', displayOrder: 0.5 },
      'INVALID_INTEGER',
      'displayOrder',
    ],
  ])('refuses %s with 400', async (_what, body, code, where) => {
    const res = await emu.call('POST', G, body);
    expect(res.status).toBe(400);
    expect(res.body.category).toBe('VALIDATION_ERROR');
    expect(res.body.errors).toContainEqual(expect.objectContaining({ code, in: where }));
  });

  it('gets one group; 404 when missing', async () => {
    const res = await emu.call('GET', `${G}/escalation`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ name: 'escalation', label: 'Escalation', displayOrder: -1, archived: false });
    const missing = await emu.call('GET', `${G}/nope`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      category: 'OBJECT_NOT_FOUND',
      message: "No property group named 'nope' exists on tickets.",
    });
  });

  it('updates label and displayOrder only', async () => {
    const res = await emu.call('PATCH', `${G}/escalation`, {
      label: 'Escalations',
      displayOrder: 2,
      name: 'x',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ name: 'escalation', label: 'Escalations', displayOrder: 2, archived: false });
    const bad = await emu.call('PATCH', `${G}/escalation`, { displayOrder: 'first' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      expect.objectContaining({ code: 'INVALID_INTEGER', in: 'displayOrder' }),
    ]);
    expect((await emu.call('PATCH', `${G}/nope`, { label: 'x' })).status).toBe(404);
  });

  it('refuses to archive a group that holds active properties, then archives it once they are archived', async () => {
    const created = await emu.call('POST', P, {
      name: 'level',
      label: 'Level',
      type: 'string',
      fieldType: 'text',
      groupName: 'escalation',
    });
    expect(created.status).toBe(201);
    const refused = await emu.call('DELETE', `${G}/escalation`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      category: 'VALIDATION_ERROR',
      subCategory: 'PropertyGroupError.GROUP_WITH_ACTIVE_PROPERTIES',
      message:
        "The property group 'escalation' of tickets still holds 1 active properties (level); archive them or move them to another group first.",
    });
    expect((await emu.call('DELETE', `${P}/level`)).status).toBe(204);
    const res = await emu.call('DELETE', `${G}/escalation`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
  });

  it('hides an archived group unless archived=true, and 404s a second archive', async () => {
    expect((await emu.call('GET', `${G}/escalation`)).status).toBe(404);
    const archived = await emu.call('GET', `${G}/escalation?archived=true`);
    expect(archived.body).toEqual({
      name: 'escalation',
      label: 'Escalations',
      displayOrder: 2,
      archived: true,
    });
    expect((await emu.call('GET', G)).body.results.map((g: any) => g.name)).not.toContain('escalation');
    expect((await emu.call('GET', `${G}?archived=true`)).body.results.map((g: any) => g.name)).toEqual([
      'escalation',
    ]);
    expect((await emu.call('DELETE', `${G}/escalation`)).status).toBe(404);
    expect((await emu.call('PATCH', `${G}/escalation`, { label: 'x' })).status).toBe(404);
  });

  it('does not take new properties into an archived group', async () => {
    const res = await emu.call('POST', P, {
      name: 'late',
      label: 'Late',
      type: 'string',
      fieldType: 'text',
      groupName: 'escalation',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ code: 'GROUP_NOT_FOUND', in: 'groupName' })]);
    expect(res.body.errors[0].message).toMatch(/is archived/);
  });

  it('restores an archived group when it is created again', async () => {
    const res = await emu.call('POST', G, { name: 'escalation', label: 'Back again' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ name: 'escalation', label: 'Back again', displayOrder: -1, archived: false });
    expect((await emu.call('GET', `${G}/escalation`)).status).toBe(200);
  });

  it('refuses to archive a built-in group', async () => {
    for (const name of ['ticketinformation', 'ticket_activity']) {
      const res = await emu.call('DELETE', `${G}/${name}`);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ code: 'NOT_ARCHIVABLE' })]);
    }
    expect((await emu.call('GET', `${G}/ticket_activity`)).body.archived).toBe(false);
  });

  it('needs the schema write scope to change groups', async () => {
    expect((await emu.call('GET', G, undefined, 't')).status).toBe(200);
    expect((await emu.call('GET', `${G}/ticketinformation`, undefined, 't')).status).toBe(200);
    for (const [method, path, body] of [
      ['POST', G, { name: 'scoped', label: 'Scoped' }],
      ['PATCH', `${G}/ordered`, { label: 'x' }],
      ['DELETE', `${G}/ordered`, undefined],
    ] as const) {
      const res = await emu.call(method, path, body, 't');
      expect(res.status).toBe(403);
      expect(res.body.errors[0].context.missingScopes).toEqual(['crm.schemas.tickets.write']);
    }
    expect((await emu.call('GET', `${G}/ordered`)).body.label).toBe('Ordered');
  });
});

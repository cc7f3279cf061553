import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';

const PREFIXES = ['/crm/v4/associations', '/crm/associations/v4'] as const;

let emu: TestEmulator;
beforeEach(async () => {
  emu = await startTestEmulator({
    tokens: ['full', 'tickets-ro:crm.schemas.tickets.read', 'tickets-rw:crm.schemas.tickets.*'],
  });
});
afterEach(async () => {
  await emu.close();
});

const labels = (prefix: string, from: string, to: string) => `${prefix}/${from}/${to}/labels`;

describe.each(PREFIXES)('association labels under %s', (prefix) => {
  it('lists every type of the direction, the unlabeled one with label null, never a name', async () => {
    const res = await emu.call('GET', labels(prefix, 'contacts', 'companies'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      results: [
        { category: 'PLATFORM_DEFINED', typeId: 1, label: 'Primary' },
        { category: 'PLATFORM_DEFINED', typeId: 279, label: null },
      ],
    });
    const byId = await emu.call('GET', labels(prefix, '0-5', '0-123'));
    expect(byId.body).toEqual({ results: [{ category: 'PLATFORM_DEFINED', typeId: 27, label: null }] });
  });

  it('creates a label as two user-defined types with new ids, one per direction', async () => {
    const res = await emu.call('POST', labels(prefix, 'tickets', 'orders'), {
      name: 'primary_order',
      label: 'Primary order',
      inverseLabel: 'Escalated ticket',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      results: [
        { category: 'USER_DEFINED', typeId: 1001, label: 'Primary order' },
        { category: 'USER_DEFINED', typeId: 1002, label: 'Escalated ticket' },
      ],
    });
    expect((await emu.call('GET', labels(prefix, 'tickets', 'orders'))).body.results).toEqual([
      { category: 'PLATFORM_DEFINED', typeId: 27, label: null },
      { category: 'USER_DEFINED', typeId: 1001, label: 'Primary order' },
    ]);
    expect((await emu.call('GET', labels(prefix, 'orders', 'tickets'))).body.results).toEqual([
      { category: 'PLATFORM_DEFINED', typeId: 28, label: null },
      { category: 'USER_DEFINED', typeId: 1002, label: 'Escalated ticket' },
    ]);
    expect(emu.state.associationTypes['1001']).toEqual({
      typeId: 1001,
      category: 'USER_DEFINED',
      fromObjectTypeId: '0-5',
      toObjectTypeId: '0-123',
      label: 'Primary order',
      name: 'primary_order',
      inverseTypeId: 1002,
    });
    expect(emu.state.counters.associationType).toBe(1002);
  });

  it('labels the inverse with the label when no inverseLabel is given, also for a same-type pair', async () => {
    const res = await emu.call('POST', labels(prefix, 'contacts', 'contacts'), {
      name: 'manager',
      label: 'Manager',
    });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { category: 'USER_DEFINED', typeId: 1001, label: 'Manager' },
      { category: 'USER_DEFINED', typeId: 1002, label: 'Manager' },
    ]);
    expect((await emu.call('GET', labels(prefix, 'contacts', 'contacts'))).body.results).toEqual(
      res.body.results,
    );
  });

  it('refuses invalid bodies with 400 VALIDATION_ERROR', async () => {
    const path = labels(prefix, 'tickets', 'orders');
    for (const body of [
      { name: 'primary-order', label: 'X' },
      { name: '1st_order', label: 'X' },
      { name: '', label: 'X' },
      { label: 'X' },
      { name: 'ok_name' },
      { name: 'ok_name', label: 'X', inverseLabel: '' },
      [],
    ]) {
      const res = await emu.call('POST', path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ status: 'error', category: 'VALIDATION_ERROR' });
    }
    const hyphen = await emu.call('POST', path, { name: 'primary-order', label: 'X' });
    expect(hyphen.body.message).toBe(
      'The association label name "primary-order" is invalid: it must not contain a hyphen (-). ' +
        "Use letters, digits and underscores, e.g. 'primary_order'.",
    );
    expect(Object.keys(emu.state.associationTypes).filter((id) => Number(id) > 1000)).toEqual([]);
  });

  it('answers 400 for an unknown object type', async () => {
    const res = await emu.call('GET', labels(prefix, 'tickets', 'spaceships'));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      category: 'VALIDATION_ERROR',
      message: 'Unable to infer object type from: spaceships',
    });
  });

  it('answers 409 OBJECT_ALREADY_EXISTS on a duplicate name or label within the pair', async () => {
    const path = labels(prefix, 'tickets', 'orders');
    await emu.call('POST', path, {
      name: 'primary_order',
      label: 'Primary order',
      inverseLabel: 'Main ticket',
    });
    const cases = [
      { name: 'primary_order', label: 'Other' },
      { name: 'other', label: 'Primary order' },
      { name: 'other', label: 'Other', inverseLabel: 'Main ticket' },
    ];
    for (const body of cases) {
      const res = await emu.call('POST', path, body);
      expect(res.status, JSON.stringify(body)).toBe(409);
      expect(res.body.category).toBe('OBJECT_ALREADY_EXISTS');
    }
    // the same name from the other side of the pair is the same label
    const reversed = await emu.call('POST', labels(prefix, 'orders', 'tickets'), {
      name: 'primary_order',
      label: 'Z',
    });
    expect(reversed.status).toBe(409);
    const builtIn = await emu.call('POST', labels(prefix, 'contacts', 'companies'), {
      name: 'p',
      label: 'Primary',
    });
    expect(builtIn.status).toBe(409);
    expect(builtIn.body.message).toBe(
      "The association label 'Primary' already exists from contacts to companies (type 1).",
    );
    // another pair may reuse the name and label
    const elsewhere = await emu.call('POST', labels(prefix, 'tickets', 'products'), {
      name: 'primary_order',
      label: 'Primary order',
    });
    expect(elsewhere.status).toBe(200);
  });

  it('allows 50 labels per object pair, counted in both directions, and answers 437 on the 51st', async () => {
    for (let i = 0; i < 50; i++) {
      const [from, to] = i % 2 === 0 ? ['tickets', 'orders'] : ['orders', 'tickets'];
      const res = await emu.call('POST', labels(prefix, from, to), {
        name: `label_${i}`,
        label: `Label ${i}`,
      });
      expect(res.status).toBe(200);
    }
    const res = await emu.call('POST', labels(prefix, 'tickets', 'orders'), {
      name: 'label_50',
      label: 'Label 50',
    });
    expect(res.status).toBe(437);
    expect(res.body).toMatchObject({
      status: 'error',
      category: 'VALIDATION_ERROR',
      subCategory: 'AssociationLabelError.LABEL_LIMIT_EXCEEDED',
      message:
        'tickets and orders already have 50 association labels, the most allowed per object pair. ' +
        'Delete an unused label before creating another.',
    });
    expect(res.body.correlationId).toMatch(/^[0-9a-f-]{36}$/);
    const other = await emu.call('POST', labels(prefix, 'tickets', 'products'), {
      name: 'label_50',
      label: 'L',
    });
    expect(other.status).toBe(200);
  });

  it('relabels a user type with PUT (and its inverse with inverseLabel); name and ids never change', async () => {
    const path = labels(prefix, 'tickets', 'orders');
    await emu.call('POST', path, {
      name: 'primary_order',
      label: 'Primary order',
      inverseLabel: 'Main ticket',
    });
    const put = await emu.call('PUT', path, { associationTypeId: 1001, label: 'First order' });
    expect(put.status).toBe(204);
    expect(put.text).toBe('');
    expect(emu.state.associationTypes['1001']).toMatchObject({ label: 'First order', name: 'primary_order' });
    expect(emu.state.associationTypes['1002']!.label).toBe('Main ticket');

    const both = await emu.call('PUT', path, {
      associationTypeId: 1001,
      label: 'Order',
      inverseLabel: 'Ticket',
    });
    expect(both.status).toBe(204);
    expect((await emu.call('GET', path)).body.results[1]).toEqual({
      category: 'USER_DEFINED',
      typeId: 1001,
      label: 'Order',
    });
    expect((await emu.call('GET', labels(prefix, 'orders', 'tickets'))).body.results[1]).toEqual({
      category: 'USER_DEFINED',
      typeId: 1002,
      label: 'Ticket',
    });
    // the inverse type may be named through the pair's path too
    expect((await emu.call('PUT', path, { associationTypeId: 1002, label: 'Ticket 2' })).status).toBe(204);
    expect(emu.state.associationTypes['1002']!.label).toBe('Ticket 2');
    expect(emu.state.associationTypes['1002']!.name).toBe('primary_order');
  });

  it('refuses PUT on platform types (400), unknown or foreign types (404), duplicates (409), bad bodies (400)', async () => {
    const path = labels(prefix, 'tickets', 'orders');
    await emu.call('POST', path, { name: 'a', label: 'A' });
    await emu.call('POST', path, { name: 'b', label: 'B' });
    const cases: [unknown, number, string][] = [
      [{ associationTypeId: 27, label: 'X' }, 400, 'VALIDATION_ERROR'],
      [{ associationTypeId: 99999, label: 'X' }, 404, 'OBJECT_NOT_FOUND'],
      [{ associationTypeId: 279, label: 'X' }, 404, 'OBJECT_NOT_FOUND'],
      [{ associationTypeId: 1003, label: 'A' }, 409, 'OBJECT_ALREADY_EXISTS'],
      [{ associationTypeId: 1003, label: 'Z', inverseLabel: 'A' }, 409, 'OBJECT_ALREADY_EXISTS'],
      [{ associationTypeId: 'x', label: 'X' }, 400, 'VALIDATION_ERROR'],
      [{ associationTypeId: 1001 }, 400, 'VALIDATION_ERROR'],
    ];
    for (const [body, status, category] of cases) {
      const res = await emu.call('PUT', path, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.category).toBe(category);
    }
    expect(emu.state.associationTypes['27']!.label).toBeNull();
    expect(emu.state.associationTypes['1003']!.label).toBe('B');
  });

  it('deletes both directions and the label from every record association using them', async () => {
    const path = labels(prefix, 'tickets', 'orders');
    await emu.call('POST', path, { name: 'primary_order', label: 'Primary order' });
    await emu.call('POST', path, { name: 'other', label: 'Other' });
    const link = (typeId: number, from = '0-5', to = '0-123') => ({
      fromObjectTypeId: from,
      fromId: from === '0-5' ? '1' : '2',
      toObjectTypeId: to,
      toId: to === '0-5' ? '1' : '2',
      typeId,
      category: typeId > 1000 ? 'USER_DEFINED' : 'PLATFORM_DEFINED',
    });
    emu.state.recordAssociations.push(
      link(27),
      link(1001),
      link(1003),
      link(28, '0-123', '0-5'),
      link(1002, '0-123', '0-5'),
      link(1004, '0-123', '0-5'),
    );
    const res = await emu.call('DELETE', `${path}/1001`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(emu.state.associationTypes['1001']).toBeUndefined();
    expect(emu.state.associationTypes['1002']).toBeUndefined();
    expect(emu.state.recordAssociations.map((a) => a.typeId)).toEqual([27, 1003, 28, 1004]);
    expect((await emu.call('GET', path)).body.results.map((r: { typeId: number }) => r.typeId)).toEqual([
      27, 1003,
    ]);
    expect((await emu.call('DELETE', `${path}/1001`)).status).toBe(404);
    // deleting through the other direction's id removes the pair as well
    expect((await emu.call('DELETE', `${labels(prefix, 'orders', 'tickets')}/1004`)).status).toBe(204);
    expect(emu.state.associationTypes['1003']).toBeUndefined();
    expect(emu.state.recordAssociations.map((a) => a.typeId)).toEqual([27, 28]);
  });

  it('refuses DELETE of platform types (400), unknown or foreign types (404) and bad ids (400)', async () => {
    const path = labels(prefix, 'tickets', 'orders');
    const cases: [string, number, string][] = [
      ['27', 400, 'VALIDATION_ERROR'],
      ['28', 400, 'VALIDATION_ERROR'],
      ['99999', 404, 'OBJECT_NOT_FOUND'],
      ['279', 404, 'OBJECT_NOT_FOUND'],
      ['abc', 400, 'VALIDATION_ERROR'],
    ];
    for (const [id, status, category] of cases) {
      const res = await emu.call('DELETE', `${path}/${id}`);
      expect(res.status, id).toBe(status);
      expect(res.body.category).toBe(category);
    }
    expect(emu.state.associationTypes['27']).toBeDefined();
  });

  it('needs the schema read scope of the from type to read and its write scope to change', async () => {
    expect((await emu.call('GET', labels(prefix, 'tickets', 'orders'), undefined, 'tickets-ro')).status).toBe(
      200,
    );
    const calls: [string, string, unknown, string][] = [
      ['POST', labels(prefix, 'tickets', 'orders'), { name: 'a', label: 'A' }, 'crm.schemas.tickets.write'],
      [
        'PUT',
        labels(prefix, 'tickets', 'orders'),
        { associationTypeId: 27, label: 'A' },
        'crm.schemas.tickets.write',
      ],
      ['DELETE', `${labels(prefix, 'tickets', 'orders')}/27`, undefined, 'crm.schemas.tickets.write'],
      ['GET', labels(prefix, 'orders', 'tickets'), undefined, 'crm.schemas.orders.read'],
    ];
    for (const [method, path, body, missing] of calls) {
      const res = await emu.call(method, path, body, 'tickets-ro');
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.category).toBe('MISSING_SCOPES');
      expect(res.body.errors[0].context.missingScopes).toEqual([missing]);
    }
    const ok = await emu.call(
      'POST',
      labels(prefix, 'tickets', 'orders'),
      { name: 'a', label: 'A' },
      'tickets-rw',
    );
    expect(ok.status).toBe(200);
    expect((await emu.call('GET', labels(prefix, 'tickets', 'orders'), undefined, null)).status).toBe(401);
  });
});

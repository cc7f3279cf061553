import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_OBJECT_TYPES } from '../../src/emulator/state/object-types.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';

const P = '/crm/v3/properties/tickets';
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const READ_ONLY_TOKEN = 't:crm.schemas.tickets.read';

/** The request fields of a property create: what a client sends back when it recreates a definition it read. */
const REQUEST_FIELDS = [
  'name',
  'label',
  'type',
  'fieldType',
  'groupName',
  'description',
  'options',
  'displayOrder',
  'calculationFormula',
  'dataSensitivity',
  'externalOptions',
  'referencedObjectType',
  'formField',
  'hasUniqueValue',
  'hidden',
] as const;
const requestFields = (p: Record<string, unknown>) =>
  Object.fromEntries(REQUEST_FIELDS.filter((k) => k in p).map((k) => [k, p[k]]));

const prop = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  label: `Label ${name}`,
  type: 'string',
  fieldType: 'text',
  groupName: 'escalation',
  ...extra,
});
const levelOptions = [
  { label: 'Low', value: 'low' },
  { label: 'High', value: 'high' },
];
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('emulator: property definitions', () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator({ tokens: ['test-token', READ_ONLY_TOKEN] });
    for (const type of ['tickets', 'products', 'courses']) {
      const res = await emu.call('POST', `/crm/v3/properties/${type}/groups`, {
        name: 'escalation',
        label: 'Escalation',
      });
      expect(res.status).toBe(201);
    }
  });
  afterAll(async () => {
    await emu.close();
  });

  describe('built-in schema', () => {
    it.each(BUILT_IN_OBJECT_TYPES.map((t) => [t.name, t.objectTypeId, t.primaryProperty]))(
      '%s (%s) starts with the common built-ins and its primary property %s',
      async (_name, id, primary) => {
        const res = await emu.call('GET', `/crm/v3/properties/${id}`);
        expect(res.status).toBe(200);
        const byName = new Map<string, any>(res.body.results.map((p: any) => [p.name, p]));
        for (const name of ['hs_object_id', 'createdate', 'hs_createdate', 'hs_lastmodifieddate']) {
          expect(byName.get(name)?.modificationMetadata).toEqual({
            archivable: false,
            readOnlyDefinition: true,
            readOnlyOptions: true,
            readOnlyValue: true,
          });
        }
        expect(byName.get('hubspot_owner_id')).toMatchObject({
          type: 'enumeration',
          externalOptions: true,
          referencedObjectType: 'OWNER',
          options: [],
        });
        expect(byName.get(primary)).toMatchObject({
          type: 'string',
          fieldType: 'text',
          platformDefined: true,
        });
        for (const p of res.body.results) {
          expect(p).toMatchObject({ platformDefined: true, archived: false });
          expect(p.modificationMetadata.archivable).toBe(false);
        }
      },
    );

    it('gives tickets their pipeline, status and priority enumerations', async () => {
      const res = await emu.call('GET', `${P}/hs_ticket_priority`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        name: 'hs_ticket_priority',
        label: 'Priority',
        type: 'enumeration',
        fieldType: 'select',
        groupName: 'ticketinformation',
        description: '',
        options: [
          { label: 'Low', value: 'LOW', description: '', displayOrder: 0, hidden: false },
          { label: 'Medium', value: 'MEDIUM', description: '', displayOrder: 1, hidden: false },
          { label: 'High', value: 'HIGH', description: '', displayOrder: 2, hidden: false },
        ],
        displayOrder: -1,
        dataSensitivity: 'non_sensitive',
        externalOptions: false,
        formField: false,
        hasUniqueValue: false,
        hidden: false,
        archived: false,
        calculated: false,
        createdAt: expect.stringMatching(ISO),
        updatedAt: expect.stringMatching(ISO),
        platformDefined: true,
        modificationMetadata: {
          archivable: false,
          readOnlyDefinition: true,
          readOnlyOptions: false,
          readOnlyValue: false,
        },
      });
      const stages = await emu.call('GET', `${P}/hs_pipeline_stage`);
      expect(stages.body.options.map((o: any) => o.value)).toEqual(['1', '2', '3', '4']);
    });

    it('refuses to change or archive a built-in property', async () => {
      const patch = await emu.call('PATCH', `${P}/subject`, { label: 'Title' });
      expect(patch.status).toBe(400);
      expect(patch.body).toMatchObject({
        category: 'VALIDATION_ERROR',
        errors: [{ code: 'READ_ONLY_DEFINITION' }],
      });
      expect(patch.body.message).toBe(
        "The property 'subject' of tickets is built in (platformDefined) and its definition is read-only; it cannot be changed.",
      );
      const del = await emu.call('DELETE', `${P}/subject`);
      expect(del.status).toBe(400);
      expect(del.body).toMatchObject({ category: 'VALIDATION_ERROR', errors: [{ code: 'NOT_ARCHIVABLE' }] });
      expect((await emu.call('GET', `${P}/subject`)).body.label).toBe('Ticket name');
    });
  });

  describe('create', () => {
    it('answers 201 with the defaults filled', async () => {
      const res = await emu.call('POST', P, prop('escalation_note', { label: 'Escalation note' }));
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        name: 'escalation_note',
        label: 'Escalation note',
        type: 'string',
        fieldType: 'text',
        groupName: 'escalation',
        description: '',
        options: [],
        displayOrder: -1,
        dataSensitivity: 'non_sensitive',
        externalOptions: false,
        formField: false,
        hasUniqueValue: false,
        hidden: false,
        archived: false,
        calculated: false,
        createdAt: expect.stringMatching(ISO),
        updatedAt: res.body.createdAt,
        // the token's user (the first token given is user 1)
        createdUserId: '1',
        updatedUserId: '1',
        platformDefined: false,
        modificationMetadata: {
          archivable: true,
          readOnlyDefinition: false,
          readOnlyOptions: false,
          readOnlyValue: false,
        },
      });
      expect(emu.state.objectTypes['0-5']!.properties.escalation_note).toEqual(res.body);
    });

    it('fills each option to label, value, description, displayOrder (its index) and hidden', async () => {
      const res = await emu.call(
        'POST',
        P,
        prop('escalation_level', {
          type: 'enumeration',
          fieldType: 'select',
          options: [
            { label: 'Low', value: 'low' },
            { label: 'High', value: 'high', description: 'Page someone', displayOrder: 7, hidden: true },
          ],
        }),
      );
      expect(res.status).toBe(201);
      expect(res.body.options).toEqual([
        { label: 'Low', value: 'low', description: '', displayOrder: 0, hidden: false },
        { label: 'High', value: 'high', description: 'Page someone', displayOrder: 7, hidden: true },
      ]);
    });

    it('makes a calculated property value read-only and keeps its formula', async () => {
      const res = await emu.call(
        'POST',
        P,
        prop('score_doubled', {
          type: 'number',
          fieldType: 'calculation_equation',
          calculationFormula: 'a * 2',
        }),
      );
      expect(res.status).toBe(201);
      expect(res.body.calculationFormula).toBe('a * 2');
      expect(res.body.modificationMetadata.readOnlyValue).toBe(true);
    });

    it('accepts an owner property with externalOptions', async () => {
      const res = await emu.call(
        'POST',
        P,
        prop('escalation_owner', {
          type: 'enumeration',
          fieldType: 'select',
          externalOptions: true,
          referencedObjectType: 'OWNER',
        }),
      );
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ externalOptions: true, referencedObjectType: 'OWNER', options: [] });
    });

    it('reads back what it stores: recreating and re-PATCHing a read definition changes nothing', async () => {
      const created = await emu.call(
        'POST',
        P,
        prop('round_trip', {
          type: 'enumeration',
          fieldType: 'radio',
          description: 'Round trip',
          displayOrder: 3,
          formField: true,
          options: levelOptions,
        }),
      );
      const read = await emu.call('GET', `${P}/round_trip`);
      const again = await emu.call('POST', P, { ...requestFields(read.body), name: 'round_trip_copy' });
      expect(again.status).toBe(201);
      expect({ ...requestFields(again.body), name: 'round_trip' }).toEqual(requestFields(created.body));
      const { name: _n, ...patchFields } = requestFields(read.body);
      const patched = await emu.call('PATCH', `${P}/round_trip`, patchFields);
      expect(patched.status).toBe(200);
      expect({ ...patched.body, updatedAt: read.body.updatedAt }).toEqual(read.body);
    });

    const invalid: [string, Record<string, unknown>, string, string][] = [
      ['a missing name', prop('x', { name: undefined }), 'REQUIRED_FIELD', 'name'],
      ['a missing label', prop('x', { label: undefined }), 'REQUIRED_FIELD', 'label'],
      ['a missing type', prop('x', { type: undefined }), 'REQUIRED_FIELD', 'type'],
      ['a missing fieldType', prop('x', { fieldType: undefined }), 'REQUIRED_FIELD', 'fieldType'],
      ['a missing groupName', prop('x', { groupName: undefined }), 'REQUIRED_FIELD', 'groupName'],
      ['an uppercase name', prop('Bad_Name'), 'INVALID_PROPERTY_NAME', 'name'],
      ['a name with a hyphen', prop('bad-name'), 'INVALID_PROPERTY_NAME', 'name'],
      ['a name starting with a digit', prop('1abc'), 'INVALID_PROPERTY_NAME', 'name'],
      ['the reserved hs_ prefix', prop('hs_mine'), 'INVALID_PROPERTY_NAME', 'name'],
      ['a name of 101 characters', prop(`a${'b'.repeat(100)}`), 'INVALID_PROPERTY_NAME', 'name'],
      ['an unknown type', prop('x', { type: 'text' }), 'INVALID_PROPERTY_TYPE', 'type'],
      ['an unknown fieldType', prop('x', { fieldType: 'slider' }), 'INVALID_FIELD_TYPE', 'fieldType'],
      [
        'a bad type/fieldType pair',
        prop('x', { type: 'number', fieldType: 'select' }),
        'INVALID_FIELD_TYPE',
        'fieldType',
      ],
      [
        'bool options other than true/false',
        prop('x', { type: 'bool', fieldType: 'booleancheckbox', options: [{ label: 'Yes', value: 'yes' }] }),
        'INVALID_BOOLEAN_OPTION',
        'options',
      ],
      [
        'an enumeration without options',
        prop('x', { type: 'enumeration', fieldType: 'select' }),
        'REQUIRED_FIELD',
        'options',
      ],
      [
        'duplicate option values',
        prop('x', {
          type: 'enumeration',
          fieldType: 'select',
          options: [levelOptions[0], { label: 'Other', value: 'low' }],
        }),
        'INVALID_OPTION',
        'options[1].value',
      ],
      [
        'duplicate option labels',
        prop('x', {
          type: 'enumeration',
          fieldType: 'select',
          options: [levelOptions[0], { label: 'Low', value: 'other' }],
        }),
        'INVALID_OPTION',
        'options[1].label',
      ],
      [
        'an option without a value',
        prop('x', { type: 'enumeration', fieldType: 'select', options: [{ label: 'A' }] }),
        'REQUIRED_FIELD',
        'options[0].value',
      ],
      ['options on a string property', prop('x', { options: levelOptions }), 'INVALID_OPTION', 'options'],
      [
        'more than 5,000 options',
        prop('x', {
          type: 'enumeration',
          fieldType: 'select',
          options: Array.from({ length: 5001 }, (_, i) => ({ label: `L${i}`, value: `v${i}` })),
        }),
        'INVALID_OPTION',
        'options',
      ],
      [
        'externalOptions on a string property',
        prop('x', { externalOptions: true, referencedObjectType: 'OWNER' }),
        'INVALID_EXTERNAL_OPTIONS',
        'externalOptions',
      ],
      [
        'externalOptions without referencedObjectType OWNER',
        prop('x', { type: 'enumeration', fieldType: 'select', externalOptions: true }),
        'INVALID_EXTERNAL_OPTIONS',
        'referencedObjectType',
      ],
      [
        'externalOptions with options',
        prop('x', {
          type: 'enumeration',
          fieldType: 'select',
          externalOptions: true,
          referencedObjectType: 'OWNER',
          options: levelOptions,
        }),
        'INVALID_OPTION',
        'options',
      ],
      [
        'referencedObjectType OWNER without externalOptions',
        prop('x', {
          type: 'enumeration',
          fieldType: 'select',
          options: levelOptions,
          referencedObjectType: 'OWNER',
        }),
        'INVALID_EXTERNAL_OPTIONS',
        'externalOptions',
      ],
      [
        'another referencedObjectType',
        prop('x', { referencedObjectType: 'CONTACT' }),
        'INVALID_REFERENCED_OBJECT_TYPE',
        'referencedObjectType',
      ],
      [
        'a formula on a text field',
        prop('x', { calculationFormula: 'a + 1' }),
        'INVALID_CALCULATION_FORMULA',
        'calculationFormula',
      ],
      [
        'a calculation_equation without a formula',
        prop('x', { type: 'number', fieldType: 'calculation_equation' }),
        'REQUIRED_FIELD',
        'calculationFormula',
      ],
      ['a group that does not exist', prop('x', { groupName: 'nope' }), 'GROUP_NOT_FOUND', 'groupName'],
      ['a non-boolean hidden', prop('x', { hidden: 'yes' }), 'INVALID_BOOLEAN', 'hidden'],
      ['a fractional displayOrder', prop('x', { displayOrder: 1.5 }), 'INVALID_INTEGER', 'displayOrder'],
      [
        'an unknown dataSensitivity',
        prop('x', { dataSensitivity: 'secret' }),
        'INVALID_DATA_SENSITIVITY',
        'dataSensitivity',
      ],
    ];
    it.each(invalid)('refuses %s with 400 VALIDATION_ERROR', async (_what, body, code, where) => {
      const res = await emu.call('POST', P, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: 'error', category: 'VALIDATION_ERROR' });
      expect(res.body.errors).toContainEqual(expect.objectContaining({ code, in: where }));
      expect(res.body.message).toMatch(/^Invalid property/);
      expect(emu.state.objectTypes['0-5']!.properties.x).toBeUndefined();
    });

    it('refuses a body that is not an object', async () => {
      const res = await emu.call('POST', P, [prop('x')]);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ code: 'INVALID_JSON', in: 'body' })]);
    });

    it('answers 409 OBJECT_ALREADY_EXISTS on an active name, built-in or custom', async () => {
      expect((await emu.call('POST', P, prop('dup_name'))).status).toBe(201);
      for (const name of ['dup_name', 'subject']) {
        const res = await emu.call('POST', P, prop(name, { label: 'Other' }));
        expect(res.status).toBe(409);
        expect(res.body).toMatchObject({
          status: 'error',
          category: 'OBJECT_ALREADY_EXISTS',
          subCategory: 'Properties.PROPERTY_WITH_NAME_EXISTS',
          message: `A property named '${name}' already exists.`,
        });
      }
    });

    it('restores an archived property of the same name with the new definition', async () => {
      const first = await emu.call('POST', P, prop('comeback', { label: 'First' }));
      await pause();
      expect((await emu.call('DELETE', `${P}/comeback`)).status).toBe(204);
      expect((await emu.call('GET', `${P}/comeback?archived=true`)).body.archivedAt).toMatch(ISO);
      const res = await emu.call(
        'POST',
        P,
        prop('comeback', { label: 'Second', type: 'number', fieldType: 'number' }),
      );
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ label: 'Second', type: 'number', archived: false });
      expect(res.body).not.toHaveProperty('archivedAt');
      expect(res.body.createdAt).toBe(first.body.createdAt);
      expect(res.body.updatedAt > first.body.updatedAt).toBe(true);
    });

    it('allows at most 10 hasUniqueValue properties per object type', async () => {
      for (let i = 0; i < 10; i++) {
        const res = await emu.call(
          'POST',
          '/crm/v3/properties/products',
          prop(`unique_${i}`, { hasUniqueValue: true }),
        );
        expect(res.status).toBe(201);
      }
      const res = await emu.call(
        'POST',
        '/crm/v3/properties/products',
        prop('unique_10', { hasUniqueValue: true }),
      );
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        expect.objectContaining({ code: 'TOO_MANY_UNIQUE_PROPERTIES', in: 'hasUniqueValue' }),
      ]);
      expect((await emu.call('POST', '/crm/v3/properties/products', prop('not_unique'))).status).toBe(201);
    });

    it('allows at most 1,000 custom properties per object type', async () => {
      const path = '/crm/v3/properties/courses';
      for (let batch = 0; batch < 10; batch++) {
        const inputs = Array.from({ length: 100 }, (_, i) => prop(`c_${batch}_${i}`));
        expect((await emu.call('POST', `${path}/batch/create`, { inputs })).status).toBe(201);
      }
      const res = await emu.call('POST', path, prop('one_too_many'));
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ code: 'TOO_MANY_PROPERTIES' })]);
      expect((await emu.call('DELETE', `${path}/c_0_0`)).status).toBe(204);
      expect((await emu.call('POST', path, prop('one_too_many'))).status).toBe(201);
    });
  });

  describe('reads (beyond the spec)', () => {
    it('gets one property, 404 when missing, and an archived one only with archived=true', async () => {
      await emu.call('POST', P, prop('to_archive'));
      expect((await emu.call('GET', `${P}/to_archive`)).body.name).toBe('to_archive');
      const missing = await emu.call('GET', `${P}/no_such_property`);
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({
        category: 'OBJECT_NOT_FOUND',
        message: "No property named 'no_such_property' exists on tickets.",
      });
      await emu.call('DELETE', `${P}/to_archive`);
      expect((await emu.call('GET', `${P}/to_archive`)).status).toBe(404);
      const archived = await emu.call('GET', `${P}/to_archive?archived=true`);
      expect(archived.status).toBe(200);
      expect(archived.body).toMatchObject({ archived: true, archivedAt: expect.stringMatching(ISO) });
    });

    it('lists active properties, archived ones with archived=true, and filters by properties', async () => {
      await emu.call('POST', P, prop('list_gone'));
      await emu.call('DELETE', `${P}/list_gone`);
      const active = await emu.call('GET', P);
      expect(active.status).toBe(200);
      expect(Object.keys(active.body)).toEqual(['results']);
      const names = active.body.results.map((p: any) => p.name);
      expect(names).toContain('subject');
      expect(names).toContain('escalation_note');
      expect(names).not.toContain('list_gone');
      const archived = await emu.call('GET', `${P}?archived=true`);
      expect(archived.body.results.map((p: any) => p.name)).toContain('list_gone');
      expect(archived.body.results.every((p: any) => p.archived === true)).toBe(true);
      const some = await emu.call(
        'GET',
        `${P}?properties=subject,escalation_note&properties=unknown_x&locale=de`,
      );
      expect(some.body.results.map((p: any) => p.name).sort()).toEqual(['escalation_note', 'subject']);
    });

    it('lists only non-sensitive properties unless dataSensitivity asks for others', async () => {
      await emu.call('POST', P, prop('passport_no', { dataSensitivity: 'sensitive' }));
      const plain = await emu.call('GET', P);
      expect(plain.body.results.map((p: any) => p.name)).not.toContain('passport_no');
      const sensitive = await emu.call('GET', `${P}?dataSensitivity=sensitive`);
      expect(sensitive.body.results.map((p: any) => p.name)).toEqual(['passport_no']);
      expect((await emu.call('GET', `${P}/passport_no`)).body.dataSensitivity).toBe('sensitive');
      expect((await emu.call('GET', `${P}?dataSensitivity=secret`)).status).toBe(400);
      expect((await emu.call('GET', `${P}?archived=maybe`)).status).toBe(400);
    });

    it('takes the object type by name or id; an unknown type is a 400', async () => {
      const byId = await emu.call('GET', '/crm/v3/properties/0-5/escalation_note');
      expect(byId.body).toEqual((await emu.call('GET', `${P}/escalation_note`)).body);
      const unknown = await emu.call('GET', '/crm/v3/properties/spaceships');
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe('Unable to infer object type from: spaceships');
    });
  });

  describe('batch read', () => {
    it('answers 200 with the named properties', async () => {
      const res = await emu.call('POST', `${P}/batch/read?locale=en`, {
        archived: false,
        inputs: [{ name: 'subject' }, { name: 'escalation_note' }, { name: 'subject' }],
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        status: 'COMPLETE',
        results: [
          expect.objectContaining({ name: 'subject' }),
          expect.objectContaining({ name: 'escalation_note' }),
        ],
        startedAt: expect.stringMatching(ISO),
        completedAt: expect.stringMatching(ISO),
      });
    });

    it('answers 207 with one OBJECT_NOT_FOUND item per missing name', async () => {
      const res = await emu.call('POST', `${P}/batch/read`, {
        inputs: [{ name: 'subject' }, { name: 'ghost_a' }, { name: 'ghost_b' }],
      });
      expect(res.status).toBe(207);
      expect(res.body.results.map((p: any) => p.name)).toEqual(['subject']);
      expect(res.body.numErrors).toBe(2);
      expect(res.body.errors[0]).toEqual({
        status: 'error',
        category: 'OBJECT_NOT_FOUND',
        message: "No property named 'ghost_a' exists on tickets.",
        context: { name: ['ghost_a'] },
        errors: [],
        links: {},
      });
      expect(res.body.errors[1].context).toEqual({ name: ['ghost_b'] });
    });

    it('reads archived properties with archived: true, and filters by dataSensitivity when given', async () => {
      await emu.call('POST', P, prop('batch_gone'));
      await emu.call('DELETE', `${P}/batch_gone`);
      const archived = await emu.call('POST', `${P}/batch/read`, {
        archived: true,
        inputs: [{ name: 'batch_gone' }, { name: 'subject' }],
      });
      expect(archived.status).toBe(207);
      expect(archived.body.results.map((p: any) => [p.name, p.archived])).toEqual([['batch_gone', true]]);
      expect(archived.body.errors[0].context).toEqual({ name: ['subject'] });
      const active = await emu.call('POST', `${P}/batch/read`, { inputs: [{ name: 'batch_gone' }] });
      expect(active.status).toBe(207);
      const sensitive = await emu.call('POST', `${P}/batch/read`, {
        dataSensitivity: 'sensitive',
        inputs: [{ name: 'passport_no' }, { name: 'subject' }],
      });
      expect(sensitive.body.results.map((p: any) => p.name)).toEqual(['passport_no']);
      expect(sensitive.body.numErrors).toBe(1);
    });

    it('refuses more than 100 inputs and a body without inputs', async () => {
      const inputs = Array.from({ length: 101 }, (_, i) => ({ name: `p${i}` }));
      const tooMany = await emu.call('POST', `${P}/batch/read`, { inputs });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.message).toBe(
        'A batch takes at most 100 inputs; got 101. Split it into smaller batches.',
      );
      expect((await emu.call('POST', `${P}/batch/read`, { archived: false })).status).toBe(400);
      expect((await emu.call('POST', `${P}/batch/read`, { inputs: [{ id: 'x' }] })).status).toBe(400);
    });
  });

  describe('update (beyond the spec)', () => {
    it('replaces the whole options list, and keeps it when options is absent', async () => {
      await emu.call(
        'POST',
        P,
        prop('opt_prop', { type: 'enumeration', fieldType: 'select', options: levelOptions }),
      );
      const replaced = await emu.call('PATCH', `${P}/opt_prop`, {
        options: [{ label: 'Mid', value: 'mid' }],
      });
      expect(replaced.status).toBe(200);
      expect(replaced.body.options).toEqual([
        { label: 'Mid', value: 'mid', description: '', displayOrder: 0, hidden: false },
      ]);
      const kept = await emu.call('PATCH', `${P}/opt_prop`, { label: 'Renamed' });
      expect(kept.body).toMatchObject({ label: 'Renamed', options: replaced.body.options });
    });

    it('ignores the fields PATCH cannot change and bumps updatedAt', async () => {
      const created = await emu.call('POST', P, prop('fixed_prop'));
      await pause();
      const res = await emu.call('PATCH', `${P}/fixed_prop`, {
        name: 'other_name',
        hasUniqueValue: true,
        dataSensitivity: 'sensitive',
        referencedObjectType: 'OWNER',
        externalOptions: true,
        description: 'Now described',
        hidden: true,
        formField: true,
        displayOrder: 4,
        showCurrencySymbol: true,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        ...created.body,
        description: 'Now described',
        hidden: true,
        formField: true,
        displayOrder: 4,
        showCurrencySymbol: true,
        updatedAt: expect.stringMatching(ISO),
      });
      expect(res.body.updatedAt > created.body.updatedAt).toBe(true);
      expect(emu.state.objectTypes['0-5']!.properties.other_name).toBeUndefined();
    });

    it('validates the result as a whole', async () => {
      await emu.call(
        'POST',
        P,
        prop('whole_prop', { type: 'enumeration', fieldType: 'select', options: levelOptions }),
      );
      const pair = await emu.call('PATCH', `${P}/whole_prop`, { type: 'number' });
      expect(pair.status).toBe(400);
      expect(pair.body.errors).toContainEqual(
        expect.objectContaining({ code: 'INVALID_FIELD_TYPE', in: 'fieldType' }),
      );
      const group = await emu.call('PATCH', `${P}/whole_prop`, { groupName: 'nope' });
      expect(group.body.errors).toEqual([expect.objectContaining({ code: 'GROUP_NOT_FOUND' })]);
      const empty = await emu.call('PATCH', `${P}/whole_prop`, { options: [] });
      expect(empty.body.errors).toEqual([expect.objectContaining({ code: 'REQUIRED_FIELD', in: 'options' })]);
      expect((await emu.call('GET', `${P}/whole_prop`)).body.type).toBe('enumeration');
    });

    it('drops options when moving to a type without them, unless the PATCH sends some', async () => {
      await emu.call(
        'POST',
        P,
        prop('moving_prop', { type: 'enumeration', fieldType: 'select', options: levelOptions }),
      );
      const withOptions = await emu.call('PATCH', `${P}/moving_prop`, {
        type: 'string',
        fieldType: 'text',
        options: levelOptions,
      });
      expect(withOptions.body.errors).toEqual([
        expect.objectContaining({ code: 'INVALID_OPTION', in: 'options' }),
      ]);
      const moved = await emu.call('PATCH', `${P}/moving_prop`, { type: 'string', fieldType: 'text' });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ type: 'string', fieldType: 'text', options: [] });
    });

    it('switches the read-only value flag with the calculation fieldType', async () => {
      await emu.call('POST', P, prop('calc_prop', { type: 'number', fieldType: 'number' }));
      const calc = await emu.call('PATCH', `${P}/calc_prop`, {
        fieldType: 'calculation_equation',
        calculationFormula: 'x + 1',
      });
      expect(calc.body.modificationMetadata.readOnlyValue).toBe(true);
      const plain = await emu.call('PATCH', `${P}/calc_prop`, { fieldType: 'number' });
      expect(plain.body.modificationMetadata.readOnlyValue).toBe(false);
      expect(plain.body).not.toHaveProperty('calculationFormula');
    });

    it('answers 404 for a missing or archived property', async () => {
      expect((await emu.call('PATCH', `${P}/nothing_here`, { label: 'x' })).status).toBe(404);
      expect((await emu.call('PATCH', `${P}/to_archive`, { label: 'x' })).status).toBe(404);
    });
  });

  describe('archive (beyond the spec)', () => {
    it('answers 204, then 404; records keep their values', async () => {
      await emu.call('POST', P, prop('kept_value'));
      const records = emu.state.objectTypes['0-5']!.records;
      records['9001'] = {
        id: '9001',
        createdAt: '2025-01-01T00:00:00.000Z',
        updatedAt: '2025-01-01T00:00:00.000Z',
        archived: false,
        properties: { kept_value: 'still here' },
        history: {},
      };
      const res = await emu.call('DELETE', `${P}/kept_value`);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect(records['9001'].properties.kept_value).toBe('still here');
      const again = await emu.call('DELETE', `${P}/kept_value`);
      expect(again.status).toBe(404);
      expect((await emu.call('DELETE', `${P}/never_existed`)).status).toBe(404);
      delete records['9001'];
    });
  });

  describe('batch create (beyond the spec)', () => {
    it('answers 201 with every property created, in input order', async () => {
      const res = await emu.call('POST', `${P}/batch/create`, { inputs: [prop('bc_one'), prop('bc_two')] });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        status: 'COMPLETE',
        results: [expect.objectContaining({ name: 'bc_one' }), expect.objectContaining({ name: 'bc_two' })],
        startedAt: expect.stringMatching(ISO),
        completedAt: expect.stringMatching(ISO),
      });
    });

    it('answers 207 with an error item per failed input; the others are created', async () => {
      const res = await emu.call('POST', `${P}/batch/create`, {
        inputs: [prop('bc_ok'), prop('bc_ok'), prop('Bad'), prop('subject'), { label: 'no name' }],
      });
      expect(res.status).toBe(207);
      expect(res.body.results.map((p: any) => p.name)).toEqual(['bc_ok']);
      expect(res.body.numErrors).toBe(4);
      expect(res.body.errors[0]).toEqual({
        status: 'error',
        category: 'OBJECT_ALREADY_EXISTS',
        message: "A property named 'bc_ok' already exists.",
        subCategory: 'Properties.PROPERTY_WITH_NAME_EXISTS',
        context: { name: ['bc_ok'] },
        errors: [],
        links: {},
      });
      expect(res.body.errors[1]).toMatchObject({
        category: 'VALIDATION_ERROR',
        context: { name: ['Bad'] },
        errors: [expect.objectContaining({ code: 'INVALID_PROPERTY_NAME', in: 'name' })],
      });
      expect(res.body.errors[2].context).toEqual({ name: ['subject'] });
      expect(res.body.errors[3].context).toEqual({ index: ['4'] });
      expect((await emu.call('GET', `${P}/bc_ok`)).status).toBe(200);
    });

    it('refuses more than 100 inputs before creating any', async () => {
      const inputs = Array.from({ length: 101 }, (_, i) => prop(`over_${i}`));
      expect((await emu.call('POST', `${P}/batch/create`, { inputs })).status).toBe(400);
      expect((await emu.call('GET', `${P}/over_0`)).status).toBe(404);
    });
  });

  describe('batch archive (beyond the spec)', () => {
    it('answers 204 whatever the state of each name, and never archives a built-in', async () => {
      await emu.call('POST', `${P}/batch/create`, { inputs: [prop('ba_one'), prop('ba_two')] });
      await emu.call('DELETE', `${P}/ba_two`);
      const res = await emu.call('POST', `${P}/batch/archive`, {
        inputs: [{ name: 'ba_one' }, { name: 'ba_two' }, { name: 'ba_missing' }, { name: 'subject' }],
      });
      expect(res.status).toBe(204);
      const props = emu.state.objectTypes['0-5']!.properties;
      expect(props.ba_one).toMatchObject({ archived: true, archivedAt: expect.stringMatching(ISO) });
      expect(props.ba_two!.archived).toBe(true);
      expect(props.ba_missing).toBeUndefined();
      expect(props.subject!.archived).toBe(false);
    });
  });

  describe('scopes', () => {
    it('lets a read-only token read and answers 403 with missingScopes on a write', async () => {
      expect((await emu.call('GET', P, undefined, 't')).status).toBe(200);
      expect((await emu.call('POST', `${P}/batch/read`, { inputs: [{ name: 'subject' }] }, 't')).status).toBe(
        200,
      );
      for (const [method, path, body] of [
        ['POST', P, prop('scoped')],
        ['PATCH', `${P}/escalation_note`, { label: 'x' }],
        ['DELETE', `${P}/escalation_note`, undefined],
        ['POST', `${P}/batch/create`, { inputs: [prop('scoped')] }],
        ['POST', `${P}/batch/archive`, { inputs: [{ name: 'escalation_note' }] }],
      ] as const) {
        const res = await emu.call(method, path, body, 't');
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({
          category: 'MISSING_SCOPES',
          errors: [{ context: { missingScopes: ['crm.schemas.tickets.write'] } }],
        });
      }
      const other = await emu.call('GET', '/crm/v3/properties/0-7', undefined, 't');
      expect(other.body.errors[0].context.missingScopes).toEqual(['crm.schemas.products.read']);
      expect((await emu.call('GET', `${P}/escalation_note`)).body.label).toBe('Escalation note');
    });
  });
});

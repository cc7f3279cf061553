/**
 * The emulator serves the legacy paths and each date version's side by side, on the same state, with
 * each family's own status codes and body rules: what one family writes, another reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesFor } from '../../src/wire/routes.js';
import { parseRequiredRule } from '../../src/emulator/records/required-rules.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';

const legacy = routesFor('legacy');
const march = routesFor('2026-03');
const september = routesFor('2026-09');

const TEXT = { type: 'string', fieldType: 'text', groupName: 'ticketinformation' };
const SELECT = {
  type: 'enumeration',
  fieldType: 'select',
  groupName: 'ticketinformation',
  options: [{ label: 'Gold', value: 'gold' }],
};

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startTestEmulator({ requiredPropertyRules: [parseRequiredRule('tickets.subject')] });
});
afterAll(async () => {
  await emu.close();
});

describe('the API families', () => {
  it('one state: a property created on a date-versioned path is read on the legacy one, and back', async () => {
    const created = await emu.call('POST', march.properties('tickets'), {
      name: 'fam_a',
      label: 'A',
      ...TEXT,
    });
    expect(created.status).toBe(201);
    expect((await emu.call('GET', legacy.property('tickets', 'fam_a'))).status).toBe(200);
    await emu.call('POST', legacy.properties('tickets'), { name: 'fam_b', label: 'B', ...TEXT });
    const read = await emu.call('POST', september.propertiesBatch('tickets', 'read'), {
      archived: false,
      dataSensitivity: 'non_sensitive',
      inputs: [{ name: 'fam_a' }, { name: 'fam_b' }],
    });
    expect(read.status).toBe(200);
    expect((read.body as { results: { name: string }[] }).results.map((p) => p.name).sort()).toEqual([
      'fam_a',
      'fam_b',
    ]);
  });

  it("a date version's create needs every option's displayOrder; the legacy one does not", async () => {
    const dated = await emu.call('POST', march.properties('tickets'), {
      name: 'fam_c',
      label: 'C',
      ...SELECT,
    });
    expect(dated.status).toBe(400);
    expect(dated.body).toMatchObject({
      category: 'VALIDATION_ERROR',
      errors: [{ code: 'REQUIRED_FIELD', in: 'options[0].displayOrder' }],
    });
    const batch = await emu.call('POST', march.propertiesBatch('tickets', 'create'), {
      inputs: [{ name: 'fam_c', label: 'C', ...SELECT }],
    });
    expect(batch.status).toBe(400);
    expect(
      (await emu.call('POST', legacy.properties('tickets'), { name: 'fam_c', label: 'C', ...SELECT })).status,
    ).toBe(201);
  });

  it("a date version's batch read needs archived and dataSensitivity", async () => {
    const res = await emu.call('POST', march.propertiesBatch('tickets', 'read'), {
      inputs: [{ name: 'subject' }],
    });
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toBe(
      'Invalid input JSON: archived, dataSensitivity are required.',
    );
    const ok = await emu.call('POST', legacy.propertiesBatch('tickets', 'read'), {
      inputs: [{ name: 'subject' }],
    });
    expect(ok.status).toBe(200);
  });

  it('archive-type association batches answer 204 on the legacy paths, 200 with a batch body on the dated ones', async () => {
    const purge = { inputs: [{ category: 'USER_DEFINED', typeId: 999_999 }] };
    expect((await emu.call('POST', legacy.limitsBatch('tickets', 'contacts', 'purge'), purge)).status).toBe(
      204,
    );
    const dated = await emu.call('POST', march.limitsBatch('tickets', 'contacts', 'purge'), purge);
    expect(dated.status).toBe(200);
    expect(dated.body).toMatchObject({ status: 'COMPLETE', results: [] });
    const archive = { inputs: [{ from: { id: '1' }, to: [{ id: '2' }] }] };
    expect(
      (await emu.call('POST', legacy.associationsBatch('tickets', 'contacts', 'archive'), archive)).status,
    ).toBe(204);
    const datedArchive = await emu.call(
      'POST',
      september.associationsBatch('tickets', 'contacts', 'archive'),
      archive,
    );
    expect(datedArchive.status).toBe(200);
    expect(datedArchive.body).toMatchObject({ status: 'COMPLETE' });
  });

  it("an event definition's PATCH answers 201 on a date version, 200 on the legacy path", async () => {
    const created = await emu.call('POST', march.eventDefinitions(), {
      name: 'fam_event',
      label: 'Fam event',
      primaryObject: 'CONTACT',
      includeDefaultProperties: false,
      propertyDefinitions: [],
    });
    expect(created.status).toBe(201);
    const dated = await emu.call('PATCH', march.eventDefinition('fam_event'), { label: 'Renamed' });
    expect(dated.status).toBe(201);
    expect(dated.body).toMatchObject({ name: 'fam_event', labels: { singular: 'Renamed' } });
    const old = await emu.call('PATCH', legacy.eventDefinition('fam_event'), { description: 'Said' });
    expect(old.status).toBe(200);
    expect(old.body).toMatchObject({ labels: { singular: 'Renamed' }, description: 'Said' });
  });

  it('the required-property rules hold on the 2026-09 record writes only', async () => {
    const refused = await emu.call('POST', september.records('tickets'), { properties: { content: 'x' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      category: 'VALIDATION_ERROR',
      errors: [{ code: 'MISSING_CONDITIONAL_REQUIRED_PROPERTY', context: { propertyName: ['subject'] } }],
    });
    for (const r of [legacy, march]) {
      expect((await emu.call('POST', r.records('tickets'), { properties: { content: 'x' } })).status).toBe(
        201,
      );
    }
    const ok = await emu.call('POST', september.records('tickets'), { properties: { subject: 'S' } });
    expect(ok.status).toBe(201);
    const id = (ok.body as { id: string }).id;
    // clearing it in a batch update fails that item alone
    const batch = await emu.call('POST', september.recordsBatch('tickets', 'update'), {
      inputs: [{ id, properties: { subject: '' } }],
    });
    expect(batch.status).toBe(207);
    expect(batch.body).toMatchObject({
      errors: [{ category: 'VALIDATION_ERROR', context: { id: [id] } }],
    });
  });
});

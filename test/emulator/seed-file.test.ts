import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { startTestEmulator } from '../helpers/emulator.js';

const SEED = `# a seed file as users write it
objectTypes:
  - { objectTypeId: 2-9001, name: pets, primaryProperty: pet_name }
groups:
  tickets:
    - { name: escalation, label: Escalation, displayOrder: 3 }
properties:
  tickets:
    - name: escalation_level
      label: Escalation level
      type: enumeration
      fieldType: select
      groupName: escalation
      options:
        - { label: Low, value: low }
        - { label: High, value: high }
    - { name: support_code, label: Support code, type: string, fieldType: text, groupName: escalation, hasUniqueValue: true }
  pets:
    - { name: species, label: Species, type: string, fieldType: text, groupName: petinformation }
associationLabels:
  - { from: tickets, to: orders, name: primary_order, label: Primary order, inverseLabel: Ticket, maxToObjectIds: 1 }
eventDefinitions:
  - label: Order shipped
    name: order_shipped
    propertyDefinitions:
      - { name: carrier, label: Carrier, type: enumeration, options: [{ label: Post, value: post }] }
records:
  orders:
    - id: 6001
      properties: { hs_order_name: First order }
  tickets:
    - id: 5001
      properties: { subject: Printer on fire, escalation_level: high, support_code: A-1 }
      associations:
        - to: { id: '6001' }
          types: [{ associationCategory: PLATFORM_DEFINED, associationTypeId: 27 }]
    - properties: { subject: Second ticket }
  pets:
    - properties: { pet_name: Rex, species: dog }
`;

describe('seed file', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'crm-emu-seed-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const seedFile = async (content: string, name = 'seed.yaml') => {
    const file = join(dir, name);
    await writeFile(file, content);
    return file;
  };

  it('loads object types, groups, properties, labels, event definitions and records, served by the API', async () => {
    const emu = await startTestEmulator({ seedFile: await seedFile(SEED) });
    try {
      expect(emu.seedFileApplied).toBe(true);
      const property = await emu.call('GET', '/crm/v3/properties/tickets/escalation_level');
      expect(property.status).toBe(200);
      expect(property.body).toMatchObject({
        name: 'escalation_level',
        groupName: 'escalation',
        description: '',
        displayOrder: -1,
        archived: false,
        dataSensitivity: 'non_sensitive',
        options: [
          { label: 'Low', value: 'low', hidden: false, description: '' },
          { label: 'High', value: 'high', hidden: false, description: '' },
        ],
      });
      expect(property.body.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(property.body.modificationMetadata).toMatchObject({
        archivable: true,
        readOnlyDefinition: false,
      });

      const group = await emu.call('GET', '/crm/v3/properties/tickets/groups/escalation');
      expect(group.body).toMatchObject({
        name: 'escalation',
        label: 'Escalation',
        displayOrder: 3,
        archived: false,
      });

      const labels = await emu.call('GET', '/crm/v4/associations/tickets/orders/labels');
      const primary = labels.body.results.find((r: any) => r.label === 'Primary order');
      expect(primary).toMatchObject({ category: 'USER_DEFINED' });
      expect(primary.typeId).toBeGreaterThan(1000);
      const inverse = await emu.call('GET', '/crm/v4/associations/orders/tickets/labels');
      expect(inverse.body.results.map((r: any) => r.label)).toContain('Ticket');
      const limits = await emu.call('GET', '/crm/v4/associations/definitions/configurations/tickets/orders');
      expect(limits.body.results.find((r: any) => r.typeId === primary.typeId)).toMatchObject({
        userEnforcedMaxToObjectIds: 1,
      });

      const event = await emu.call('GET', '/events/v3/event-definitions/order_shipped');
      expect(event.status).toBe(200);
      expect(event.body.fullyQualifiedName).toBe('pe1000001_order_shipped');
      expect(event.body.properties.map((p: any) => p.name)).toContain('carrier');

      const ticket = await emu.call(
        'GET',
        '/crm/v3/objects/tickets/5001?properties=subject,escalation_level',
      );
      expect(ticket.status).toBe(200);
      expect(ticket.body.properties).toMatchObject({ subject: 'Printer on fire', escalation_level: 'high' });
      const byUnique = await emu.call('GET', '/crm/v3/objects/tickets/A-1?idProperty=support_code');
      expect(byUnique.body.id).toBe('5001');
      // a record without an id gets the next free one
      const tickets = Object.keys(emu.state.objectTypes['0-5']!.records);
      expect(tickets.sort()).toEqual(['5001', '6002']);
      const withOrders = await emu.call('GET', '/crm/v3/objects/tickets/5001?associations=orders');
      expect(withOrders.body.associations.orders.results).toEqual([{ id: '6001', type: expect.any(String) }]);

      const [petId] = Object.keys(emu.state.objectTypes['2-9001']!.records);
      for (const path of [`/crm/v3/objects/pets/${petId}`, `/crm/v3/objects/2-9001/${petId}`]) {
        const pet = await emu.call('GET', `${path}?properties=pet_name,species`);
        expect(pet.body.properties).toMatchObject({ pet_name: 'Rex', species: 'dog' });
      }
      // the custom object type can be associated with the others
      const toTickets = await emu.call('GET', '/crm/v4/associations/pets/tickets/labels');
      expect(toTickets.body.results).toEqual([
        { category: 'USER_DEFINED', typeId: expect.any(Number), label: null },
      ]);
    } finally {
      await emu.close();
    }
  });

  it('reads JSON as well', async () => {
    const file = await seedFile(
      JSON.stringify({ groups: { orders: [{ name: 'fulfilment', label: 'Fulfilment' }] } }),
      'seed.json',
    );
    const emu = await startTestEmulator({ seedFile: file });
    try {
      expect(emu.state.objectTypes['0-123']!.groups.fulfilment).toMatchObject({ label: 'Fulfilment' });
    } finally {
      await emu.close();
    }
  });

  it('is applied to a fresh data file only, not to a state loaded from it', async () => {
    const dataFile = join(dir, 'state.json');
    const file = await seedFile('groups:\n  tickets:\n    - { name: once, label: Once }\n');
    const first = await startEmulator({ dataFile, seedFile: file });
    expect(first.seedFileApplied).toBe(true);
    await first.close();
    const second = await startEmulator({ dataFile, seedFile: file });
    try {
      expect(second.seedFileApplied).toBe(false);
      expect(second.state.objectTypes['0-5']!.groups.once).toMatchObject({ label: 'Once' });
    } finally {
      await second.close();
    }
  });

  const refusals: [string, string, string][] = [
    [
      'an unknown section',
      'propertys:\n  tickets: []\n',
      ":1:1 propertys: unknown section 'propertys'; allowed: objectTypes, groups, properties, associationLabels, eventDefinitions, records",
    ],
    [
      'an unknown object type',
      'properties:\n  nope: []\n',
      ':2:3 properties.nope: Unable to infer object type from: nope',
    ],
    [
      'a property the API would refuse',
      'properties:\n  tickets:\n    - { name: x1, label: X, type: string, fieldType: select, groupName: ticketinformation }\n',
      ':3:7 properties.tickets[0]: Invalid property',
    ],
    [
      'a list that is not a list',
      'eventDefinitions: {}\n',
      ':1:1 eventDefinitions: should be a list of event definitions',
    ],
    [
      'an unknown field',
      'objectTypes:\n  - { objectTypeId: 2-1, name: a, colour: red }\n',
      ":2:35 objectTypes[0].colour: unknown field 'colour'",
    ],
    [
      'a record value of the wrong type',
      'records:\n  tickets:\n    - properties: { subject: x, createdate: y }\n',
      ':3:7 records.tickets[0].properties: ',
    ],
    // an unclosed flow list: at the bracket that opens it
    ['broken YAML', 'groups: [\n', ':1:9: not valid YAML or JSON'],
  ];
  for (const [what, content, expected] of refusals) {
    it(`refuses ${what}, naming the file, the line and the entry`, async () => {
      const file = await seedFile(content);
      const error = await startEmulator({ seedFile: file }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toMatchObject({ code: 'EMULATOR_SEED_INVALID' });
      expect((error as Error).message).toContain(`${file}${expected}`);
      expect((error as { hint: string }).hint).toMatch(/README/);
    });
  }

  it('refuses a missing seed file', async () => {
    const file = join(dir, 'missing.yaml');
    await expect(startEmulator({ seedFile: file })).rejects.toMatchObject({
      code: 'EMULATOR_SEED_UNREADABLE',
      message: `Cannot read the seed file ${file}: no such file.`,
    });
  });

  const refusedWith = async (file: string) =>
    startEmulator({ seedFile: file }).then(
      () => undefined,
      (e: unknown) => e as { code: string; message: string; hint: string },
    );

  describe('read as manifests are: located YAML errors, bounded aliases, UTF-8 only', () => {
    it('refuses duplicate keys at their line and column', async () => {
      const file = await seedFile('groups:\n  tickets: []\n  tickets: []\n');
      const error = await refusedWith(file);
      expect(error).toMatchObject({ code: 'EMULATOR_SEED_INVALID' });
      expect(error!.message).toBe(`${file}:3:3: this key appears twice in the same mapping`);
      expect(error!.hint).toMatch(/^Keep one of the two entries\. .*README/);
    });

    // how soon (under two seconds): `npm run bench` (timing)
    it('refuses a "billion laughs" file', async () => {
      const levels = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
      for (let i = 1; i < 10; i++) {
        const prev = String.fromCharCode(96 + i);
        const name = String.fromCharCode(97 + i);
        levels.push(`${name}: &${name} [${Array(10).fill(`*${prev}`).join(', ')}]`);
      }
      const file = await seedFile(`${levels.join('\n')}\n`);
      const error = await refusedWith(file);
      expect(error).toMatchObject({ code: 'EMULATOR_SEED_INVALID' });
      expect(error!.message).toMatch(
        new RegExp(
          `^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:1:1: aliases in this document expand past the limit of 100`,
        ),
      );
    });

    it('refuses text that is not UTF-8, at the first bad byte', async () => {
      const file = join(dir, 'latin1.yaml');
      await writeFile(
        file,
        Buffer.from([...Buffer.from('groups:\n  tickets:\n    - { name: caf'), 0xe9, 0x20, 0x7d, 0x0a]),
      );
      const error = await refusedWith(file);
      expect(error).toMatchObject({ code: 'EMULATOR_SEED_INVALID' });
      expect(error!.message).toBe(`${file}:3:18: the file is not valid UTF-8 text`);
    });

    it('refuses a binary file and UTF-16 text, naming the file', async () => {
      const binary = join(dir, 'seed.bin');
      await writeFile(binary, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]));
      expect((await refusedWith(binary))!.message).toMatch(
        new RegExp(`^${binary}: the file holds a NUL byte`),
      );
      const wide = join(dir, 'wide.yaml');
      await writeFile(wide, Buffer.from('\uFEFFgroups: {}\n', 'utf16le'));
      expect(await refusedWith(wide)).toMatchObject({
        code: 'EMULATOR_SEED_INVALID',
        message: `${wide}: the file is UTF-16 text; manifests are UTF-8`,
      });
    });

    it('refuses a second document', async () => {
      const file = await seedFile('groups: {}\n---\nrecords: {}\n');
      expect((await refusedWith(file))!.message).toBe(
        `${file}:2:1: a seed file holds one document; remove the \`---\` line`,
      );
    });

    it('accepts an empty seed file (nothing to add)', async () => {
      const emu = await startTestEmulator({ seedFile: await seedFile('# nothing yet\n') });
      await emu.close();
      expect(emu.seedFileApplied).toBe(true);
    });
  });

  describe.skipIf(process.platform === 'win32')('a seed file that is not a regular file', () => {
    it('refuses a FIFO without opening it (reading one would block forever)', { timeout: 5000 }, async () => {
      const fifo = join(dir, 'seed.yaml');
      execFileSync('mkfifo', [fifo]);
      expect(await refusedWith(fifo)).toMatchObject({
        code: 'EMULATOR_SEED_UNREADABLE',
        message: `Cannot read the seed file ${fifo}: not a regular file: it is a FIFO (named pipe); refused without reading it.`,
      });
    });

    it('refuses /dev/zero', { timeout: 5000 }, async () => {
      expect(await refusedWith('/dev/zero')).toMatchObject({
        code: 'EMULATOR_SEED_UNREADABLE',
        message:
          'Cannot read the seed file /dev/zero: not a regular file: it is a character device; refused without reading it.',
      });
    });
  });
});

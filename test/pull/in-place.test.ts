/**
 * Pull into an existing project changes the manifests in place: comments, key order, quoting and layout
 * stay, only the values that differ from the account change, gone entries go, tombstones stay, new
 * entries are appended where they belong. Against the emulator over HTTP.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { liveFixture, removeDir, sendPlan, tempDir, writeFiles, type LiveFixture } from '../live/helpers.js';
import { planOf, pullInto } from './helpers.js';

const PROJECT = `manifests: ['schema/**/*.yaml']
policy:
  manage: { prefixes: [support_] }
`;

const TICKETS = `# yaml-language-server: $schema=../schemas/manifest.schema.json
#
# Support's fields. This comment stays.
kind: Properties
objectType: tickets
groups:
  - label: Escalation # label first: a custom key order
    name: support_escalation
properties:
  # the level agents pick
  - groupName: support_escalation
    name: support_level
    type: enumeration
    label: Escalation level # shown to agents
    fieldType: select
    options:
      - { value: low, label: Low } # the default
      - { value: high, label: High }
      - { value: urgent, label: 'Urgent' }

  - name: support_note
    label: Note
    type: string
    fieldType: textarea
    groupName: support_escalation
    description: What the agent found.
  - name: support_legacy
    archived: true # tombstone
`;

const ASSOCIATIONS = `kind: Associations
from: tickets
to: orders
types:
  - label: Gone label # deleted outside crm-schema
`;

describe('pull into an existing project', () => {
  let fx: LiveFixture;
  let dir: string;
  const read = (file: string) => readFile(join(dir, file), 'utf8');

  beforeEach(async () => {
    fx = await liveFixture();
    dir = await tempDir('crm-schema-pull-');
    await writeFiles(dir, {
      'crm-schema.yaml': PROJECT,
      'schema/tickets.yaml': TICKETS,
      'schema/associations.yaml': ASSOCIATIONS,
    });
    await sendPlan(fx.emulator, await planOf(fx.client, dir));
  });
  afterEach(async () => {
    await fx.close();
    await removeDir(dir);
  });

  it('writes nothing when the account matches', async () => {
    const report = await pullInto(fx.client, dir);
    expect(report).toEqual({
      files: [],
      added: [],
      updated: [],
      removed: [],
      notDeployed: [],
      conflicts: [],
      notes: [],
    });
    expect(await read('schema/tickets.yaml')).toBe(TICKETS);
  });

  it('changes only the edited values, keeping comments, key order and quoting', async () => {
    await fx.client.properties.update('tickets', 'support_level', {
      label: 'Escalation tier',
      options: [
        { label: 'Low', value: 'low', description: '', displayOrder: 0, hidden: false },
        { label: 'Very high', value: 'high', description: '', displayOrder: 1, hidden: false },
        { label: 'Urgent', value: 'urgent', description: '', displayOrder: 2, hidden: false },
      ],
    });
    const report = await pullInto(fx.client, dir);
    expect(report.files).toEqual([{ path: 'schema/tickets.yaml', status: 'updated' }]);
    expect(report.updated).toEqual(['tickets.support_level']);
    expect(await read('schema/tickets.yaml')).toBe(
      TICKETS.replace('label: Escalation level # shown', 'label: Escalation tier # shown').replace(
        '{ value: high, label: High }',
        '{ value: high, label: Very high }',
      ),
    );
    expect((await planOf(fx.client, dir)).changes).toEqual([]);
    // a second pull finds nothing to do
    expect((await pullInto(fx.client, dir)).files).toEqual([]);
  });

  it('follows options moved, added and removed live, keeping the nodes of those that stay', async () => {
    await fx.client.properties.update('tickets', 'support_level', {
      options: [
        { label: 'Urgent', value: 'urgent', description: '', displayOrder: 0, hidden: false },
        { label: 'Low', value: 'low', description: 'Can\nwait', displayOrder: 1, hidden: false },
        { label: 'Blocked', value: 'blocked', description: '', displayOrder: 5, hidden: true },
      ],
    });
    await pullInto(fx.client, dir);
    const text = await read('schema/tickets.yaml');
    expect(text).toContain(
      '    options:\n' +
        "      - { value: urgent, label: 'Urgent' }\n" +
        '      - { value: low, label: Low, description: "Can\\nwait" } # the default\n' +
        '      - { label: Blocked, value: blocked, displayOrder: 5, hidden: true }\n\n' +
        '  - name: support_note\n',
    );
    expect((await planOf(fx.client, dir)).changes).toEqual([]);
  });

  it('removes entries gone from the account, keeps tombstones, appends new resources', async () => {
    await fx.client.properties.archive('tickets', 'support_note');
    await fx.client.properties.create('tickets', {
      name: 'support_legacy',
      label: 'Legacy',
      type: 'string',
      fieldType: 'text',
      groupName: 'support_escalation',
    });
    await fx.client.groups.create('tickets', {
      name: 'support_sla',
      label: 'Service level',
      displayOrder: 2,
    });
    await fx.client.properties.create('tickets', {
      name: 'support_sla_hours',
      label: 'SLA (hours)',
      type: 'number',
      fieldType: 'number',
      groupName: 'support_sla',
      description: 'Line one.\nLine two.',
    });
    await fx.client.properties.create('tickets', {
      name: 'other_team',
      label: 'Not ours',
      type: 'string',
      fieldType: 'text',
      groupName: 'ticketinformation',
    });
    const labels = await fx.client.associations.listLabels('tickets', 'orders');
    await fx.client.associations.deleteLabel(
      'tickets',
      'orders',
      labels.find((l) => l.label === 'Gone label')!.typeId,
    );

    const report = await pullInto(fx.client, dir);
    expect(report.added).toEqual(['tickets.group:support_sla', 'tickets.support_sla_hours']);
    expect(report.removed).toEqual(['tickets.support_note', 'tickets->orders:Gone label']);
    expect(report.notes).toEqual([
      'tickets.support_legacy is marked archived in schema/tickets.yaml but is still in the account: kept (plan archives it; remove the tombstone to keep it instead).',
    ]);
    // the only document of the file declared nothing any more: the file went
    expect(report.files).toEqual([
      { path: 'schema/associations.yaml', status: 'deleted' },
      { path: 'schema/tickets.yaml', status: 'updated' },
    ]);
    expect(existsSync(join(dir, 'schema/associations.yaml'))).toBe(false);
    const text = await read('schema/tickets.yaml');
    expect(text).not.toContain('support_note');
    expect(text).toContain(
      '  - label: Escalation # label first: a custom key order\n' +
        '    name: support_escalation\n' +
        '  - name: support_sla\n' +
        '    label: Service level\n' +
        '    displayOrder: 2\n' +
        'properties:\n',
    );
    expect(
      text.endsWith(
        '  - name: support_legacy\n' +
          '    archived: true # tombstone\n' +
          '  - name: support_sla_hours\n' +
          '    label: SLA (hours)\n' +
          '    type: number\n' +
          '    fieldType: number\n' +
          '    groupName: support_sla\n' +
          '    description: |-\n' +
          '      Line one.\n' +
          '      Line two.\n',
      ),
    ).toBe(true);
    // the tombstone still archives the property; nothing else differs
    expect((await planOf(fx.client, dir)).changes.map((c) => c.id)).toEqual([
      'property.archive tickets.support_legacy',
    ]);
  });

  it('keeps a byte order mark and Windows line ends', async () => {
    await writeFile(join(dir, 'schema/tickets.yaml'), `\uFEFF${TICKETS.replace(/\n/g, '\r\n')}`);
    await fx.client.properties.update('tickets', 'support_note', { description: 'Findings.' });
    await pullInto(fx.client, dir);
    const text = await read('schema/tickets.yaml');
    expect(text).toBe(
      `\uFEFF${TICKETS.replace('description: What the agent found.', 'description: Findings.').replace(/\n/g, '\r\n')}`,
    );
  });
});

/**
 * Pull of scopes no manifest covers yet: new files in the output folder, short entries (platform defaults
 * left out), the schema comment line, and a plan with no changes right after. Built-in properties only
 * with includeBuiltIn. Against the emulator over HTTP.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { liveFixture, PROJECT_FILE, removeDir, tempDir, type LiveFixture } from '../live/helpers.js';
import { planOf, pullInto } from './helpers.js';

async function seedAccount(fx: LiveFixture): Promise<void> {
  const c = fx.client;
  await c.groups.create('tickets', { name: 'support', label: 'Support', displayOrder: 3 });
  await c.properties.create('tickets', {
    name: 'support_level',
    label: 'Level',
    type: 'enumeration',
    fieldType: 'radio',
    groupName: 'support',
    description: 'How urgent.',
    options: [
      { label: 'Low', value: 'low' },
      { label: 'Yes', value: 'true', hidden: true },
      { label: 'Top', value: 'top', displayOrder: 9, description: 'Drop everything\nnow' },
    ],
  });
  await c.properties.create('tickets', {
    name: 'support_hours',
    label: 'Hours',
    type: 'number',
    fieldType: 'number',
    groupName: 'support',
    formField: true,
    displayOrder: 2,
  });
  await c.properties.create('tickets', {
    name: 'support_left',
    label: 'Left',
    type: 'number',
    fieldType: 'calculation_equation',
    groupName: 'support',
    calculationFormula: 'support_hours - 1',
  });
  await c.properties.create('tickets', {
    name: 'support_ref',
    label: 'Reference',
    type: 'string',
    fieldType: 'text',
    groupName: 'ticketinformation',
    hasUniqueValue: true,
    dataSensitivity: 'sensitive',
  });
  const [primary] = await c.associations.createLabel('tickets', 'orders', {
    name: 'primary_order',
    label: 'Primary order',
    inverseLabel: 'Main ticket',
  });
  await c.limits.batchCreate('tickets', 'orders', [
    { category: 'USER_DEFINED', typeId: primary!.typeId, maxToObjectIds: 1 },
    { category: 'PLATFORM_DEFINED', typeId: 27, maxToObjectIds: 50 },
  ]);
  await c.events.create({
    label: 'Order shipped',
    name: 'order_shipped',
    includeDefaultProperties: true,
    propertyDefinitions: [
      { name: 'carrier', label: 'Carrier', type: 'enumeration', options: [{ label: 'Post', value: 'post' }] },
      { name: 'parcels', label: 'Parcels', type: 'number', description: 'How many.' },
    ],
  });
}

const SCOPE = {
  objectTypes: ['0-5'],
  associations: ['tickets:orders'],
  labels: ['tickets->orders'],
  events: ['order_shipped'],
  prefixes: ['support_'],
};

describe('pull of new scopes', () => {
  let fx: LiveFixture;
  let dir: string;
  const read = (file: string) => readFile(join(dir, file), 'utf8');

  beforeEach(async () => {
    fx = await liveFixture();
    dir = await tempDir('crm-schema-pull-new-');
    await seedAccount(fx);
  });
  afterEach(async () => {
    await fx.close();
    await removeDir(dir);
  });

  it('writes one file per scope, entries without the platform defaults', async () => {
    const report = await pullInto(fx.client, dir, { flags: SCOPE });
    expect(report.files).toEqual([
      { path: 'schema/tickets.yaml', status: 'created' },
      { path: 'schema/associations.yaml', status: 'created' },
      { path: 'schema/events.yaml', status: 'created' },
    ]);
    expect(report.added).toEqual([
      'tickets.group:support',
      'tickets.support_hours',
      'tickets.support_left',
      'tickets.support_level',
      'tickets.support_ref',
      'tickets->orders:Primary order',
      'tickets->orders:PLATFORM_DEFINED/27',
      'event:order_shipped.carrier',
      'event:order_shipped.parcels',
    ]);
    const body = (text: string) => text.slice(text.indexOf('\n') + 1);
    expect(body(await read('schema/tickets.yaml'))).toBe(
      [
        'kind: Properties',
        'objectType: tickets',
        'groups:',
        '  - name: support',
        '    label: Support',
        '    displayOrder: 3',
        'properties:',
        '  - name: support_hours',
        '    label: Hours',
        '    type: number',
        '    fieldType: number',
        '    groupName: support',
        '    displayOrder: 2',
        '    formField: true',
        '  - name: support_left',
        '    label: Left',
        '    type: number',
        '    fieldType: calculation_equation',
        '    groupName: support',
        '    calculationFormula: support_hours - 1',
        '  - name: support_level',
        '    label: Level',
        '    type: enumeration',
        '    fieldType: radio',
        '    groupName: support',
        '    description: How urgent.',
        '    options:',
        '      - { label: Low, value: low }',
        "      - { label: 'Yes', value: 'true', hidden: true }",
        '      - { label: Top, value: top, description: "Drop everything\\nnow", displayOrder: 9 }',
        '  - name: support_ref',
        '    label: Reference',
        '    type: string',
        '    fieldType: text',
        '    groupName: ticketinformation',
        '    dataSensitivity: sensitive',
        '    hasUniqueValue: true',
        '',
      ].join('\n'),
    );
    expect(body(await read('schema/associations.yaml'))).toBe(
      [
        'kind: Associations',
        'from: tickets',
        'to: orders',
        'types:',
        '  - label: Primary order',
        '    inverseLabel: Main ticket',
        '    maxToObjectIds: 1',
        '  - category: PLATFORM_DEFINED',
        '    typeId: 27',
        '    maxToObjectIds: 50',
        '',
      ].join('\n'),
    );
    const events = body(await read('schema/events.yaml'));
    expect(events).toContain(
      'properties:\n' +
        '  - name: carrier\n' +
        '    label: Carrier\n' +
        '    type: enumeration\n' +
        '    options:\n' +
        '      - { label: Post, value: post }\n' +
        '  - name: parcels\n' +
        '    label: Parcels\n' +
        '    type: number\n' +
        '    description: How many.\n',
    );
    // the definition's built-in (default) properties are the platform's
    expect(events.match(/- name: /g)).toHaveLength(2);

    await writeFile(join(dir, 'crm-schema.yaml'), PROJECT_FILE);
    const plan = await planOf(fx.client, dir);
    expect(plan.changes).toEqual([]);
    // the project file has no manage scope: the plan's one warning says so
    expect(plan.diagnostics.filter((d) => d.level !== 'info').map((d) => d.code)).toEqual([
      'NO_MANAGE_SCOPE',
    ]);
  });

  it("points each new file at the manifest JSON Schema: the project's copy, else the project's node_modules/crm-schema", async () => {
    await pullInto(fx.client, dir, { flags: { objectTypes: ['tickets'], prefixes: ['support_'] } });
    const line = (await read('schema/tickets.yaml')).split('\n')[0]!;
    // where npm install puts the package for every teammate, not where the running tool is installed
    expect(line).toBe(
      '# yaml-language-server: $schema=../node_modules/crm-schema/schemas/manifest.schema.json',
    );

    const other = join(dir, 'project');
    await mkdir(join(other, 'schemas'), { recursive: true });
    await writeFile(join(other, 'schemas', 'manifest.schema.json'), '{}');
    await pullInto(fx.client, other, {
      flags: { objectTypes: ['tickets'], prefixes: ['support_'] },
      out: join(other, 'crm', 'schema'),
    });
    expect((await readFile(join(other, 'crm', 'schema', 'tickets.yaml'), 'utf8')).split('\n')[0]).toBe(
      '# yaml-language-server: $schema=../../schemas/manifest.schema.json',
    );
  });

  it('writes built-in properties only when asked, and they plan as no change', async () => {
    await pullInto(fx.client, dir, { flags: { objectTypes: ['products'], prefixes: ['support_'] } });
    expect(existsSync(join(dir, 'schema/products.yaml'))).toBe(false);

    const report = await pullInto(fx.client, dir, {
      flags: { objectTypes: ['products'], prefixes: ['support_'] },
      includeBuiltIn: true,
    });
    expect(report.added).toEqual([
      'products.createdate',
      'products.description',
      'products.hs_createdate',
      'products.hs_lastmodifieddate',
      'products.hs_object_id',
      'products.hs_sku',
      'products.hubspot_owner_id',
      'products.name',
      'products.price',
    ]);
    const text = await read('schema/products.yaml');
    expect(text).toContain(
      '  - name: price\n    label: Unit price\n    type: number\n    fieldType: number\n',
    );
    // built-in groups are every account's: not written
    expect(text).not.toContain('groups:');
    await writeFile(join(dir, 'crm-schema.yaml'), PROJECT_FILE);
    const plan = await planOf(fx.client, dir);
    expect(plan.changes).toEqual([]);
    expect(plan.diagnostics.map((d) => d.code)).toEqual([
      'NO_MANAGE_SCOPE',
      ...Array<string>(9).fill('BUILTIN_PROPERTY'),
    ]);
  });

  it('refuses to overwrite a file that is not one of the manifests, and names the scope flags wrongly given', async () => {
    await mkdir(join(dir, 'schema'), { recursive: true });
    await writeFile(join(dir, 'schema', 'tickets.yaml'), 'not: mine\n');
    await expect(
      pullInto(fx.client, dir, { flags: { objectTypes: ['tickets'], prefixes: ['support_'] } }),
    ).rejects.toMatchObject({
      code: 'PULL_FILE_EXISTS',
      message: "schema/tickets.yaml exists but is not one of the project's manifests.",
    });
    expect(await read('schema/tickets.yaml')).toBe('not: mine\n');
    await expect(pullInto(fx.client, dir, { flags: { associations: ['tickets'] } })).rejects.toMatchObject({
      code: 'PULL_FLAG_INVALID',
    });
    await expect(pullInto(fx.client, dir, { flags: { events: ['no_such_event'] } })).rejects.toMatchObject({
      code: 'EVENT_NOT_FOUND',
      message: "The account has no event definition 'no_such_event'.",
    });
    expect(existsSync(join(dir, 'schema', 'events.yaml'))).toBe(false);
  });
});

/**
 * Names read from the account that break the platform's name rules (commas, quotes, `#`, line breaks,
 * YAML syntax, bidirectional controls, great lengths), planted in the emulator's state as a broken
 * integration could leave them: pull and init --pull, over HTTP, adopt none of them, say so with what to
 * do, and write a project file that parses back to exactly the lists meant; a built-in group is never
 * adopted through one.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type CrmClient } from '../../src/api/index.js';
import type { FoundObjectType } from '../../src/families/property/init/adopt-part.js';
import { discoverAccount } from '../../src/engine/init/discover.js';
import { runCli } from '../helpers/cli.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { removeDir, tempDir, writeFiles } from '../live/helpers.js';

const TOKEN = 'cli-hostile-names-token-1234567890';

/** Group names (and one event property name each) that must never reach a file. */
const HOSTILE = [
  'team_grp, contactinformation',
  'team_grp, ticketinformation',
  "team_grp', 'ticketinformation",
  'team_grp"]',
  'team_grp # ticketinformation',
  'team_grp\nticketinformation',
  'team_grp: {ticketinformation: x}',
  '- ticketinformation',
  '&a team_grp',
  'team_grp\u202Eofni',
  `team_${'x'.repeat(300)}`,
];

let emulator: TestEmulator;
let client: CrmClient;
let dir: string;

beforeEach(async () => {
  emulator = await startTestEmulator({ tokens: [TOKEN] });
  client = createClient({ baseUrl: emulator.url, token: TOKEN });
  dir = await tempDir('crm-schema-hostile-names-');
  // the team's own group and property, valid: these are adopted
  await client.groups.create('tickets', { name: 'team_grp', label: 'Team' });
  await client.properties.create('tickets', {
    name: 'fin_level',
    label: 'Level',
    type: 'string',
    fieldType: 'text',
    groupName: 'team_grp',
  });
  await client.events.create({
    label: 'Team event',
    name: 'fin_event',
    includeDefaultProperties: false,
    propertyDefinitions: [{ name: 'fin_kind', label: 'Kind', type: 'string' }],
  });
  // what a broken integration left: groups with such names, a property in each, and one property and
  // one event property named so
  const tickets = Object.values(emulator.state.objectTypes).find((t) => t.name === 'tickets')!;
  const group = tickets.groups.team_grp!;
  const property = tickets.properties.fin_level!;
  HOSTILE.forEach((name, i) => {
    tickets.groups[name] = { ...group, name, label: `Team ${i}` };
    tickets.properties[`fin_in_${i}`] = { ...property, name: `fin_in_${i}`, groupName: name };
  });
  tickets.properties['fin_x, ticketinformation'] = { ...property, name: 'fin_x, ticketinformation' };
  const event = emulator.state.eventDefinitions.fin_event!;
  const kind = event.properties[0]!;
  event.properties.push({ ...kind, name: 'fin_kind, other' }, { ...kind, name: `fin_${'k'.repeat(60)}` });
});
afterEach(async () => {
  await client.close();
  await emulator.close();
  await removeDir(dir);
});

const env = { CRM_ACCESS_TOKEN: TOKEN, CRM_BASE_URL: '' };

async function schemaText(folder: string): Promise<string> {
  const files = (await readdir(join(folder, 'schema'))).sort();
  return (await Promise.all(files.map((f) => readFile(join(folder, 'schema', f), 'utf8')))).join('\n');
}

/** Nothing of a hostile name is in `text`. */
function expectNoneIn(text: string): void {
  for (const name of [...HOSTILE, 'fin_x, ticketinformation', 'fin_kind, other'])
    expect(text, JSON.stringify(name)).not.toContain(name);
  expect(text).not.toMatch(/information|\u202E|k{60}/);
}

describe('names from the account that break the platform rules', () => {
  it('pull adopts none of them, says so, and writes a project file that reads back as meant', async () => {
    const folder = join(dir, 'pulled');
    await writeFiles(folder, { '.keep': '' });
    const pulled = await runCli(
      [
        'pull',
        '--base-url',
        emulator.url,
        '--object-type',
        'tickets',
        '--prefix',
        'fin_',
        '--event',
        'fin_event',
      ],
      { cwd: folder, env },
    );
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(pulled.stdout).toContain('  + tickets.group:team_grp\n  + tickets.fin_level\n');
    expect(pulled.stdout).toContain(
      "tickets: not pulled, a name breaks the platform's name rules (a lowercase letter first, then lowercase letters, digits and underscores; at most 100 characters, 50 for an event property): ",
    );
    expect(pulled.stdout).toContain(
      'property fin_in_0 (in the group "team_grp, contactinformation"), property fin_in_1 (in the group',
    );
    expect(pulled.stdout).toContain(
      ' and 7 more. No manifest can declare such a name: rename or recreate each in the account under a valid name to manage it.',
    );
    expect(pulled.stdout).toContain('event:fin_event: not pulled, a name breaks the platform');
    expect(pulled.stdout).toContain('event property "fin_kind, other"');

    const project = await readFile(join(folder, 'crm-schema.yaml'), 'utf8');
    expect(parse(project)).toEqual({
      manifests: ['schema/**/*.yaml'],
      // the custom group the adopted property uses is the project's: one entry, and no other
      policy: { manage: { groups: ['tickets.team_grp'], prefixes: ['fin_'] } },
    });
    expectNoneIn(project);
    expectNoneIn(await schemaText(folder));
    const validate = await runCli(['validate'], { cwd: folder });
    expect(validate.code, validate.stdout + validate.stderr).toBe(0);
    const plan = await runCli(['plan', '--base-url', emulator.url, '--detailed-exitcode'], {
      cwd: folder,
      env,
    });
    expect([plan.code, plan.stdout + plan.stderr]).toEqual([0, expect.stringContaining('No changes.')]);
  });

  it('init --pull offers, counts and adopts none of them; a built-in group is never adopted', async () => {
    const found = await discoverAccount(client);
    const objectTypes = found.get('property') as FoundObjectType[];
    const tickets = objectTypes.find((t) => t.objectType === 'tickets');
    expect(tickets?.groups.map((g) => g.name)).toEqual(['team_grp']);
    expect(tickets?.properties.map((p) => p.name)).toEqual(['fin_level']);
    expect(found.get('event')).toEqual([{ name: 'fin_event', properties: ['fin_kind'] }]);

    const folder = join(dir, 'adopted');
    await writeFiles(folder, { '.keep': '' });
    const init = await runCli(['init', '--pull', '--base-url', emulator.url, '--prefix', 'fin_'], {
      cwd: folder,
      env,
    });
    expect(init.code, init.stderr).toBe(0);
    expect(init.stderr).toBe(
      'Scope: prefixes fin_. Adopting 1 custom property of tickets; 1 event ' + 'property of fin_event.\n',
    );
    const project = parse(await readFile(join(folder, 'crm-schema.yaml'), 'utf8')) as {
      policy: { manage: { groups: string[]; prefixes: string[] } };
    };
    expect(project.policy.manage).toEqual({ groups: ['tickets.team_grp'], prefixes: ['fin_'] });
    expectNoneIn(await readFile(join(folder, 'crm-schema.yaml'), 'utf8'));
    expectNoneIn(await schemaText(folder));
    // the project file init wrote reports what it could not adopt (unmanaged: report), and plans no change
    const plan = await runCli(['plan', '--detailed-exitcode'], {
      cwd: folder,
      env: { CRM_ACCESS_TOKEN: TOKEN },
    });
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout).toContain('warning UNMANAGED_PROPERTY: tickets.fin_in_0 is in the managed scope');
    expect(plan.stdout).toContain('No changes to apply; the account holds 14 resources in the managed scope');
  });
});

/**
 * `crm-schema pull` adds only the properties of a managed scope, through the CLI against the emulator
 * over HTTP: by default the project's `policy.manage`; `--prefix` / `--group` narrow it (and stay within
 * the project's own scope); pulling an object type without any scope is refused before any call.
 * Another team's properties in the same object type never reach the manifests.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli, type Run } from '../helpers/cli.js';
import { liveFixture, removeDir, tempDir, writeFiles, type LiveFixture } from '../live/helpers.js';

const TICKETS = `kind: Properties
objectType: tickets
properties:
  - name: support_note
    label: Note
    type: string
    fieldType: text
    groupName: ticketinformation
`;

describe('pull adds only the managed scope', () => {
  let fx: LiveFixture;
  let dir: string;
  const pull = (...args: string[]): Promise<Run> =>
    runCli(['pull', ...args], {
      cwd: dir,
      env: { CRM_BASE_URL: fx.emulator.url, CRM_ACCESS_TOKEN: fx.emulator.token },
    });
  const tickets = () => readFile(join(dir, 'schema', 'tickets.yaml'), 'utf8');

  beforeAll(async () => {
    fx = await liveFixture();
    const c = fx.client;
    await c.groups.create('tickets', { name: 'escalation', label: 'Escalation' });
    const text = (name: string, groupName: string) =>
      c.properties.create('tickets', { name, label: name, type: 'string', fieldType: 'text', groupName });
    await text('support_note', 'ticketinformation');
    await text('support_code', 'ticketinformation');
    await text('sales_score', 'ticketinformation');
    await text('sales_region', 'escalation');
    await text('ops_level', 'escalation');
  });
  afterAll(async () => {
    await fx.close();
  });
  beforeEach(async () => {
    if (dir !== undefined) await removeDir(dir);
    dir = await tempDir('crm-schema-pull-scope-');
  });

  it("defaults to the project's policy.manage: another team's properties stay out", async () => {
    await writeFiles(dir, {
      'crm-schema.yaml': "manifests: ['schema/**/*.yaml']\npolicy:\n  manage: { prefixes: [support_] }\n",
      'schema/tickets.yaml': TICKETS,
    });
    const run = await pull();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('  + tickets.support_code\n');
    const text = await tickets();
    expect(text).toContain('name: support_code');
    for (const name of ['sales_score', 'sales_region', 'ops_level', 'escalation'])
      expect(text).not.toContain(name);
  });

  it('an event definition in manage.events is pulled with all its custom properties', async () => {
    await fx.client.events.create({
      label: 'Order shipped',
      name: 'order_shipped',
      includeDefaultProperties: false,
      propertyDefinitions: [
        { name: 'carrier', label: 'Carrier', type: 'string' },
        { name: 'weight', label: 'Weight', type: 'number' },
      ],
    });
    await writeFiles(dir, {
      'crm-schema.yaml':
        "manifests: ['schema/**/*.yaml']\npolicy:\n  manage: { prefixes: [support_], events: [order_shipped] }\n",
      'schema/tickets.yaml': TICKETS,
    });
    const run = await pull();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('  + event:order_shipped.carrier\n');
    expect(run.stdout).toContain('  + event:order_shipped.weight\n');
    const plan = await runCli(['plan', '--detailed-exitcode'], {
      cwd: dir,
      env: { CRM_BASE_URL: fx.emulator.url, CRM_ACCESS_TOKEN: fx.emulator.token },
    });
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
  });

  it('--prefix and --group narrow the scope, and stay within the project scope', async () => {
    await writeFiles(dir, {
      'crm-schema.yaml':
        "manifests: ['schema/**/*.yaml']\npolicy:\n  manage: { prefixes: [support_, sales_], groups: [tickets.escalation] }\n",
      'schema/tickets.yaml': TICKETS,
    });
    const narrowed = await pull('--prefix', 'tickets.sales_');
    expect(narrowed.code, narrowed.stderr).toBe(0);
    expect(narrowed.stdout).toContain('  + tickets.sales_region\n  + tickets.sales_score\n');
    let text = await tickets();
    expect(text).not.toContain('support_code');
    expect(text).not.toContain('ops_level');
    // the group sales_region is in comes with it
    expect(text).toContain('groups:\n  - name: escalation\n');

    const grouped = await pull('--group', 'escalation', '--prefix', 'ops_');
    expect(grouped.code, grouped.stderr).toBe(0);
    expect(grouped.stdout).toContain('  + tickets.ops_level\n');
    text = await tickets();
    expect(text).not.toContain('support_code');
  });

  it('names what matches the flags but lies outside the project scope, and leaves it out', async () => {
    await writeFiles(dir, {
      'crm-schema.yaml': "manifests: ['schema/**/*.yaml']\npolicy:\n  manage: { prefixes: [support_] }\n",
      'schema/tickets.yaml': TICKETS,
    });
    const run = await pull('--prefix', 'sales_');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      'tickets: 2 properties match --prefix sales_ but are outside policy.manage of the project: not pulled ' +
        '(add the scope to policy.manage in crm-schema.yaml first).',
    );
    expect(await tickets()).not.toContain('sales_');
  });

  it('refuses an object type without any scope, before any call; records the scope of a new project', async () => {
    const refused = await pull('--object-type', 'tickets');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      "Error: pull adds only the properties of a managed scope, and none is given for tickets: another team's properties would be pulled too.",
    );
    expect(refused.stderr).toContain(
      'Hint: Name the properties to pull with --prefix PREFIX or --group GROUP',
    );

    const adopted = await pull('--group', 'tickets.escalation');
    expect(adopted.code, adopted.stderr).toBe(0);
    expect(adopted.stdout).toContain('  created crm-schema.yaml\n');
    expect(await readFile(join(dir, 'crm-schema.yaml'), 'utf8')).toContain(
      "manifests: ['schema/**/*.yaml']\npolicy:\n  manage:\n    groups: [tickets.escalation]\n",
    );
    const text = await tickets();
    expect(text).toContain('name: sales_region');
    expect(text).toContain('name: ops_level');
    expect(text).not.toContain('support_');
    const plan = await runCli(['plan', '--detailed-exitcode'], {
      cwd: dir,
      env: { CRM_BASE_URL: fx.emulator.url, CRM_ACCESS_TOKEN: fx.emulator.token },
    });
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
  });
});

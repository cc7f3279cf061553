/**
 * `crm-schema init` through the CLI: the files it writes (never over an existing one), and `init --pull`
 * adopting an account on the emulator over HTTP: plan right after shows no change, and a property added
 * by hand in a pulled group is reported as unmanaged.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runBinary, runCli } from '../helpers/cli.js';
import { liveFixture, removeDir, tempDir, type LiveFixture } from '../live/helpers.js';

let dir: string;
beforeEach(async () => {
  dir = await tempDir('crm-schema-init-');
});
afterEach(async () => {
  await removeDir(dir);
});

describe('init', () => {
  it('writes a commented project file, schema/, .crm-schema/ in .gitignore; the binary, exit 0', async () => {
    await writeFile(join(dir, '.gitignore'), 'node_modules/');
    const run = await runBinary(['init'], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    const project = await readFile(join(dir, 'crm-schema.yaml'), 'utf8');
    expect(project.split('\n')[0]).toBe(
      '# yaml-language-server: $schema=node_modules/crm-schema/schemas/config.schema.json',
    );
    expect(project).toContain('manifests: [schema/**/*.yaml]');
    expect(project).toContain('# environments:');
    expect(existsSync(join(dir, 'schema'))).toBe(true);
    expect(await readFile(join(dir, '.gitignore'), 'utf8')).toBe(
      "node_modules/\n# the local emulator's state (crm-schema --local)\n.crm-schema/\n",
    );
    expect(existsSync(join(dir, '.github'))).toBe(false);
  });

  it('refuses a folder that is a project already, and workflows that exist; writes nothing then', async () => {
    await writeFile(join(dir, 'crm-schema.yaml'), "manifests: ['x/*.yaml']\n");
    const again = await runCli(['init'], { cwd: dir });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('crm-schema.yaml exists already');
    expect(await readFile(join(dir, 'crm-schema.yaml'), 'utf8')).toBe("manifests: ['x/*.yaml']\n");

    const other = join(dir, 'other');
    await mkdir(join(other, '.github', 'workflows'), { recursive: true });
    await writeFile(join(other, '.github', 'workflows', 'plan.yml'), 'mine');
    const taken = await runCli(['init', '--workflows'], { cwd: other });
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('.github/workflows/ already holds plan.yml');
    expect(await readFile(join(other, '.github', 'workflows', 'plan.yml'), 'utf8')).toBe('mine');
  });

  it('--workflows copies the three recipes', async () => {
    const run = await runCli(['init', '--workflows'], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    for (const file of ['plan.yml', 'deploy.yml', 'drift.yml'])
      expect(existsSync(join(dir, '.github', 'workflows', file)), file).toBe(true);
  });
});

describe('init --pull', () => {
  let fx: LiveFixture;
  beforeEach(async () => {
    fx = await liveFixture();
    const c = fx.client;
    await c.groups.create('tickets', { name: 'support', label: 'Support' });
    await c.properties.create('tickets', {
      name: 'support_tier',
      label: 'Tier',
      type: 'enumeration',
      fieldType: 'select',
      groupName: 'support',
      options: [{ label: 'Gold', value: 'gold' }],
    });
    await c.properties.create('tickets', {
      name: 'support_note',
      label: 'Note',
      type: 'string',
      fieldType: 'text',
      groupName: 'ticketinformation',
    });
    await c.associations.createLabel('tickets', 'orders', {
      name: 'main_order',
      label: 'Main order',
      inverseLabel: 'Main ticket',
    });
    await c.properties.create('orders', {
      name: 'order_code',
      label: 'Code',
      type: 'string',
      fieldType: 'text',
      groupName: 'orderinformation',
    });
    await c.events.create({
      label: 'Order shipped',
      name: 'order_shipped',
      includeDefaultProperties: false,
      propertyDefinitions: [{ name: 'carrier', label: 'Carrier', type: 'string' }],
    });
  });
  afterEach(async () => {
    await fx.close();
  });

  const cli = (args: string[]) =>
    runCli([...args, '--base-url', fx.emulator.url], {
      cwd: dir,
      env: { CRM_ACCESS_TOKEN: fx.emulator.token, CRM_BASE_URL: '' },
    });

  it('adopts the account: properties, groups, labels and event properties; plan then shows no change', async () => {
    const init = await cli(['init', '--pull', '--yes']);
    expect(init.code, init.stderr).toBe(0);
    expect(init.stderr).toContain('object types: tickets, orders');
    expect(init.stderr).toContain('event definitions: order_shipped');
    const project = await readFile(join(dir, 'crm-schema.yaml'), 'utf8');
    expect(project).toContain('unmanaged: report');
    expect(project).toContain(
      'groups: [orders.orderinformation, tickets.support, tickets.ticketinformation]',
    );
    // the pulled event definition is the project's too: its properties are in the manage scope
    expect(project).toContain('events: [order_shipped]');
    const plan = await cli(['plan', '--detailed-exitcode']);
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout).toContain('No changes.');

    // a property someone adds by hand in a pulled group is reported from day one
    await fx.client.properties.create('tickets', {
      name: 'hand_made',
      label: 'Hand made',
      type: 'string',
      fieldType: 'text',
      groupName: 'support',
    });
    const after = await cli(['plan']);
    expect(after.stdout + after.stderr).toContain('UNMANAGED_PROPERTY');
    expect(after.stdout + after.stderr).toContain('tickets.hand_made');
  });

  it('records the account it adopted: the default environment, pinned to its id', async () => {
    const init = await cli(['init', '--pull', '--yes']);
    expect(init.code, init.stderr).toBe(0);
    const project = await readFile(join(dir, 'crm-schema.yaml'), 'utf8');
    expect(project).toContain(
      'environments:\n' +
        '  default:\n' +
        `    baseUrl: ${fx.emulator.url}\n` +
        '    tokenEnv: CRM_ACCESS_TOKEN\n' +
        '    # the account init --pull adopted\n' +
        `    accountId: ${fx.emulator.state.accountId}\n` +
        'defaultEnvironment: default\n',
    );
    expect(init.stdout).toContain(
      `Environment default (the default): ${fx.emulator.url}, pinned to account ${fx.emulator.state.accountId}.`,
    );
    // the environment alone is enough now, and its pin is checked
    const env = { CRM_ACCESS_TOKEN: fx.emulator.token, CRM_BASE_URL: '' };
    const plan = await runCli(['plan', '--detailed-exitcode'], { cwd: dir, env });
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout.split('\n')[0]).toBe(
      `Plan for ${fx.emulator.url} (environment default), account ${fx.emulator.state.accountId} (app.crm-schema.local)`,
    );
    await writeFile(
      join(dir, 'crm-schema.yaml'),
      project.replace(`accountId: ${fx.emulator.state.accountId}`, 'accountId: 42'),
    );
    const wrong = await runCli(['plan'], { cwd: dir, env });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('Error: Wrong account: environment default pins account 42');
  });

  it('--local: the built-in emulator is no environment; --account-id checks the account it adopts', async () => {
    const local = await runCli(['init', '--pull', '--local', '--yes', '--account-id', '1000001'], {
      cwd: dir,
    });
    expect(local.code, local.stderr).toBe(0);
    const project = await readFile(join(dir, 'crm-schema.yaml'), 'utf8');
    expect(project).toContain('# environments:\n#   production:\n');
    expect(project).toContain('#     accountId: 12345678\n');
    expect(project).not.toMatch(/^environments:/m);

    const other = join(dir, 'other');
    await mkdir(other);
    const wrong = await runCli(['init', '--pull', '--local', '--yes', '--account-id', '7'], { cwd: other });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('Error: Wrong account: --account-id pins account 7');
    expect(existsSync(join(other, 'crm-schema.yaml'))).toBe(false);
  });

  it('without a terminal and without --yes: asks for --yes, exit 1, nothing written', async () => {
    const run = await cli(['init', '--pull']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Give --yes');
    expect(existsSync(join(dir, 'crm-schema.yaml'))).toBe(false);
    expect(existsSync(join(dir, 'schema'))).toBe(false);
  });
});

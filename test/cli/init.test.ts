/**
 * `crm-schema init` through the CLI: the files it writes (never over an existing one), always with the
 * scope the project owns, a project that validates at once, and `init --pull` adopting only that scope
 * of an account on the emulator over HTTP: another team's property and a built-in group stay out, plan
 * right after shows no change, and a property added by hand in the scope is reported as unmanaged.
 * Without a scope and without a terminal, init refuses before any call. The questions asked on a
 * terminal are answered through an input stream (src/engine/init/terminal.ts), in this process.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adoptAccount } from '../../src/engine/init/adopt.js';
import { askScope } from '../../src/engine/init/scope-prompt.js';
import { openTerminal } from '../../src/engine/init/terminal.js';
import { writeProject } from '../../src/engine/init/write-project.js';
import { ROOT, runBinary, runCli } from '../helpers/cli.js';
import { liveFixture, removeDir, tempDir, type LiveFixture } from '../live/helpers.js';

const RECIPES = ['deploy.yml', 'drift.yml', 'plan.yml'];
const SHIPPED = join(ROOT, 'examples', 'github-actions');

let dir: string;
beforeEach(async () => {
  dir = await tempDir('crm-schema-init-');
});
afterEach(async () => {
  await removeDir(dir);
});

/** A terminal whose person answers `answers`, one line each; what it was told is in `shown()`. */
function scripted(answers: string[]) {
  const input = new PassThrough();
  const output = new PassThrough();
  let shown = '';
  output.setEncoding('utf8').on('data', (chunk: string) => (shown += chunk));
  input.end(answers.map((a) => `${a}\n`).join(''));
  return { terminal: openTerminal(input, output), shown: () => shown };
}

describe('init', () => {
  it('writes a commented project file with its scope, schema/, .crm-schema/ in .gitignore; the binary, exit 0', async () => {
    await writeFile(join(dir, '.gitignore'), 'node_modules/');
    const run = await runBinary(['init', '--prefix', 'support_', '--group', '0-5.support'], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    const project = await readFile(join(dir, 'crm-schema.yaml'), 'utf8');
    expect(project.split('\n')[0]).toBe(
      '# yaml-language-server: $schema=node_modules/crm-schema/schemas/config.schema.json',
    );
    expect(project).toContain('manifests: [schema/**/*.yaml]');
    expect(project).toContain('# environments:');
    expect(project).toContain(
      '  unmanaged: report\n' +
        '  # what this project owns: pull adds only these, plan reports those no manifest declares\n' +
        '  manage:\n' +
        '    # the custom properties in these groups (tickets.support: of tickets only)\n' +
        '    groups: [tickets.support]\n' +
        '    # the custom properties with these name prefixes (tickets.support_: of tickets only)\n' +
        '    prefixes: [support_]\n',
    );
    expect(run.stdout).toContain(
      'Owned (policy.manage, unmanaged: report): prefixes support_ and groups tickets.support.',
    );
    expect(await readdir(join(dir, 'schema'))).toEqual(['tickets.yaml']);
    expect(await readFile(join(dir, '.gitignore'), 'utf8')).toBe(
      'node_modules/\n' +
        "# crm-schema's local files: the local emulator's state (--local) and whatever else it keeps there\n" +
        '.crm-schema/\n' +
        '# saved plans (crm-schema plan --out): they can hold samples of record values\n' +
        'plan.json\n' +
        '*.plan.json\n',
    );
    expect(run.stdout).toContain('.gitignore (.crm-schema/, plan.json, *.plan.json)');
    expect(existsSync(join(dir, '.github'))).toBe(false);
  });

  it('writes a project that validates: a starter manifest per object type of the scope, else an example', async () => {
    const qualified = join(dir, 'qualified');
    await mkdir(qualified);
    expect((await runCli(['init', '--prefix', 'tickets.support_'], { cwd: qualified })).code).toBe(0);
    expect(await readFile(join(qualified, 'schema', 'tickets.yaml'), 'utf8')).toMatch(
      /\nkind: Properties\nobjectType: tickets\nproperties: \[\]\n$/,
    );
    const checked = await runCli(['validate'], { cwd: qualified });
    expect([checked.code, checked.stdout + checked.stderr]).toEqual([
      0,
      expect.stringContaining('No problems'),
    ]);

    const unqualified = join(dir, 'unqualified');
    await mkdir(unqualified);
    expect((await runCli(['init', '--group', 'escalation'], { cwd: unqualified })).code).toBe(0);
    expect(await readdir(join(unqualified, 'schema'))).toEqual(['example.yaml']);
    const example = await runCli(['validate'], { cwd: unqualified });
    expect(example.code, example.stdout + example.stderr).toBe(0);
  });

  it('without a scope and without a terminal: refuses, naming --prefix and --group; writes nothing', async () => {
    const run = await runBinary(['init'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'Error: init writes the scope the project owns (policy.manage), and there is no terminal to ask which one; nothing was written.',
    );
    expect(run.stderr).toContain('Hint: Give it with --prefix PREFIX or --group GROUP');
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses a malformed scope, a folder that is a project already, and workflows that exist; writes nothing then', async () => {
    const bad = await runCli(['init', '--prefix', 'Support-'], { cwd: dir });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(
      'Error: --prefix Support-: expected a lowercase name, optionally after an object type and a dot.',
    );
    await writeFile(join(dir, 'crm-schema.yaml'), "manifests: ['x/*.yaml']\n");
    const again = await runCli(['init', '--prefix', 'support_'], { cwd: dir });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('crm-schema.yaml exists already');
    expect(await readFile(join(dir, 'crm-schema.yaml'), 'utf8')).toBe("manifests: ['x/*.yaml']\n");

    const other = join(dir, 'other');
    await mkdir(join(other, '.github', 'workflows'), { recursive: true });
    await writeFile(join(other, '.github', 'workflows', 'plan.yml'), 'mine');
    const taken = await runCli(['init', '--prefix', 'support_', '--workflows'], { cwd: other });
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('.github/workflows/ already holds plan.yml');
    expect(await readFile(join(other, '.github', 'workflows', 'plan.yml'), 'utf8')).toBe('mine');
    expect(existsSync(join(other, 'crm-schema.yaml'))).toBe(false);
  });

  it('--workflows copies the three recipes; a project without an environment gets no --env in them', async () => {
    const run = await runCli(['init', '--prefix', 'support_', '--workflows'], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    for (const file of RECIPES) {
      const copied = await readFile(join(dir, '.github', 'workflows', file), 'utf8');
      const shipped = await readFile(join(SHIPPED, file), 'utf8');
      expect(shipped, file).toContain(' --env production ');
      expect(copied, file).not.toContain('--env');
      expect(copied, file).toBe(shipped.replaceAll(' --env production', ''));
    }
    expect(run.stdout).toContain('The CI recipes name no environment (crm-schema.yaml has none)');
    expect(run.stdout).toContain('the repository secret CRM_READ_TOKEN_PRODUCTION');
    // what they still name exists: the project validates, and plans with its own policy
    expect((await runCli(['validate'], { cwd: dir })).code).toBe(0);
  });

  it('the recipes name the environment init writes for an adopted account; .gitignore keeps what is there', async () => {
    await writeFile(join(dir, '.gitignore'), '.crm-schema\nplan.json\n');
    const written = await writeProject({
      dir,
      manage: { groups: [], prefixes: ['support_'] },
      workflows: true,
      environment: {
        name: 'default',
        baseUrl: 'https://api.example.com',
        tokenEnv: 'CRM_ACCESS_TOKEN',
        accountId: 7,
        apiVersion: '2026-09',
      },
    });
    expect(written).toContain('.gitignore (*.plan.json)');
    expect(await readFile(join(dir, '.gitignore'), 'utf8')).toBe(
      '.crm-schema\nplan.json\n# saved plans (crm-schema plan --out): they can hold samples of record values\n*.plan.json\n',
    );
    const projectFile = await readFile(join(dir, 'crm-schema.yaml'), 'utf8');
    expect(projectFile).toContain('defaultEnvironment: default\n');
    // the version the account was adopted with, which is the newest unless told otherwise
    expect(projectFile).toContain('    apiVersion: 2026-09\n');
    for (const file of RECIPES) {
      const copied = await readFile(join(dir, '.github', 'workflows', file), 'utf8');
      const shipped = await readFile(join(SHIPPED, file), 'utf8');
      expect(copied, file).toBe(shipped.replaceAll(' --env production ', ' --env default '));
      expect(copied, file).not.toContain('--env production');
    }
  });

  it('on a terminal, asks which groups and prefixes the project owns', async () => {
    const { terminal, shown } = scripted(['tickets.support, escalation', 'Bad-', 'support_']);
    const manage = await askScope(terminal);
    terminal.close();
    expect(manage).toEqual({ groups: ['tickets.support', 'escalation'], prefixes: ['support_'] });
    expect(shown()).toContain('Groups to own (e.g. tickets.support; separated by commas; Enter: none): ');
    // a malformed answer is asked again
    expect(shown()).toContain(
      'prefix Bad-: expected a lowercase name, optionally after an object type and a dot.\nName prefixes to own',
    );
    const none = scripted(['', '']);
    await expect(askScope(none.terminal)).rejects.toMatchObject({ code: 'INIT_SCOPE_NEEDED' });
    none.terminal.close();
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
    // another team's property, in the same object type and a built-in group
    await c.properties.create('tickets', {
      name: 'sales_score',
      label: 'Score',
      type: 'number',
      fieldType: 'number',
      groupName: 'ticketinformation',
    });
    await c.properties.create('deals', {
      name: 'fin_margin',
      label: 'Margin',
      type: 'number',
      fieldType: 'number',
      groupName: 'dealinformation',
    });
    await c.associations.createLabel('tickets', 'orders', {
      name: 'main_order',
      label: 'Main order',
      inverseLabel: 'Main ticket',
    });
    await c.properties.create('orders', {
      name: 'support_order_code',
      label: 'Code',
      type: 'string',
      fieldType: 'text',
      groupName: 'orderinformation',
    });
    await c.events.create({
      label: 'Order shipped',
      name: 'order_shipped',
      includeDefaultProperties: false,
      propertyDefinitions: [
        { name: 'support_carrier', label: 'Carrier', type: 'string' },
        { name: 'weight', label: 'Weight', type: 'number' },
      ],
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
  const schemaText = async () => {
    const files = (await readdir(join(dir, 'schema'))).sort();
    return (await Promise.all(files.map((f) => readFile(join(dir, 'schema', f), 'utf8')))).join('\n');
  };

  it('--prefix adopts only that scope and records it; plan then shows no change', async () => {
    const init = await cli(['init', '--pull', '--prefix', 'support_']);
    expect(init.code, init.stderr).toBe(0);
    // labels have owners: none is adopted unasked, and the person is told which were left out
    expect(init.stderr).toBe(
      'Scope: prefixes support_. Adopting 3 custom properties of tickets, orders; 1 event property of ' +
        'order_shipped.\n' +
        "Not adopted: the user labels between orders and tickets, which may be another team's. Labels have " +
        "owners: name this project's with --label (--label 'tickets->orders' for every label of that object pair, " +
        "--label 'tickets->orders:Escalation *' for those whose text or inverse text matches).\n",
    );
    const project = await readFile(join(dir, 'crm-schema.yaml'), 'utf8');
    expect(project).toContain('  unmanaged: report\n');
    // the custom group the adopted properties use is written, so the project owns it; no built-in group
    expect(project).toContain(
      '  manage:\n' +
        '    # the custom properties in these groups (tickets.support: of tickets only)\n' +
        '    groups: [tickets.support]\n' +
        '    # the custom properties with these name prefixes (tickets.support_: of tickets only)\n' +
        '    prefixes: [support_]\n',
    );
    expect(project).not.toContain('ticketinformation');
    const schema = await schemaText();
    for (const name of ['support_tier', 'support_note', 'support_order_code', 'support_carrier'])
      expect(schema).toContain(name);
    // another team's property, its event property, built-in groups and labels no --label names stay out
    for (const name of [
      'sales_score',
      'fin_margin',
      'weight',
      'name: ticketinformation',
      'dealinformation',
      'Main order',
      'kind: Associations',
    ])
      expect(schema).not.toContain(name);
    expect(schema).toContain('groups:\n  - name: support\n    label: Support\n');

    const validate = await runCli(['validate'], { cwd: dir });
    expect(validate.code, validate.stdout + validate.stderr).toBe(0);
    const plan = await cli(['plan', '--detailed-exitcode']);
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout).toContain('No changes.');

    // a property someone adds by hand in the scope is reported from day one; one outside it is not
    for (const name of ['support_hand_made', 'sales_hand_made'])
      await fx.client.properties.create('tickets', {
        name,
        label: 'Hand made',
        type: 'string',
        fieldType: 'text',
        groupName: 'ticketinformation',
      });
    const after = await cli(['plan']);
    expect(after.stdout + after.stderr).toContain('UNMANAGED_PROPERTY');
    expect(after.stdout + after.stderr).toContain('tickets.support_hand_made');
    expect(after.stdout + after.stderr).not.toContain('sales_hand_made');
  });

  it('records the account it adopted: the default environment, pinned to its id', async () => {
    const init = await cli(['init', '--pull', '--prefix', 'support_']);
    expect(init.code, init.stderr).toBe(0);
    const project = await readFile(join(dir, 'crm-schema.yaml'), 'utf8');
    expect(project).toContain(
      'environments:\n' +
        '  default:\n' +
        `    baseUrl: ${fx.emulator.url}\n` +
        '    tokenEnv: CRM_ACCESS_TOKEN\n' +
        '    # the account init --pull adopted\n' +
        `    accountId: ${fx.emulator.state.accountId}\n` +
        '    apiVersion: 2026-09\n' +
        'defaultEnvironment: default\n',
    );
    expect(init.stdout).toContain(
      `Environment default (the default): ${fx.emulator.url}, pinned to account ${fx.emulator.state.accountId}.`,
    );
    // the environment alone is enough now, and its pin is checked
    const env = { CRM_ACCESS_TOKEN: fx.emulator.token, CRM_BASE_URL: undefined };
    const plan = await runCli(['plan', '--detailed-exitcode'], { cwd: dir, env });
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    // the account details of 2026-09 (the version init wrote) name the account
    expect(plan.stdout.split('\n')[0]).toBe(
      `Plan for ${fx.emulator.url} (environment default), account ${fx.emulator.state.accountId} (Emulator account ${fx.emulator.state.accountId})`,
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
    const local = await runCli(
      ['init', '--pull', '--local', '--prefix', 'support_', '--account-id', '1000001'],
      { cwd: dir },
    );
    expect(local.code, local.stderr).toBe(0);
    const project = await readFile(join(dir, 'crm-schema.yaml'), 'utf8');
    expect(project).toContain('# environments:\n#   production:\n');
    expect(project).toContain('#     accountId: 12345678\n');
    expect(project).not.toMatch(/^environments:/m);

    const other = join(dir, 'other');
    await mkdir(other);
    const wrong = await runCli(['init', '--pull', '--local', '--prefix', 'support_', '--account-id', '7'], {
      cwd: other,
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('Error: Wrong account: --account-id pins account 7');
    expect(existsSync(join(other, 'crm-schema.yaml'))).toBe(false);
  });

  it('--group of one object type adopts its properties only; a built-in group only when named', async () => {
    const init = await cli(['init', '--pull', '--group', 'deals.dealinformation']);
    expect(init.code, init.stderr).toBe(0);
    expect(await readFile(join(dir, 'crm-schema.yaml'), 'utf8')).toContain(
      '  manage:\n    # the custom properties in these groups (tickets.support: of tickets only)\n    groups: [deals.dealinformation]\n',
    );
    const schema = await schemaText();
    expect(schema).toContain('objectType: deals');
    expect(schema).toContain('name: fin_margin');
    expect(schema).not.toContain('support_');
    const plan = await cli(['plan', '--detailed-exitcode']);
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
  });

  it('without a scope and without a terminal: exit 1 naming the flags, before any call; nothing written', async () => {
    fx.calls.length = 0;
    const run = await cli(['init', '--pull', '--yes']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('there is no terminal to ask which one; nothing was written.');
    expect(run.stderr).toContain('--prefix PREFIX or --group GROUP');
    expect(await readdir(dir)).toEqual([]);
  });

  it('on a terminal: lists the groups and prefixes found, and adopts what the person chose', async () => {
    const { terminal, shown } = scripted(['', 'support_', '']);
    const adopted = await adoptAccount(fx.client, {
      dir,
      outDir: join(dir, 'schema'),
      given: { groups: [], prefixes: [] },
      yes: false,
      terminal,
      say: (text) => {
        terminal.say(text);
      },
    });
    terminal.close();
    expect(shown()).toContain(
      [
        'The account holds custom properties in these groups:',
        '   1. deals.dealinformation      1 property (a built-in group: only its custom properties are adopted)',
        '   2. orders.orderinformation    1 property (a built-in group: only its custom properties are adopted)',
        '   3. tickets.support            1 property',
        '   4. tickets.ticketinformation  2 properties (a built-in group: only its custom properties are adopted)',
        'and with these name prefixes:',
        '   1. fin_                       deals 1',
        '   2. sales_                     tickets 1',
        '   3. support_                   orders 1, tickets 2, event order_shipped 1',
        'Groups to adopt (numbers or names, separated by commas; Enter: none): ',
      ].join('\n'),
    );
    expect(shown()).toContain('Pull this scope and write the project? [Y/n] ');
    expect(adopted?.manage).toEqual({ groups: ['tickets.support'], prefixes: ['support_'] });
    expect(adopted?.report?.added).toContain('tickets.support_tier');
    expect(adopted?.report?.added).not.toContain('tickets.sales_score');
    await writeProject({ dir, manage: adopted!.manage, workflows: false });
    const plan = await cli(['plan', '--detailed-exitcode']);
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);

    // numbers choose from the lists; declining at the confirmation writes nothing
    const other = await tempDir('crm-schema-init-declined-');
    try {
      const declined = scripted(['3', '1', 'n']);
      const result = await adoptAccount(fx.client, {
        dir: other,
        outDir: join(other, 'schema'),
        given: { groups: [], prefixes: [] },
        yes: false,
        terminal: declined.terminal,
        say: (text) => {
          declined.terminal.say(text);
        },
      });
      declined.terminal.close();
      expect(result).toBeUndefined();
      expect(declined.shown()).toContain(
        'Scope: prefixes fin_ and groups tickets.support. Adopting 2 custom',
      );
      expect(await readdir(other)).toEqual([]);
    } finally {
      await removeDir(other);
    }
  });
});

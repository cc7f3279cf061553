/**
 * `crm-schema pull` against the emulator: the CLI's own `main` in this process (test/helpers/in-process.ts),
 * and the real binary (dist/ is built by test/global-setup.ts) for one adoption from start to end.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type CrmClient } from '../../src/api/index.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { removeDir, tempDir, writeFiles } from '../live/helpers.js';
import { runBinary, runCli, type Run } from '../helpers/cli.js';

const TOKEN = 'cli-pull-token-1234567890';

const run = (args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Run> =>
  runCli(args, { cwd, env });

describe('crm-schema pull', () => {
  let emulator: TestEmulator;
  let client: CrmClient;
  let dir: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    emulator = await startTestEmulator({ tokens: [TOKEN] });
    client = createClient({ baseUrl: emulator.url, token: TOKEN });
    env = { CRM_BASE_URL: emulator.url, CRM_ACCESS_TOKEN: TOKEN };
    dir = await tempDir('crm-schema-cli-pull-');
    await client.groups.create('tickets', { name: 'support', label: 'Support' });
    await client.properties.create('tickets', {
      name: 'support_level',
      label: 'Level',
      type: 'enumeration',
      fieldType: 'select',
      groupName: 'support',
      options: [
        { label: 'Low', value: 'low' },
        { label: 'High', value: 'high' },
      ],
    });
    await client.associations.createLabel('tickets', 'orders', {
      name: 'primary_order',
      label: 'Primary order',
      inverseLabel: 'Main ticket',
    });
  });
  afterAll(async () => {
    await client.close();
    await emulator.close();
    await removeDir(dir);
  });

  it('adopts an account into an empty folder: manifests and a project file that plans no change (the real binary)', async () => {
    const folder = join(dir, 'adopt');
    await writeFiles(folder, { '.keep': '' });
    const result = await runBinary(
      [
        'pull',
        '--object-type',
        'tickets',
        '--prefix',
        'support_',
        '--associations',
        'tickets:orders',
        '--label',
        'tickets->orders',
      ],
      { cwd: folder, env },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [
        `Pulled from ${emulator.url}: 3 added, 0 updated, 0 removed (3 resources).`,
        '  created schema/tickets.yaml',
        '  created schema/associations.yaml',
        '  created crm-schema.yaml',
        '',
        '  + tickets.group:support',
        '  + tickets.support_level',
        '  + tickets->orders:Primary order',
        '',
        'Next: review the changes (git diff) and commit them; crm-schema plan should now show no changes.',
        '',
      ].join('\n'),
    );
    const project = await readFile(join(folder, 'crm-schema.yaml'), 'utf8');
    expect(project).toMatch(/^# yaml-language-server: \$schema=.*schemas\/config\.schema\.json\n/);
    // the scope pulled is the project's (with the custom group the pull wrote): plan and drift watch
    // it, the next pull adds within it
    expect(project).toContain(
      "manifests: ['schema/**/*.yaml']\npolicy:\n  manage:\n    groups: [tickets.support]\n    prefixes: [support_]\n",
    );
    expect(await readFile(join(folder, 'schema', 'associations.yaml'), 'utf8')).toContain(
      '  - label: Primary order\n    inverseLabel: Main ticket\n',
    );
    const validate = await run(['validate'], folder, env);
    expect(validate.code).toBe(0);
    const plan = await run(['plan', '--detailed-exitcode'], folder, env);
    expect(plan.stdout).toContain('No changes.');
    expect(plan.code).toBe(0);

    // in the project now: a second pull refreshes it and finds nothing to change
    const again = await run(['pull'], folder, env);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(
      `Pulled from ${emulator.url}: the manifests already match the account; no file was written.\n`,
    );
  });

  it('exits 1 when nothing is named, naming the flags to use', async () => {
    const folder = join(dir, 'nothing');
    await writeFiles(folder, { '.keep': '' });
    const result = await run(['pull'], folder, env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'Error: Nothing to pull: no object type, association pair or event is named.\n',
    );
    expect(result.stderr).toContain('Hint: Name what to pull with --object-type TYPE');
    expect(existsSync(join(folder, 'crm-schema.yaml'))).toBe(false);
  });

  it('exits 1 for a malformed pair or an event definition the account lacks, writing nothing', async () => {
    const folder = join(dir, 'bad');
    await writeFiles(folder, { '.keep': '' });
    const pair = await run(['pull', '--associations', 'tickets-orders'], folder, env);
    expect(pair.code).toBe(1);
    expect(pair.stderr).toContain('Error: --associations tickets-orders: expected FROM:TO.');
    const event = await run(['pull', '--event', 'no_such_event'], folder, env);
    expect(event.code).toBe(1);
    expect(event.stderr).toContain("Error: The account has no event definition 'no_such_event'.");
    expect(existsSync(join(folder, 'schema'))).toBe(false);
  });

  it('exits 1 on a project with manifest errors, before any call and without writing', async () => {
    const folder = join(dir, 'invalid');
    const broken = 'kind: Properties\nobjectType: tickets\nproperties:\n  - name: x\n    lable: X\n';
    await writeFiles(folder, {
      'crm-schema.yaml': "manifests: ['schema/*.yaml']\n",
      'schema/t.yaml': broken,
    });
    const result = await run(['pull'], folder, { ...env, CRM_ACCESS_TOKEN: 'unused-0000000000000000' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("unknown key 'lable'");
    expect(result.stderr).toContain('pull did not read or write anything');
    expect(await readFile(join(folder, 'schema/t.yaml'), 'utf8')).toBe(broken);
  });

  it('exits 1 when --out is outside the project folder, by its words or through a link, before any call', async () => {
    const folder = join(dir, 'confined');
    await writeFiles(folder, {
      'project/crm-schema.yaml': "manifests: ['schema/*.yaml']\n",
      'elsewhere/.keep': '',
    });
    await symlink(join(folder, 'elsewhere'), join(folder, 'project', 'linked'));
    const project = join(folder, 'project');
    // no token: a call to the CRM would fail differently
    const noCalls = { CRM_BASE_URL: emulator.url, CRM_ACCESS_TOKEN: 'refused-0000000000000000' };
    for (const out of ['../elsewhere', join(folder, 'elsewhere'), 'linked', 'linked/deeper']) {
      const result = await run(['pull', '--object-type', 'tickets', '--out', out], project, noCalls);
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toMatch(
        new RegExp(
          `^Error: --out ${out.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} (is outside|leads outside) the project folder `,
          'm',
        ),
      );
      expect(result.stderr).toContain('Nothing was read or written.');
      expect(result.stderr).toContain('Hint: Give a folder inside the project folder');
    }
    expect(await readdir(join(folder, 'elsewhere'))).toEqual(['.keep']);
    expect(await readdir(project)).toEqual(['crm-schema.yaml', 'linked']);
  });
});

describe('crm-schema pull: invisible characters', () => {
  it('writes bidi, zero-width and control characters as escapes in double quotes; plan after pull is empty', async () => {
    const emulator = await startTestEmulator({ tokens: [TOKEN] });
    const client = createClient({ baseUrl: emulator.url, token: TOKEN });
    const dir = await tempDir('crm-schema-cli-pull-invisible-');
    try {
      const env = { CRM_BASE_URL: emulator.url, CRM_ACCESS_TOKEN: TOKEN };
      await client.groups.create('tickets', { name: 'support', label: 'Support' });
      await client.properties.create('tickets', {
        name: 'support_code',
        label: 'Code \u202Eedoc\u202C',
        description: 'zero\u200Bwidth, bell \u0007, next line \u0085, "quoted" \\ and a tag \u{E0041}',
        type: 'enumeration',
        fieldType: 'select',
        groupName: 'support',
        options: [{ label: 'Low\u2066', value: 'low' }],
      });
      await client.associations.createLabel('tickets', 'orders', {
        name: 'reversed',
        label: 'Order \u202Eredro',
        inverseLabel: 'Ticket\u200D',
      });
      await writeFiles(dir, { 'crm-schema.yaml': "manifests: ['schema/**/*.yaml']\n" });
      const pulled = await run(
        [
          'pull',
          '--object-type',
          'tickets',
          '--prefix',
          'support_',
          '--associations',
          'tickets:orders',
          '--label',
          'tickets->orders',
        ],
        dir,
        env,
      );
      expect(pulled.code, pulled.stderr).toBe(0);
      const texts = await Promise.all(
        (await readdir(join(dir, 'schema'))).map((f) => readFile(join(dir, 'schema', f), 'utf8')),
      );
      const all = texts.join('\n');
      // nothing invisible is left raw in the files
      expect(all).not.toMatch(/(?![\t\n])[\p{Cc}\p{Cf}\u2028\u2029]/u);
      expect(all).toContain('label: "Code \\u202Eedoc\\u202C"');
      expect(all).toContain(
        'description: "zero\\u200Bwidth, bell \\x07, next line \\x85, \\"quoted\\" \\\\ and a tag \\U000E0041"',
      );
      expect(all).toContain('"Low\\u2066"');
      expect(all).toContain('label: "Order \\u202Eredro"');
      expect(all).toContain('inverseLabel: "Ticket\\u200D"');
      // the escapes read back as the live texts
      const plan = await run(['plan', '--detailed-exitcode'], dir, env);
      expect([plan.code, plan.stdout]).toEqual([0, expect.stringContaining('No changes')]);
    } finally {
      await client.close();
      await emulator.close();
      await removeDir(dir);
    }
  });
});

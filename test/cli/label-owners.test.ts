/**
 * Association labels have owners (`policy.manage.labels`): two teams' projects on one emulator account,
 * over HTTP, both naming labels of contacts and companies. Support relabels its label; finance's drift
 * does not call it edited and finance's plan proposes nothing for it; finance's init --pull does not adopt
 * support's labels; a finance manifest relabelling support's label is refused at its line and nothing is
 * written; unmanaged labels are finance's own only; pull adopts only labels in scope.
 */
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlanDocument } from '../../src/engine/plan/plan-document.js';
import { runCli, type Run } from '../helpers/cli.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { removeDir, tempDir, writeFiles } from '../live/helpers.js';

const TOKEN = 'cli-label-owners-token-1234567890';

let emulator: TestEmulator;
let dir: string;
/** writes the emulator received (method and path) */
let writes: string[] = [];

beforeEach(async () => {
  writes = [];
  emulator = await startTestEmulator({
    tokens: [TOKEN],
    extend: (app) =>
      app.addHook('onRequest', (request, _reply, done) => {
        if (request.method !== 'GET' && !/\/(batch\/read|search)$/.test(request.url))
          writes.push(`${request.method} ${request.url}`);
        done();
      }),
  });
  dir = await tempDir('crm-schema-label-owners-');
});
afterEach(async () => {
  await emulator.close();
  await removeDir(dir);
});

/** A team's project file: its prefix and label entries, the account as its default environment. */
const projectFile = (prefix: string, labels: string, more = ''): string => `manifests: ['schema/**/*.yaml']
defaultEnvironment: production
environments:
  production:
    baseUrl: ${emulator.url}
    tokenEnv: CRM_TOKEN
policy:
  unmanaged: report
  manage:
    prefixes: [${prefix}]
    labels: ${labels}
${more}`;

/** One label pair of contacts and companies, declared from contacts. */
const associations = (entries: string): string => `kind: Associations
from: contacts
to: companies
types:
${entries}`;

const SUPPORT_LABELS = associations(`  - label: Escalation owner
    inverseLabel: Escalated company
`);
const FINANCE_LABELS = associations(`  - label: Billing contact
    inverseLabel: Billed company
`);

const cli = (team: string, ...args: string[]): Promise<Run> =>
  runCli(args, { cwd: join(dir, team), env: { CRM_TOKEN: TOKEN } });

/** The user labels of contacts -> companies in the account, by text. */
async function liveLabels(): Promise<string[]> {
  const read = await emulator.call('GET', '/crm/v4/associations/contacts/companies/labels');
  expect(read.status).toBe(200);
  return (read.body as { results: { category: string; label: string | null }[] }).results
    .filter((l) => l.category === 'USER_DEFINED')
    .map((l) => l.label ?? '')
    .sort();
}

/** Support and finance each own their labels of contacts and companies, both applied. */
async function twoTeams(): Promise<void> {
  await writeFiles(join(dir, 'support'), {
    'crm-schema.yaml': projectFile('support_', "['contacts->companies:Escalation *']"),
    'schema/associations.yaml': SUPPORT_LABELS,
  });
  await writeFiles(join(dir, 'finance'), {
    'crm-schema.yaml': projectFile('finance_', "['companies->contacts:Bill*']"),
    'schema/associations.yaml': FINANCE_LABELS,
  });
  for (const team of ['support', 'finance']) {
    const applied = await cli(team, 'apply', '--yes');
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
  }
  expect(await liveLabels()).toEqual(['Billing contact', 'Escalation owner']);
}

describe('two teams naming labels of one object pair', () => {
  it("support relabels its label: finance's drift and plan see nothing of it", async () => {
    await twoTeams();
    // each team's plan is empty: the other team's label is neither unmanaged nor its own
    for (const team of ['support', 'finance']) {
      const plan = await cli(team, 'plan', '--detailed-exitcode');
      expect([plan.code, plan.stdout], team).toEqual([0, expect.stringContaining('No changes.')]);
      expect(plan.stdout + plan.stderr, team).not.toMatch(/UNMANAGED_LABEL|NO_LABEL_SCOPE/);
    }

    await writeFile(
      join(dir, 'support', 'schema', 'associations.yaml'),
      associations(`  - label: Escalation lead
    renamedFrom: Escalation owner
    inverseLabel: Escalated company
`),
    );
    const relabel = await cli('support', 'apply', '--yes');
    expect(relabel.code, relabel.stdout + relabel.stderr).toBe(0);
    expect(relabel.stdout).toContain('Relabel contacts->companies: "Escalation owner" -> "Escalation lead"');
    expect(await liveLabels()).toEqual(['Billing contact', 'Escalation lead']);

    writes = [];
    const drift = await cli('finance', 'drift');
    expect([drift.code, drift.stdout]).toEqual([0, expect.stringContaining('No drift')]);
    expect(drift.stdout).not.toContain('Escalation');
    const json = JSON.parse((await cli('finance', 'drift', '--json')).stdout) as {
      drifted: boolean;
      edited: unknown[];
      unmanaged: unknown[];
    };
    expect(json).toMatchObject({ drifted: false, edited: [], unmanaged: [] });
    const plan = await cli('finance', 'plan', '--detailed-exitcode', '--json');
    expect(plan.code).toBe(0);
    const document = JSON.parse(plan.stdout) as PlanDocument;
    expect(document.changes).toEqual([]);
    expect(document.diagnostics).toEqual([]);
    // support's own drift after its apply: none
    expect((await cli('support', 'drift')).code).toBe(0);
    expect(writes).toEqual([]);
  });

  it("refuses a finance manifest that relabels support's label, at its line, and writes nothing", async () => {
    await twoTeams();
    await writeFile(
      join(dir, 'finance', 'schema', 'associations.yaml'),
      `${FINANCE_LABELS}  - label: Escalation lead
    renamedFrom: Escalation owner
`,
    );
    writes = [];
    const plan = await cli('finance', 'plan');
    expect(plan.code).toBe(1);
    expect(plan.stdout).toContain(
      'Errors:\n' +
        "  error OUTSIDE_MANAGE_SCOPE: contacts->companies:Escalation lead is outside the policy's manage scope: it is the account's label 'Escalation owner', and neither 'Escalation owner' nor its inverse 'Escalated company' matches a pattern of manage.labels for contacts->companies\n" +
        '    at schema/associations.yaml:7:5\n' +
        "    hint: To adopt it on purpose, add 'contacts->companies:Escalation owner' and 'contacts->companies:Escalation lead' to policy.manage.labels, or 'contacts->companies' for every label of that object pair; otherwise remove it from the manifest.\n",
    );
    expect(plan.stdout).not.toContain('Relabel');
    expect(plan.stderr).toContain('Error: The plan has 1 error (listed above), so it cannot be applied.');

    const apply = await cli('finance', 'apply', '--yes', '--allow-destructive', '--allow-dangerous');
    expect(apply.code).toBe(1);
    expect(apply.stdout + apply.stderr).toContain('OUTSIDE_MANAGE_SCOPE');
    expect(apply.stdout + apply.stderr).not.toMatch(/\n\s+at .*\.(js|ts):\d+/); // no stack trace
    const drift = await cli('finance', 'drift');
    expect(drift.code).toBe(1);
    expect(writes).toEqual([]);
    expect(await liveLabels()).toEqual(['Billing contact', 'Escalation owner']);

    // a tombstone of support's label is refused the same way, at the tombstone
    await writeFile(
      join(dir, 'finance', 'schema', 'associations.yaml'),
      `${FINANCE_LABELS}  - label: Escalation owner
    deleted: true
`,
    );
    const deleting = await cli('finance', 'plan', '--allow-destructive');
    expect(deleting.code).toBe(1);
    expect(deleting.stdout).toContain(
      "  error OUTSIDE_MANAGE_SCOPE: contacts->companies:Escalation owner is marked deleted, but it is outside the policy's manage scope",
    );
    expect(deleting.stdout).toContain('    at schema/associations.yaml:7:5\n');
    expect(writes).toEqual([]);
  });

  it("reports and archives only the project's own unmanaged labels; archive is a destructive delete", async () => {
    await twoTeams();
    for (const [label, inverseLabel] of [
      ['Billing backup', 'Billed backup'],
      ['Escalation backup', 'Escalated backup'],
    ] as const) {
      const made = await emulator.call('POST', '/crm/v4/associations/contacts/companies/labels', {
        label,
        inverseLabel,
        name: label.toLowerCase().replace(' ', '_'),
      });
      expect(made.status).toBe(200);
    }
    const finance = await cli('finance', 'drift');
    expect(finance.code).toBe(2);
    expect(finance.stdout).toContain(
      'In no manifest, within the managed scope (1)\n' +
        "  ? contacts->companies:Billing backup (association label; in the managed scope: labels 'companies->contacts:Bill*')\n",
    );
    expect(finance.stdout).not.toContain('Escalation');
    const support = await cli('support', 'drift');
    expect(support.code).toBe(2);
    expect(support.stdout).toContain('? contacts->companies:Escalation backup (association label;');
    expect(support.stdout).not.toContain('Billing');

    // unmanaged: archive deletes finance's stray label only, and the default policy refuses the delete
    const archiving = projectFile('finance_', "['companies->contacts:Bill*']").replace(
      'unmanaged: report',
      'unmanaged: archive',
    );
    await writeFile(join(dir, 'finance', 'crm-schema.yaml'), archiving);
    writes = [];
    const plan = await cli('finance', 'plan');
    expect(plan.code).toBe(1);
    expect(plan.stdout).toContain('-   Delete association label contacts->companies:Billing backup (typeId');
    expect(plan.stdout).toContain('refused by policy:');
    expect(plan.stdout).not.toContain('Escalation');
    expect((await cli('finance', 'apply', '--yes')).code).toBe(1);
    expect(writes).toEqual([]);
    const allowed = await cli('finance', 'apply', '--yes', '--allow-destructive');
    expect(allowed.code, allowed.stdout + allowed.stderr).toBe(0);
    expect(await liveLabels()).toEqual(['Billing contact', 'Escalation backup', 'Escalation owner']);
  });

  it("finance's pull adopts its own labels only; flags are bounded by its scope", async () => {
    await twoTeams();
    await emulator.call('POST', '/crm/v4/associations/contacts/companies/labels', {
      label: 'Billing backup',
      inverseLabel: 'Billed backup',
      name: 'billing_backup',
    });
    await emulator.call('POST', '/crm/v4/associations/contacts/companies/labels', {
      label: 'Escalation backup',
      name: 'escalation_backup',
    });
    const pulled = await cli('finance', 'pull', '--label', 'contacts->companies');
    expect(pulled.code, pulled.stdout + pulled.stderr).toBe(0);
    expect(pulled.stdout).toContain('  + contacts->companies:Billing backup\n');
    expect(pulled.stdout).toContain(
      "contacts->companies: 2 user labels match --label 'contacts->companies' but are outside policy.manage.labels of the project: not pulled",
    );
    const text = await readFile(join(dir, 'finance', 'schema', 'associations.yaml'), 'utf8');
    expect(text).toContain('Billing backup');
    expect(text).not.toContain('Escalation');
    const drift = await cli('finance', 'drift');
    expect([drift.code, drift.stdout]).toEqual([0, expect.stringContaining('No drift')]);
  });
});

describe('an entry puts its object pair under management', () => {
  it('even when no manifest names the pair: its labels in scope are unmanaged, read only when looked at', async () => {
    for (const [from, to, label] of [
      ['deals', 'companies', 'Partner company'],
      ['deals', 'companies', 'Reseller'],
    ] as const) {
      const made = await emulator.call('POST', `/crm/v4/associations/${from}/${to}/labels`, {
        label,
        name: label.toLowerCase().replace(' ', '_'),
      });
      expect(made.status).toBe(200);
    }
    await writeFiles(dir, {
      'crm-schema.yaml': projectFile('sales_', "['companies->deals:Partner *']"),
      'schema/deals.yaml': 'kind: Properties\nobjectType: deals\nproperties: []\n',
    });
    const plan = await runCli(['plan', '--verbose'], { cwd: dir, env: { CRM_TOKEN: TOKEN } });
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout).toContain(
      // seen from the direction the entry is written in
      '  warning UNMANAGED_LABEL: companies->deals:Partner company (inverse "Partner company") is a user label ' +
        "in the managed scope (labels 'companies->deals:Partner *') but in no manifest\n",
    );
    expect(plan.stdout).not.toContain('Reseller');
    expect(plan.stderr).toMatch(
      /GET \/crm\/v4\/associations\/deals\/companies\/labels|configurations\/deals\/companies/,
    );
    // a pull request's plan looks at nothing no manifest names: the pair is not even read
    const ignoring = await runCli(['plan', '--ignore-unmanaged', '--verbose'], {
      cwd: dir,
      env: { CRM_TOKEN: TOKEN },
    });
    expect(ignoring.code).toBe(0);
    expect(ignoring.stdout).not.toContain('UNMANAGED_LABEL');
    expect(ignoring.stderr).not.toMatch(/deals\/companies/);
  });
});

describe('init --pull and pull adopt only labels in scope', () => {
  beforeEach(async () => {
    for (const [objectType, name] of [
      ['contacts', 'finance_tier'],
      ['companies', 'finance_rating'],
    ] as const) {
      const made = await emulator.call('POST', `/crm/v3/properties/${objectType}`, {
        name,
        label: 'Tier',
        type: 'string',
        fieldType: 'text',
        groupName: objectType === 'contacts' ? 'contactinformation' : 'companyinformation',
      });
      expect(made.status).toBe(201);
    }
    for (const [label, inverseLabel] of [
      ['Billing contact', 'Billed company'],
      ['Escalation owner', 'Escalated company'],
    ] as const) {
      const made = await emulator.call('POST', '/crm/v4/associations/contacts/companies/labels', {
        label,
        inverseLabel,
        name: label.toLowerCase().replace(' ', '_'),
      });
      expect(made.status).toBe(200);
    }
  });

  const init = (folder: string, ...args: string[]) =>
    runCli(['init', '--pull', '--base-url', emulator.url, ...args], {
      cwd: join(dir, folder),
      env: { CRM_ACCESS_TOKEN: TOKEN, CRM_BASE_URL: '' },
    });
  const schemaText = async (folder: string) => {
    const files = (await readdir(join(dir, folder, 'schema'))).sort();
    return (await Promise.all(files.map((f) => readFile(join(dir, folder, 'schema', f), 'utf8')))).join('\n');
  };

  it("finance's init --pull adopts its labels by --label, never support's; none unasked", async () => {
    await writeFiles(dir, { 'scoped/.keep': '', 'unasked/.keep': '' });
    const scoped = await init('scoped', '--prefix', 'finance_', '--label', 'contacts->companies:Billing *');
    expect(scoped.code, scoped.stderr).toBe(0);
    expect(scoped.stderr).toBe(
      'Scope: prefixes finance_ and labels contacts->companies:Billing *. Adopting 2 custom properties of ' +
        'contacts, companies; the association labels of contacts->companies:Billing *.\n',
    );
    const text = await schemaText('scoped');
    expect(text).toContain('label: Billing contact\n    inverseLabel: Billed company\n');
    expect(text).not.toContain('Escalation');
    const project = parse(await readFile(join(dir, 'scoped', 'crm-schema.yaml'), 'utf8')) as {
      policy: { manage: unknown };
    };
    expect(project.policy.manage).toEqual({
      prefixes: ['finance_'],
      labels: ['contacts->companies:Billing *'],
    });
    const env = { CRM_ACCESS_TOKEN: TOKEN };
    const plan = await runCli(['plan', '--detailed-exitcode'], { cwd: join(dir, 'scoped'), env });
    expect([plan.code, plan.stdout + plan.stderr]).toEqual([0, expect.stringContaining('No changes.')]);

    // without --label: no label at all, and the person is told which object pair holds some
    const unasked = await init('unasked', '--prefix', 'finance_');
    expect(unasked.code, unasked.stderr).toBe(0);
    expect(unasked.stderr).toContain(
      "Not adopted: the user labels between companies and contacts, which may be another team's.",
    );
    expect(await schemaText('unasked')).not.toContain('kind: Associations');
  });

  it('pull refuses --associations without a label scope before any call, and writes nothing', async () => {
    await writeFiles(dir, { 'fresh/.keep': '' });
    const before = writes.length;
    const pulled = await runCli(
      ['pull', '--base-url', emulator.url, '--associations', 'contacts:companies'],
      { cwd: join(dir, 'fresh'), env: { CRM_ACCESS_TOKEN: TOKEN, CRM_BASE_URL: '' } },
    );
    expect(pulled.code).toBe(1);
    expect(pulled.stderr).toContain(
      "Error: pull adds only the association labels of a label scope, and none names contacts->companies: another team's labels would be pulled too.\n",
    );
    expect(pulled.stderr).toContain(
      "Hint: Name the labels to pull with --label (repeatable): --label 'contacts->companies'",
    );
    expect(writes.length).toBe(before);
    expect(existsSync(join(dir, 'fresh', 'crm-schema.yaml'))).toBe(false);
    expect(existsSync(join(dir, 'fresh', 'schema'))).toBe(false);

    // with a pattern: only the labels it matches, and the project file it writes owns exactly them
    const scoped = await runCli(
      ['pull', '--base-url', emulator.url, '--label', 'contacts->companies:*company'],
      { cwd: join(dir, 'fresh'), env: { CRM_ACCESS_TOKEN: TOKEN, CRM_BASE_URL: '' } },
    );
    expect(scoped.code, scoped.stderr).toBe(0);
    const project = parse(await readFile(join(dir, 'fresh', 'crm-schema.yaml'), 'utf8')) as {
      policy: { manage: unknown };
    };
    expect(project.policy.manage).toEqual({ labels: ['contacts->companies:*company'] });
    // both labels' inverse texts end in "company": both match
    expect(scoped.stdout).toContain('  + contacts->companies:Billing contact\n');
    expect(scoped.stdout).toContain('  + contacts->companies:Escalation owner\n');
  });
});

describe('the project file and the one warning', () => {
  it('refuses a malformed label entry at its line, before any call', async () => {
    await writeFiles(dir, {
      'crm-schema.yaml': projectFile('finance_', "['contacts:companies']"),
      'schema/associations.yaml': FINANCE_LABELS,
    });
    writes = [];
    const plan = await runCli(['plan'], { cwd: dir, env: { CRM_TOKEN: TOKEN } });
    expect(plan.code).toBe(1);
    expect(plan.stdout + plan.stderr).toContain(
      "crm-schema.yaml:11:14  error  INVALID_VALUE  policy.manage.labels[0]: 'contacts:companies' is not a label entry: write an object pair, optionally with a pattern of label text",
    );
    expect(writes).toEqual([]);
  });

  it('init and pull refuse a malformed --label before anything is read or written', async () => {
    for (const command of [['init'], ['pull', '--base-url', emulator.url]]) {
      const run = await runCli([...command, '--label', 'contacts:companies'], {
        cwd: dir,
        env: { CRM_ACCESS_TOKEN: TOKEN },
      });
      expect(run.code, command[0]).toBe(1);
      expect(run.stderr).toContain(
        'Error: --label contacts:companies: expected an object pair, optionally with a pattern of label text.\n',
      );
      expect(run.stderr).toContain("Hint: For example --label 'tickets->orders' (every label of that pair)");
    }
    expect(await readdir(dir)).toEqual([]);
    expect(writes).toEqual([]);
  });

  it('warns once when the scope has no label entry and the manifests name labels', async () => {
    await writeFiles(dir, {
      'crm-schema.yaml': projectFile('finance_', '[]'),
      'schema/associations.yaml': associations(`  - label: Billing contact
  - label: Second
`),
    });
    const plan = await runCli(['plan'], { cwd: dir, env: { CRM_TOKEN: TOKEN } });
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout.match(/NO_LABEL_SCOPE/g)).toHaveLength(1);
    expect(plan.stdout).toContain(
      "  warning NO_LABEL_SCOPE: The policy's manage scope has no labels entry: this project may change every association label and limit its manifests name, including other teams'.\n",
    );
  });
});

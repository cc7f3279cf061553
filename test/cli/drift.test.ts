/**
 * `crm-schema drift` against the emulator, through the CLI's own `main` in this process
 * (test/helpers/in-process.ts) and, for its exit code 2, the real binary (dist/ is built by
 * test/global-setup.ts): 0 on an account brought to the manifests, 2 after each kind of outside change (with the
 * change named), 0 again after `pull`, 1 on an error. The steps run in order on one account.
 */
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type CrmClient } from '../../src/api/index.js';
import { computePlan } from '../../src/engine/pipeline/compute-plan.js';
import { loadCommandProject } from '../../src/engine/pipeline/project.js';
import type { DriftDocument } from '../../src/engine/drift/drift-report.js';
import { toPlanPolicy } from '../../src/engine/live/managed-scope.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { removeDir, sendPlan, tempDir, writeFiles } from '../live/helpers.js';
import { ROOT, runBinary, runCli, type Run } from '../helpers/cli.js';

const TOKEN = 'cli-drift-token-1234567890';

const run = (args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Run> =>
  runCli(args, { cwd, env });

// unmanaged: ignore: drift still reports what `manage` puts in scope
const PROJECT = `manifests: ['schema/**/*.yaml']
policy:
  unmanaged: ignore
  manage: { groups: [support_escalation], prefixes: [support_], labels: [tickets->orders] }
`;

const TICKETS = `kind: Properties
objectType: tickets
groups:
  - name: support_escalation
    label: Escalation
properties:
  - name: support_level
    label: Escalation level
    type: enumeration
    fieldType: select
    groupName: support_escalation
    options:
      - { label: Low, value: low }
      - { label: High, value: high }
  - name: support_note
    label: Note
    type: string
    fieldType: textarea
    groupName: support_escalation
    description: What the agent found.
`;

const ASSOCIATIONS = `kind: Associations
from: tickets
to: orders
types:
  - label: Primary order
    inverseLabel: Ticket about this order
    maxToObjectIds: 1
`;

const schema = JSON.parse(readFileSync(join(ROOT, 'schemas', 'drift.schema.json'), 'utf8')) as Record<
  string,
  unknown
>;
const validateDrift = new Ajv2020({ allErrors: true, strict: true }).compile(schema);

describe('crm-schema drift', () => {
  let emulator: TestEmulator;
  let client: CrmClient;
  let dir: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    emulator = await startTestEmulator({ tokens: [TOKEN] });
    client = createClient({ baseUrl: emulator.url, token: TOKEN });
    dir = await tempDir('crm-schema-cli-drift-');
    await writeFiles(dir, {
      'crm-schema.yaml': PROJECT,
      'schema/tickets.yaml': TICKETS,
      'schema/associations.yaml': ASSOCIATIONS,
    });
    env = { CRM_BASE_URL: emulator.url, CRM_ACCESS_TOKEN: TOKEN };
    // the account brought to the manifests: the plan's own requests, sent as apply sends them
    const project = await loadCommandProject({ cwd: dir });
    const { plan } = await computePlan(client, project.desired, {
      policy: toPlanPolicy(project.config.policy),
    });
    expect(plan.changes.map((c) => c.id)).toEqual([
      'group.create tickets.group:support_escalation',
      'property.create tickets.support_level',
      'property.create tickets.support_note',
      'label.create tickets->orders:Primary order',
      'limit.set tickets->orders:Primary order',
    ]);
    await sendPlan(emulator, plan);
  });
  afterAll(async () => {
    await client.close();
    await emulator.close();
    await removeDir(dir);
  });

  it('exits 0 on an account that matches the manifests', async () => {
    const result = await run(['drift'], dir, env);
    expect(result.stdout).toBe(
      `Drift check of ${emulator.url}, account 1000001 (app.crm-schema.local)\n\nNo drift: the live account matches the manifests.\n`,
    );
    expect(result.code).toBe(0);
    const json = await run(['drift', '--json'], dir, env);
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as DriftDocument;
    expect([report.drifted, report.counts.total]).toEqual([false, 0]);
  });

  it('exits 2 after an outside edit, naming it with the live and the declared value (the real binary)', async () => {
    await client.properties.update('tickets', 'support_note', { label: 'Agent note' });
    const result = await runBinary(['drift'], { cwd: dir, env });
    expect(result.code).toBe(2);
    // when and by whom: the account's updatedAt and updatedUserId (this token is user 1 of the emulator)
    expect(result.stdout).toMatch(
      /Edited outside crm-schema \(1\)\n {2}~ tickets\.support_note \(property; last changed at \d{4}-\d\d-\d\dT[\d:.]+Z by user 1\)\n {6}label: live "Agent note", declared "Note"\n/,
    );
    expect(result.stdout).toContain(
      'To bring the account back to the manifests: crm-schema plan, then crm-schema apply.',
    );
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe('Drift: 1 edited.');

    const json = await run(['drift', '--json'], dir, env);
    expect(json.code).toBe(2);
    const report = JSON.parse(json.stdout) as DriftDocument;
    expect(validateDrift(report)).toBe(true);
    expect(report.target).toEqual({
      baseUrl: emulator.url,
      account: { id: 1000001, uiDomain: 'app.crm-schema.local' },
    });
    expect(report.edited).toEqual([
      {
        address: 'tickets.support_note',
        kind: 'property',
        fix: 'update',
        modified: { at: expect.stringMatching(/^\d{4}-/) as string, by: '1' },
        fields: [{ field: 'label', live: 'Agent note', declared: 'Note' }],
      },
    ]);
  });

  it('prints Markdown and appends it to the GitHub step summary', async () => {
    const summary = join(dir, 'summary.md');
    await writeFile(summary, 'before\n');
    const result = await run(['drift', '--format', 'markdown'], dir, {
      ...env,
      GITHUB_STEP_SUMMARY: summary,
    });
    expect(result.code).toBe(2);
    expect(result.stdout.startsWith('<!-- crm-schema-drift -->\n### crm-schema drift\n')).toBe(true);
    expect(result.stdout).toContain('  - `label`: live `"Agent note"`, declared `"Note"`\n');
    expect(await readFile(summary, 'utf8')).toBe(`before\n${result.stdout}`);
  });

  it('exits 2 after an outside archive: the property is missing', async () => {
    await client.properties.update('tickets', 'support_note', { label: 'Note' });
    await client.properties.archive('tickets', 'support_note');
    const result = await run(['drift', '--json'], dir, env);
    expect(result.code).toBe(2);
    const report = JSON.parse(result.stdout) as DriftDocument;
    expect(report.missing).toEqual([{ address: 'tickets.support_note', kind: 'property' }]);
    expect(report.counts).toEqual({
      total: 1,
      edited: 0,
      missing: 1,
      unmanaged: 0,
      tombstoned: 0,
      notDeployed: 0,
    });
  });

  it('exits 2 for a property in a managed group that no manifest names', async () => {
    await client.properties.create('tickets', {
      name: 'stray_flag',
      label: 'Stray flag',
      type: 'bool',
      fieldType: 'booleancheckbox',
      groupName: 'support_escalation',
      options: [
        { label: 'Yes', value: 'true' },
        { label: 'No', value: 'false' },
      ],
    });
    const result = await run(['drift'], dir, env);
    expect(result.code).toBe(2);
    expect(result.stdout).toContain(
      'In no manifest, within the managed scope (1)\n' +
        `  ? tickets.stray_flag "Stray flag" (property; in the managed scope: group 'support_escalation')\n`,
    );
    expect(result.stdout).toContain('  + tickets.support_note (property): declared, not in the account\n');
  });

  it('exits 0 again once pull has taken the account into the manifests', async () => {
    const pulled = await run(['pull'], dir, env);
    expect(pulled.stderr).toBe('');
    expect(pulled.code).toBe(0);
    expect(pulled.stdout).toContain('  + tickets.stray_flag\n');
    expect(pulled.stdout).toContain('  - tickets.support_note\n');
    const tickets = await readFile(join(dir, 'schema', 'tickets.yaml'), 'utf8');
    expect(tickets).toContain('  - name: stray_flag\n');
    expect(tickets).not.toContain('support_note');
    const result = await run(['drift'], dir, env);
    expect(result.stdout).toBe(
      `Drift check of ${emulator.url}, account 1000001 (app.crm-schema.local)\n\nNo drift: the live account matches the manifests.\n`,
    );
    expect(result.code).toBe(0);
  });

  it('exits 1 on an error, never 2', async () => {
    const result = await run(['drift'], dir, { ...env, CRM_ACCESS_TOKEN: 'wrong-token-000000000000' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Error: .*401/m);
    expect(result.stdout).toBe('');
    const noProject = await run(['drift'], join(dir, 'schema'), env);
    expect(noProject.code).toBe(1);
    expect(noProject.stderr).toContain('Error: No crm-schema.yaml in');
  });
});

/**
 * The ownership scope through the CLI (test/helpers/cli.ts) against the emulator over HTTP: a manifest
 * naming another team's property is refused by plan, apply and drift with the manifest location, and
 * nothing is written; what the project owns plans and applies; a project without a scope is warned once;
 * a plan whose only findings are unmanaged resources says so.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlanDocument } from '../../src/engine/plan/plan-document.js';
import { runCli, type Run } from '../helpers/cli.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { removeDir, tempDir, writeFiles } from '../live/helpers.js';

const TOKEN = 'cli-ownership-token-1234567890';

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
  dir = await tempDir('crm-schema-ownership-');
  // another team's property, made by hand in the built-in group dealinformation
  const made = await emulator.call('POST', '/crm/v3/properties/deals', {
    name: 'finance_cost_center',
    label: 'Cost center',
    type: 'string',
    fieldType: 'text',
    groupName: 'dealinformation',
  });
  expect(made.status).toBe(201);
  writes = [];
});
afterEach(async () => {
  await emulator.close();
  await removeDir(dir);
});

const cli = (...args: string[]): Promise<Run> => runCli(args, { cwd: dir, env: { CRM_TOKEN_SALES: TOKEN } });

/** The sales team's project: it owns sales_ properties and its group deals.sales_ops. */
const project = (policy: string): string => `manifests: ['schema/**/*.yaml']
defaultEnvironment: production
environments:
  production:
    baseUrl: ${emulator.url}
    tokenEnv: CRM_TOKEN_SALES
policy:
${policy}
`;
const SCOPED = '  manage: { groups: [deals.sales_ops], prefixes: [sales_] }';

/** The manifest naming finance_cost_center (line 8, column 5) with another label and type. */
const takeOver = (groupName: string): string => `kind: Properties
objectType: deals
groups:
  - { name: sales_ops, label: Sales operations }
properties:
  - { name: sales_region, label: Region, type: string, fieldType: text, groupName: sales_ops }
  - name: finance_cost_center
    label: Cost center (sales)
    type: enumeration
    fieldType: select
    groupName: ${groupName}
    options: [{ label: North, value: north }, { label: South, value: south }]
`;

async function readBack(): Promise<Record<string, unknown>> {
  const read = await emulator.call('GET', '/crm/v3/properties/deals/finance_cost_center');
  expect(read.status).toBe(200);
  return read.body as Record<string, unknown>;
}

async function expectUntouched(): Promise<void> {
  expect(writes).toEqual([]);
  expect(await readBack()).toMatchObject({
    label: 'Cost center',
    type: 'string',
    fieldType: 'text',
    groupName: 'dealinformation',
  });
}

describe('a manifest naming a resource outside the manage scope', () => {
  it('is refused by plan with the manifest location and the address, and apply writes nothing', async () => {
    await writeFiles(dir, {
      'crm-schema.yaml': project(SCOPED),
      'schema/deals.yaml': takeOver('dealinformation'),
    });
    const plan = await cli('plan');
    expect(plan.code).toBe(1);
    expect(plan.stdout).toContain(
      'Errors:\n' +
        "  error OUTSIDE_MANAGE_SCOPE: deals.finance_cost_center is outside the policy's manage scope: its live group 'dealinformation' is not managed and its name matches no manage prefix\n" +
        '    at schema/deals.yaml:7:5\n' +
        '    hint: To adopt it on purpose, add deals.finance_cost_center to policy.manage.prefixes, or deals.dealinformation to policy.manage.groups to adopt every property of that group; otherwise remove it from the manifest.\n',
    );
    // the take-over is not planned: only what the project owns
    expect(plan.stdout).not.toContain('Update property deals.finance_cost_center');
    expect(plan.stdout).toContain('+   Create property deals.sales_region');
    expect(plan.stderr).toContain('Error: The plan has 1 error (listed above), so it cannot be applied.');

    const json = JSON.parse((await cli('plan', '--json')).stdout) as PlanDocument;
    expect(json.diagnostics).toEqual([
      expect.objectContaining({
        level: 'error',
        code: 'OUTSIDE_MANAGE_SCOPE',
        address: 'deals.finance_cost_center',
        source: { file: 'schema/deals.yaml', line: 7, col: 5 },
      }),
    ]);

    for (const flags of [[], ['--allow-destructive', '--allow-dangerous']]) {
      const apply = await cli('apply', '--yes', ...flags);
      expect(apply.code).toBe(1);
      expect(apply.stdout + apply.stderr).toContain('schema/deals.yaml:7:5');
      expect(apply.stderr).toContain('Nothing was changed.');
    }
    expect((await cli('plan', '--out', 'plan.json')).code).toBe(1);
    await expectUntouched();
  });

  it('is refused when the manifest moves the property into a managed group', async () => {
    await writeFiles(dir, { 'crm-schema.yaml': project(SCOPED), 'schema/deals.yaml': takeOver('sales_ops') });
    const plan = await cli('plan');
    expect(plan.code).toBe(1);
    expect(plan.stdout).toContain(
      "  error OUTSIDE_MANAGE_SCOPE: deals.finance_cost_center is outside the policy's manage scope: the manifest moves it into the managed group 'sales_ops', but its live group 'dealinformation' is not managed and its name matches no manage prefix: a manifest cannot take a property by moving it\n" +
        '    at schema/deals.yaml:7:5\n',
    );
    const apply = await cli('apply', '--yes', '--allow-destructive', '--allow-dangerous');
    expect(apply.code).toBe(1);
    await expectUntouched();
  });

  it('is refused as a tombstone of the live property', async () => {
    await writeFiles(dir, {
      'crm-schema.yaml': project(`  destructive: allow\n${SCOPED}`),
      'schema/deals.yaml': `kind: Properties
objectType: deals
properties:
  - { name: finance_cost_center, archived: true }
`,
    });
    const plan = await cli('plan');
    expect(plan.code).toBe(1);
    expect(plan.stdout).toContain(
      "  error OUTSIDE_MANAGE_SCOPE: deals.finance_cost_center is marked archived, but it is outside the policy's manage scope: its live group 'dealinformation' is not managed and its name matches no manage prefix\n" +
        '    at schema/deals.yaml:4:5\n',
    );
    expect((await cli('apply', '--yes', '--allow-destructive')).code).toBe(1);
    await expectUntouched();
  });

  it('is an error of drift too (exit 1)', async () => {
    await writeFiles(dir, {
      'crm-schema.yaml': project(SCOPED),
      'schema/deals.yaml': takeOver('dealinformation'),
    });
    const drift = await cli('drift');
    expect(drift.code).toBe(1);
    expect(drift.stdout).toContain('error OUTSIDE_MANAGE_SCOPE: deals.finance_cost_center');
    expect(drift.stdout).toContain('at schema/deals.yaml:7:5');
    await expectUntouched();
  });

  it('is adopted on purpose by widening manage', async () => {
    await writeFiles(dir, {
      'crm-schema.yaml': project(
        '  manage: { groups: [deals.sales_ops], prefixes: [sales_, deals.finance_cost_center] }',
      ),
      'schema/deals.yaml': takeOver('dealinformation'),
    });
    const plan = await cli('plan');
    expect([plan.code, plan.stdout]).toEqual([
      0,
      expect.stringContaining('~   Update property deals.finance_cost_center'),
    ]);
  });
});

describe('what the project owns', () => {
  it('plans and applies new properties by a managed prefix or in a managed declared group', async () => {
    await writeFiles(dir, {
      'crm-schema.yaml': project(SCOPED),
      'schema/deals.yaml': `kind: Properties
objectType: deals
groups:
  - { name: sales_ops, label: Sales operations }
properties:
  - { name: sales_region, label: Region, type: string, fieldType: text, groupName: dealinformation }
  - { name: territory, label: Territory, type: string, fieldType: text, groupName: sales_ops }
`,
    });
    const plan = await cli('plan');
    expect(plan.code).toBe(0);
    expect(plan.stdout).not.toContain('OUTSIDE_MANAGE_SCOPE');
    expect(plan.stdout).not.toContain('NO_MANAGE_SCOPE');
    expect(plan.stdout).toContain('Plan: 3 to create.');
    const apply = await cli('apply', '--yes');
    expect(apply.code).toBe(0);
    expect(writes.sort()).toEqual([
      'POST /crm/v3/properties/deals/batch/create',
      'POST /crm/v3/properties/deals/groups',
    ]);
    expect((await cli('plan')).stdout).toContain('\n\nNo changes. The live account matches the manifests.\n');
  });
});

describe('a project without a manage scope', () => {
  it('still plans (including the take-over), with one warning for the whole run', async () => {
    await writeFiles(dir, {
      'crm-schema.yaml': project('  destructive: deny'),
      'schema/deals.yaml': takeOver('dealinformation'),
    });
    const plan = await cli('plan');
    expect(plan.code).toBe(0);
    expect(plan.stdout.match(/NO_MANAGE_SCOPE/g)).toHaveLength(1);
    expect(plan.stdout).toContain(
      "  warning NO_MANAGE_SCOPE: The policy has no manage scope: this project may change every resource its manifests name (property definitions of object types, and the property groups that hold them; association labels of object pairs, and limits on association types; custom event definitions and their properties), including other teams'.\n" +
        '    hint: Add policy.manage to crm-schema.yaml with what the project owns (groups, prefixes, labels, events); a manifest naming anything outside it is then refused.\n',
    );
    expect(plan.stdout).toContain('~   Update property deals.finance_cost_center');
    const json = JSON.parse((await cli('plan', '--json')).stdout) as PlanDocument;
    expect(json.diagnostics.map((d) => d.code)).toEqual(['NO_MANAGE_SCOPE']);
    const markdown = await cli('plan', '--format', 'markdown');
    expect(markdown.stdout).toContain('#### Warnings (1)');
  });
});

describe('a plan whose only findings are unmanaged resources', () => {
  it('does not say the account matches the manifests, in text and Markdown', async () => {
    const stray = await emulator.call('POST', '/crm/v3/properties/deals', {
      name: 'sales_stray',
      label: 'Stray',
      type: 'string',
      fieldType: 'text',
      groupName: 'dealinformation',
    });
    expect(stray.status).toBe(201);
    await writeFiles(dir, {
      'crm-schema.yaml': project(`  unmanaged: report\n${SCOPED}`),
      'schema/deals.yaml': `kind: Properties
objectType: deals
properties:
  - { name: sales_region, label: Region, type: string, fieldType: text, groupName: dealinformation }
`,
    });
    expect((await cli('apply', '--yes')).code).toBe(0);
    const text = await cli('plan', '--detailed-exitcode');
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(
      "  warning UNMANAGED_PROPERTY: deals.sales_stray is in the managed scope (prefix 'sales_') but in no manifest\n",
    );
    expect(text.stdout.trimEnd().split('\n').at(-1)).toBe(
      'No changes to apply; the account holds 1 resource in the managed scope that no manifest names (see Warnings).',
    );
    expect(text.stdout).not.toContain('The live account matches the manifests');
    const markdown = await cli('plan', '--format', 'markdown');
    expect(markdown.stdout).toContain(
      '**No changes to apply; the account holds 1 resource in the managed scope that no manifest names (see Warnings).**',
    );
  });
});

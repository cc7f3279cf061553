/**
 * `crm-schema plan` against the emulator: the CLI's own `main` in this process (test/helpers/in-process.ts),
 * and the real binary (dist/ is built by test/global-setup.ts) for its exit codes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { writeFile } from 'node:fs/promises';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { removeDir, tempDir, writeFiles } from '../live/helpers.js';
import { ROOT, runBinary, runCli, type Run } from '../helpers/cli.js';

const TOKEN = 'cli-secret-token-1234567890';
/** the account every emulator started without --account-id is */
const EMULATOR_ACCOUNT = { id: 1000001, uiDomain: 'app.crm-schema.local' };

const run = (args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Run> =>
  runCli(args, { cwd, env });

const TICKETS = `kind: Properties
objectType: tickets
groups:
  - { name: support_escalation, label: Escalation }
properties:
  - name: support_level
    label: Escalation level
    type: enumeration
    fieldType: select
    groupName: support_escalation
    options: [{ label: Low, value: low }, { label: High, value: high }]
`;

/** What plan says once of a project without a manage scope (these projects have none). */
const UNSCOPED =
  'Warnings:\n' +
  "  warning NO_MANAGE_SCOPE: The policy has no manage scope: this project may change every resource its manifests name (property definitions of object types, and the property groups that hold them; association labels of object pairs, and limits on association types; custom event definitions and their properties), including other teams'.\n" +
  '    hint: Add policy.manage to crm-schema.yaml with what the project owns (groups, prefixes, labels, events); a manifest naming anything outside it is then refused.\n\n';

const schema = JSON.parse(readFileSync(join(ROOT, 'schemas', 'plan.schema.json'), 'utf8')) as Record<
  string,
  unknown
>;
const validatePlan = new Ajv2020({ allErrors: true, strict: true }).compile(schema);

describe('crm-schema plan', () => {
  let emulator: TestEmulator;
  let dir: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    emulator = await startTestEmulator({ tokens: [TOKEN] });
    dir = await tempDir('crm-schema-cli-plan-');
    await writeFiles(dir, {
      'crm-schema.yaml': `manifests: ['schema/**/*.yaml']\n`,
      'schema/tickets.yaml': TICKETS,
    });
    env = { CRM_BASE_URL: emulator.url, CRM_ACCESS_TOKEN: TOKEN };
  });
  afterAll(async () => {
    await emulator.close();
    await removeDir(dir);
  });

  it('prints the changes and exits 0; with --detailed-exitcode 2 while there are changes (the real binary)', async () => {
    const plain = await runBinary(['plan'], { cwd: dir, env });
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain('+   Create group tickets.group:support_escalation "Escalation"');
    expect(plain.stdout).toContain(
      '+   Create property tickets.support_level "Escalation level" (enumeration/select, 2 options)',
    );
    expect(plain.stdout).toContain('Plan: 2 to create.');
    expect(plain.stderr).toBe('');
    expect(await runBinary(['plan', '--detailed-exitcode'], { cwd: dir, env })).toMatchObject({
      code: 2,
      stderr: '',
    });
  });

  it('prints the plan document with --json, valid against schemas/plan.schema.json, never the token', async () => {
    const result = await run(['plan', '--json'], dir, env);
    expect(result.code).toBe(0);
    const doc = JSON.parse(result.stdout) as Record<string, any>;
    expect(validatePlan(doc) ? [] : validatePlan.errors).toEqual([]);
    expect(doc.formatVersion).toBe(2);
    expect(doc.tool).toEqual({ name: 'crm-schema', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    // the account the token reached (the emulator's default id and web host)
    expect(doc.target).toEqual({ baseUrl: emulator.url, account: EMULATOR_ACCOUNT });
    expect(doc.manifestDigest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(doc.changes.map((c: any) => [c.type, c.address, c.fingerprint])).toEqual([
      ['group.create', 'tickets.group:support_escalation', 'absent'],
      ['property.create', 'tickets.support_level', 'absent'],
    ]);
    expect(result.stdout).not.toContain(TOKEN);
  });

  it('writes the saved plan with --out: target, digest, fingerprints, no token', async () => {
    const out = join(dir, 'plans', 'plan.json');
    const result = await run(['plan', '--out', 'plans/plan.json'], dir, env);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      'Saved the plan to plans/plan.json. Apply exactly these changes with: crm-schema apply plans/plan.json\n',
    );
    const text = readFileSync(out, 'utf8');
    expect(text).not.toContain(TOKEN);
    const doc = JSON.parse(text) as Record<string, any>;
    expect(validatePlan(doc) ? [] : validatePlan.errors).toEqual([]);
    expect(doc.target).toEqual({ baseUrl: emulator.url, account: EMULATOR_ACCOUNT });
    const json = JSON.parse((await run(['plan', '--json'], dir, env)).stdout) as Record<string, unknown>;
    expect(doc).toEqual(json);
  });

  it('appends the Markdown plan to GITHUB_STEP_SUMMARY and prints Markdown with --format markdown', async () => {
    const summary = join(dir, 'summary.md');
    await writeFile(summary, '# Earlier step\n');
    const result = await run(['plan', '--format', 'markdown'], dir, { ...env, GITHUB_STEP_SUMMARY: summary });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('<!-- crm-schema-plan -->');
    const written = readFileSync(summary, 'utf8');
    expect(written.startsWith('# Earlier step\n<!-- crm-schema-plan -->')).toBe(true);
    expect(written).toBe(`# Earlier step\n${result.stdout}`);
  });

  it('lists every call with --verbose on stderr, and never the token', async () => {
    const result = await run(['plan', '--verbose'], dir, env);
    expect(result.code).toBe(0);
    const lines = result.stderr.trim().split('\n');
    // the account's details first, before any other call
    expect(lines[0]).toMatch(/^GET \/account-info\/v3\/details -> 200 \(attempt 1, \d+ ms\)$/);
    expect(lines.slice(1, -1).sort()).toEqual([
      expect.stringMatching(/^GET \/crm\/v3\/properties\/tickets\/groups -> 200 \(attempt 1, \d+ ms\)$/),
      // the declared properties, then (as none is active) the archived ones: a restore is not a create
      expect.stringMatching(
        /^POST \/crm\/v3\/properties\/tickets\/batch\/read -> 207 \(attempt 1, \d+ ms\)$/,
      ),
      expect.stringMatching(
        /^POST \/crm\/v3\/properties\/tickets\/batch\/read -> 207 \(attempt 1, \d+ ms\)$/,
      ),
    ]);
    expect(lines.at(-1)).toBe(`4 calls to ${emulator.url}`);
    expect(result.stderr + result.stdout).not.toContain(TOKEN);
  });

  it('exits 0 with --detailed-exitcode once the account matches', async () => {
    const c = (path: string, body: unknown) => emulator.call('POST', path, body);
    expect(
      (await c('/crm/v3/properties/tickets/groups', { name: 'support_escalation', label: 'Escalation' }))
        .status,
    ).toBe(201);
    const created = await c('/crm/v3/properties/tickets', {
      name: 'support_level',
      label: 'Escalation level',
      type: 'enumeration',
      fieldType: 'select',
      groupName: 'support_escalation',
      options: [
        { label: 'Low', value: 'low' },
        { label: 'High', value: 'high' },
      ],
    });
    expect(created.status).toBe(201);
    const result = await run(['plan', '--detailed-exitcode'], dir, env);
    expect(result).toEqual({
      code: 0,
      stdout:
        `Plan for ${emulator.url}, account 1000001 (app.crm-schema.local)\n\n` +
        `${UNSCOPED}No changes. The live account matches the manifests.\n`,
      stderr: '',
    });
  });

  it('exits 1 on a plan error, after printing the plan, and does not write --out', async () => {
    const project = join(dir, 'event');
    await writeFiles(project, {
      'crm-schema.yaml': `manifests: ['*.yaml']\n`,
      'events.yaml': `kind: EventProperties
eventName: never_defined
properties:
  - { name: carrier, label: Carrier, type: string }
`,
    });
    const result = await run(['plan', '--out', 'plan.json'], project, env);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      "error UNKNOWN_EVENT: The event definition 'never_defined' does not exist",
    );
    expect(result.stderr).toBe(
      'Error: The plan has 1 error (listed above), so it cannot be applied; plan.json was not written.\n' +
        'Hint: Fix what each error names in the manifests (or the account), then plan again.\n',
    );
    expect(existsSync(join(project, 'plan.json'))).toBe(false);
  });

  it('exits 1 with the API error when the token is refused', async () => {
    const result = await run(['plan'], dir, { ...env, CRM_ACCESS_TOKEN: 'wrong-token' });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    // the first call, the account's details, meets the refusal: nothing else is called
    expect(result.stderr).toMatch(/^Error: GET \/account-info\/v3\/details: 401 INVALID_AUTHENTICATION: /);
    expect(result.stderr).toContain('Hint: ');
    expect(result.stderr).not.toContain('wrong-token');
  });
});

describe('crm-schema plan: errors before any call', () => {
  let server: Server;
  let url: string;
  let requests = 0;
  let dir: string;

  beforeAll(async () => {
    server = createServer((_req, res) => {
      requests += 1;
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    dir = await tempDir('crm-schema-cli-errors-');
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await removeDir(dir);
  });

  it('prints the manifest errors and exits 1 without any call', async () => {
    const project = join(dir, 'bad');
    await writeFiles(project, {
      'crm-schema.yaml': `manifests: ['schema/*.yaml']\n`,
      'schema/tickets.yaml': TICKETS.replace('fieldType: select', 'fieldType: text'),
    });
    const result = await run(['plan'], project, { CRM_BASE_URL: url, CRM_ACCESS_TOKEN: TOKEN });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      "schema/tickets.yaml:9:16  error  FIELD_TYPE_MISMATCH  properties[0].fieldType: fieldType 'text' does not go with type 'enumeration'",
    );
    expect(result.stderr).toContain(
      '1 error in 2 files.\nError: 1 error in the project (listed above); nothing was sent to the CRM.\n',
    );
    expect(requests).toBe(0);
  });

  it('names the variable to set when the token is missing, without any call', async () => {
    const project = join(dir, 'env');
    await writeFiles(project, {
      'crm-schema.yaml': `manifests: ['schema/*.yaml']
defaultEnvironment: staging
environments:
  staging: { baseUrl: '${url}', tokenEnv: CRM_TOKEN_STAGING }
`,
      'schema/tickets.yaml': TICKETS,
    });
    const viaEnvironment = await run(['plan'], project, { CRM_ACCESS_TOKEN: TOKEN });
    expect(viaEnvironment.code).toBe(1);
    expect(viaEnvironment.stderr).toBe(
      "Error: No access token: CRM_TOKEN_STAGING is not set (environment 'staging' names CRM_TOKEN_STAGING as its token variable).\n" +
        `Hint: Set CRM_TOKEN_STAGING to the access token of the account at ${url}, or use --local to try crm-schema on the built-in emulator.\n`,
    );
    const viaFlag = await run(['plan', '--base-url', url], project, { CRM_TOKEN_STAGING: TOKEN });
    expect(viaFlag.code).toBe(1);
    expect(viaFlag.stderr).toContain(
      'Error: No access token: CRM_ACCESS_TOKEN is not set (the base URL comes from --base-url, which takes the token from CRM_ACCESS_TOKEN).',
    );
    expect(requests).toBe(0);
  });

  it('says how to find the manifests when there is no crm-schema.yaml', async () => {
    const result = await run(['plan', '--local'], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `Error: No crm-schema.yaml in ${dir}: the manifests cannot be found without it.\n` +
        'Hint: Run the command in the project folder (the one holding crm-schema.yaml), or name the file with --config FILE. ' +
        'A minimal crm-schema.yaml is one line: manifests: ["schema/**/*.yaml"]\n',
    );
    expect(existsSync(join(dir, '.crm-schema'))).toBe(false);
  });

  it('says what to give when there is no target', async () => {
    const project = join(dir, 'bad');
    await writeFiles(project, { 'schema/tickets.yaml': TICKETS });
    const result = await run(['plan'], project);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Error: No CRM to talk to: no base URL is given.');
    expect(result.stderr).toContain('or use --local to try it on the built-in emulator.');
  });
});

describe('crm-schema plan --local', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await tempDir('crm-schema-cli-local-');
    await writeFiles(dir, {
      'crm-schema.yaml': `manifests: ['schema/**/*.yaml']\n`,
      'schema/tickets.yaml': TICKETS,
    });
  });
  afterAll(async () => {
    await removeDir(dir);
  });

  it('keeps the state in .crm-schema/local.json of the current directory, and plans against it', async () => {
    const first = await run(['plan', '--local', '--detailed-exitcode', '--json'], dir);
    expect(first.code).toBe(2);
    const doc = JSON.parse(first.stdout) as Record<string, any>;
    // the local emulator is always the same account
    expect(doc.target).toEqual({ baseUrl: 'local:.crm-schema/local.json', account: EMULATOR_ACCOUNT });
    expect(doc.summary.changes).toBe(2);
    const dataFile = join(dir, '.crm-schema', 'local.json');
    expect(existsSync(dataFile)).toBe(true);

    // change the local account the way apply --local would, then plan --local sees it
    const emulator = await startEmulator({ port: 0, dataFile, tokens: ['t'] });
    const call = (path: string, body: unknown) =>
      fetch(`${emulator.url}${path}`, {
        method: 'POST',
        headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    for (const change of doc.changes)
      expect((await call(change.requests[0].path, change.requests[0].body)).status).toBe(201);
    await emulator.close();

    const second = await run(['plan', '--local', '--detailed-exitcode'], dir);
    expect(second).toEqual({
      code: 0,
      stdout:
        'Plan for local:.crm-schema/local.json, account 1000001 (app.crm-schema.local)\n\n' +
        `${UNSCOPED}No changes. The live account matches the manifests.\n`,
      stderr: '',
    });
  });
});

/**
 * The token in a manifest (a description pasted with it), and another app's credential beside it, through
 * every writer of the CLI, over HTTP against the emulator: stdout and stderr (text, Markdown, JSON), the
 * step summary, an error quoting the token (and its `--json` document), the apply record. Each masks
 * them (`***`); the account itself gets the description as written (masking is for output only). A saved
 * plan is never masked, since apply verifies it as written: `plan --out` refuses to save one holding a
 * secret, naming the change, the field and the manifest line.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { liveFixture, removeDir, tempDir, writeFiles, type LiveFixture } from '../live/helpers.js';

/** The token the CLI is given (the platform's private app token shape). */
const TOKEN = 'pat-na1-11111111-2222-4333-8444-555555555555';
/** Another app's credentials, which the CLI does not hold. */
const FOREIGN = ['pat-eu1-0b7c2f4e-1a2b-4c3d-8e9f-0123456789ab', 'abcdef0123456789ZZ', 'k3y-1234-5678'];

const MANIFEST = `kind: Properties
objectType: tickets
properties:
  - name: support_notes
    label: Support notes
    type: string
    fieldType: text
    groupName: ticketinformation
    description: "Call the API with ${TOKEN}"
  - name: support_links
    label: Support links
    type: string
    fieldType: text
    groupName: ticketinformation
    description: "Also ${FOREIGN[0]!}, Authorization: Bearer ${FOREIGN[1]!}, https://x.example/?hapikey=${FOREIGN[2]!}"
`;

let fx: LiveFixture;
let dir: string;

beforeEach(async () => {
  fx = await liveFixture({ tokens: [TOKEN] });
  dir = await tempDir('crm-schema-secrets-');
  // live already, with another description: the plans show the description's change
  for (const name of ['support_notes', 'support_links'])
    await fx.client.properties.create('tickets', {
      name,
      label: 'Before',
      type: 'string',
      fieldType: 'text',
      groupName: 'ticketinformation',
      description: 'Old text',
    });
  await writeFiles(dir, {
    'crm-schema.yaml': `manifests: ['schema/**/*.yaml']\npolicy:\n  manage: { prefixes: [support_] }\n`,
    'schema/tickets.yaml': MANIFEST,
  });
});
afterEach(async () => {
  await fx.close();
  await removeDir(dir);
});

async function cli(args: string[], summary = join(dir, 'summary.md')) {
  const run = await runCli([...args, '--base-url', fx.emulator.url], {
    cwd: dir,
    env: { CRM_ACCESS_TOKEN: TOKEN, CRM_BASE_URL: '', GITHUB_STEP_SUMMARY: summary },
  });
  return { ...run, summary: existsSync(summary) ? await readFile(summary, 'utf8') : '' };
}

function expectNoSecret(where: string, text: string): void {
  for (const secret of [TOKEN, ...FOREIGN]) expect(text, `${where} holds ${secret}`).not.toContain(secret);
}

describe('secrets in what the CLI writes', () => {
  it('plan: text, Markdown and JSON on stdout, stderr and the step summary', async () => {
    for (const flags of [[], ['--format', 'markdown'], ['--json'], ['--verbose']]) {
      const run = await cli(['plan', ...flags], join(dir, `summary-${flags.join('')}.md`));
      expect(run.code, run.stderr).toBe(0);
      for (const [where, text] of Object.entries({
        stdout: run.stdout,
        stderr: run.stderr,
        summary: run.summary,
      }))
        expectNoSecret(`plan ${flags.join(' ')} ${where}`, text);
      expect(run.stdout).toContain('***');
      expect(run.summary).toContain('the API with ***');
    }
  });

  it('plan --out: not saved, and the error names the change, the field and the manifest line', async () => {
    const out = join(dir, 'plan.json');
    const run = await cli(['plan', '--out', out]);
    expect(run.code).toBe(1);
    expect(existsSync(out)).toBe(false);
    expect(run.stderr).toContain(`The plan holds the access token, so ${out} was not written`);
    expect(run.stderr).toMatch(
      /tickets\.support_notes \(schema\/tickets\.yaml:4:\d+\): the access token in meta\./,
    );
    expect(run.stderr).toMatch(
      /tickets\.support_links \(schema\/tickets\.yaml:10:\d+\): a private app token in meta/,
    );
    expect(run.stderr).toContain('revoke it');
    expectNoSecret('stderr', run.stderr);
    expectNoSecret('stdout', run.stdout);
    expectNoSecret('summary', run.summary);

    const json = await cli(['plan', '--out', out, '--json']);
    expect(json.code).toBe(1);
    expect(existsSync(out)).toBe(false);
    expectNoSecret('--json stdout', json.stdout);
    // the plan document, then nothing else (the error is on stderr, as for any plan that fails)
    expect(JSON.parse(json.stdout)).toMatchObject({ changes: [{}, {}] });
    expect(json.stderr).toContain('was not written');
  });

  it('a credential shape alone (no token in the manifests) also stops a saved plan', async () => {
    await writeFiles(dir, { 'schema/tickets.yaml': MANIFEST.replace(TOKEN, 'nothing secret') });
    const out = join(dir, 'plan.json');
    const run = await cli(['plan', '--out', out]);
    expect(run.code).toBe(1);
    expect(existsSync(out)).toBe(false);
    expect(run.stderr).toContain(`The plan holds a credential, so ${out} was not written`);
    expect(run.stderr).not.toContain('support_notes (');
  });

  it('apply: the account gets the description as written; the record, the summary and the terminal mask it', async () => {
    const record = join(dir, 'record.json');
    const run = await cli(['apply', '--yes', '--record', record]);
    expect(run.code, run.stderr).toBe(0);
    const written = await readFile(record, 'utf8');
    for (const [where, text] of Object.entries({
      stdout: run.stdout,
      stderr: run.stderr,
      summary: run.summary,
      record: written,
    }))
      expectNoSecret(`apply ${where}`, text);
    const parsed = JSON.parse(written) as { changes: { after?: { description?: string } }[] };
    expect(parsed.changes.map((c) => c.after?.description)).toContain('Call the API with ***');
    // read raw: the API client takes its own token out of every answer
    const live = await fx.emulator.call<{ description: string }>(
      'GET',
      '/crm/v3/properties/tickets/support_notes',
    );
    expect(live.body.description).toBe(`Call the API with ${TOKEN}`);
  });

  it('an error quoting the token, as text and as the --json error document', async () => {
    const config = join(dir, TOKEN, 'crm-schema.yaml');
    const text = await cli(['plan', '--config', config]);
    expect(text.code).toBe(1);
    expect(text.stderr).toContain('Error: ');
    expect(text.stderr).toContain('***');
    expectNoSecret('stderr', text.stderr);
    const json = await cli(['plan', '--config', config, '--json']);
    expect(json.code).toBe(1);
    const error = JSON.parse(json.stdout) as { error: { code: string; message: string } };
    expect(error.error.message).toContain('***');
    expectNoSecret('stdout', json.stdout);
    expectNoSecret('stderr', json.stderr);
  });
});

/**
 * `pull --baseline <git-ref>` through the CLI against the emulator over HTTP, in a git repository whose
 * tag marks the last deploy: what the manifests changed since (added, changed, removed) is left as they
 * have it and listed, text and JSON; what was changed in the account alone is pulled; a resource changed
 * on both sides is left as the manifests have it and listed apart. `drift --baseline` then recommends
 * `pull --baseline` with the same ref.
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PullReport } from '../../src/engine/pull/pull-report.js';
import { runCli, type Run } from '../helpers/cli.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { removeDir, tempDir, writeFiles } from '../live/helpers.js';

const TOKEN = 'pull-baseline-token-1234567890';
const REF = 'crm-schema/deployed/production';

const property = (name: string, label: string) =>
  `  - { name: ${name}, label: ${label}, type: string, fieldType: text, groupName: support }\n`;

/** As deployed. */
const V1 = `kind: Properties
objectType: tickets
groups: [{ name: support, label: Support }]
properties:
${property('support_note', 'Note')}${property('support_code', 'Code')}${property('support_hint', 'Hint')}${property('support_old', 'Old')}`;

/** Merged since, not deployed: support_hint relabelled, support_code relabelled, support_old dropped, support_tier added. */
const V2 = `kind: Properties
objectType: tickets
groups: [{ name: support, label: Support }]
properties:
${property('support_note', 'Note')}${property('support_code', 'Reference code')}${property('support_hint', 'Short hint')}${property('support_tier', 'Tier')}`;

describe('pull --baseline', () => {
  let emulator: TestEmulator;
  let dir: string;
  const cli = (...args: string[]): Promise<Run> =>
    runCli(args, { cwd: dir, env: { CRM_BASE_URL: emulator.url, CRM_ACCESS_TOKEN: TOKEN } });
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', ...args], { cwd: dir });
  const tickets = () => readFile(join(dir, 'schema', 'tickets.yaml'), 'utf8');

  beforeAll(async () => {
    emulator = await startTestEmulator({ tokens: [TOKEN] });
    dir = await tempDir('crm-schema-pull-baseline-');
    await writeFiles(dir, {
      'crm-schema.yaml':
        "manifests: ['schema/**/*.yaml']\n" +
        `environments:\n  production: { baseUrl: '${emulator.url}', tokenEnv: CRM_ACCESS_TOKEN }\n` +
        'policy:\n  manage: { prefixes: [support_], groups: [tickets.support] }\n',
      'schema/tickets.yaml': V1,
    });
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'v1');
    const applied = await cli('apply', '--yes');
    expect(applied.code, applied.stderr).toBe(0);
    git('tag', REF);
    await writeFiles(dir, { 'schema/tickets.yaml': V2 });
    git('commit', '-q', '-am', 'v2');
    // edits made in the account by hand: one the manifests did not touch since, one they did, one new
    const patch = (name: string, body: object) =>
      emulator.call('PATCH', `/crm/v3/properties/tickets/${name}`, body, TOKEN);
    expect((await patch('support_note', { label: 'Agent note' })).status).toBe(200);
    expect((await patch('support_code', { description: 'Set by hand.' })).status).toBe(200);
    const created = await emulator.call(
      'POST',
      '/crm/v3/properties/tickets',
      { name: 'support_vip', label: 'VIP', type: 'bool', fieldType: 'booleancheckbox', groupName: 'support' },
      TOKEN,
    );
    expect(created.status).toBe(201);
  });
  afterAll(async () => {
    await emulator.close();
    await removeDir(dir);
  });
  beforeEach(() => {
    git('checkout', '-q', '--', '.');
  });

  it('keeps what is not deployed yet, pulls what was changed outside crm-schema; JSON', async () => {
    const run = await cli('pull', '--baseline', REF, '--json');
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as PullReport;
    expect(report.baseline).toEqual({ ref: REF, commit: expect.stringMatching(/^[0-9a-f]{40}$/) as unknown });
    expect(report.added).toEqual(['tickets.support_vip']);
    expect(report.updated).toEqual(['tickets.support_note']);
    expect(report.removed).toEqual([]);
    expect(report.notDeployed).toEqual([
      { address: 'tickets.support_hint', change: 'changed' },
      { address: 'tickets.support_old', change: 'removed' },
      { address: 'tickets.support_tier', change: 'added' },
    ]);
    expect(report.conflicts).toEqual([{ address: 'tickets.support_code', change: 'changed' }]);
    expect(Object.keys(report)).toEqual([
      'baseline',
      'files',
      'added',
      'updated',
      'removed',
      'notDeployed',
      'conflicts',
      'notes',
    ]);

    const text = await tickets();
    // the only change to what was there: the label edited in the account
    expect(text.startsWith(V2.replace('label: Note,', 'label: Agent note,'))).toBe(true);
    expect(text).toContain('  - { name: support_vip, label: VIP, type: bool');
    expect(text).not.toContain('support_old');
  });

  it('a pull of a URL given alone says nothing of a deploy tag: it may be another account', async () => {
    const run = await cli('pull', '--json');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('Warning');
  });

  it('lists what it kept in its text summary', async () => {
    const run = await cli('pull', '--baseline', REF);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('Warning');
    expect(run.stdout).toBe(
      [
        `Pulled from ${emulator.url}: 1 added, 1 updated, 0 removed (2 resources).`,
        '  updated schema/tickets.yaml',
        '',
        '  + tickets.support_vip',
        '  ~ tickets.support_note',
        '',
        `Not yet deployed: changed in the manifests since ${REF}, left as they are (3):`,
        '  > tickets.support_hint (changed)',
        '  > tickets.support_old (removed from the manifests: not pulled back)',
        '  > tickets.support_tier (added)',
        '',
        `Changed both in the manifests and in the account since ${REF}, left as the manifests have them (1):`,
        '  ! tickets.support_code (changed)',
        '  crm-schema plan shows how the account differs; settle each one by hand.',
        '',
        'Next: review the changes (git diff) and commit them; crm-schema plan should now show only what is listed above as left as it is.',
        '',
      ].join('\n'),
    );
  });

  it('without --baseline, pull makes the manifests match the account: the undeployed work goes, and it warns first', async () => {
    // the environment's own URL: its deploy tag is about this account
    const run = await runCli(['pull', '--env', 'production'], {
      cwd: dir,
      env: { CRM_BASE_URL: undefined, CRM_ACCESS_TOKEN: TOKEN },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(
      new RegExp(
        `^Warning: ${REF} \\([0-9a-f]+\\) marks what was last deployed to this account\\. A plain pull writes the account over every manifest, so what was merged since and is not deployed yet is reverted in these files\\. To keep it, pull with the baseline: crm-schema pull --baseline ${REF}\n`,
      ),
    );
    expect(run.stdout).toContain('  - tickets.support_tier\n');
    expect(await tickets()).not.toContain('support_tier');
  });

  it('drift --baseline recommends pull --baseline with the same ref (text and Markdown)', async () => {
    const text = await cli('drift', '--baseline', REF);
    expect(text.code).toBe(2);
    expect(text.stdout).toContain(
      `To accept the account's state instead: crm-schema pull --baseline ${REF} (it keeps the changes not yet deployed), then review and commit the changed manifests.`,
    );
    const markdown = await cli('drift', '--baseline', REF, '--format', 'markdown');
    expect(markdown.stdout).toContain(`\`crm-schema pull --baseline ${REF}\``);
    const plain = await cli('drift');
    expect(plain.stdout).toContain("To accept the account's state instead: crm-schema pull, then review");
  });
});

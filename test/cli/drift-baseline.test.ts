/**
 * `drift --baseline <git-ref>` through the CLI (test/helpers/cli.ts), in a git repository: a change merged after the
 * last deploy is "not yet deployed", an edit made in the account is "edited outside" with when and by
 * whom; a ref that does not exist is a clear error.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriftDocument } from '../../src/engine/drift/drift-report.js';
import { runCli, type Run } from '../helpers/cli.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { removeDir, tempDir, writeFiles } from '../live/helpers.js';

const DEPLOY_TOKEN = 'drift-baseline-deploy-token';
const PERSON_TOKEN = 'drift-baseline-person-token';

const TICKETS = (extra = '') => `kind: Properties
objectType: tickets
groups: [{ name: support, label: Support }]
properties:
  - { name: support_note, label: Note, type: string, fieldType: text, groupName: support }
  - { name: support_code, label: Code, type: string, fieldType: text, groupName: support }
${extra}`;

describe('drift --baseline', () => {
  let emulator: TestEmulator;
  let dir: string;
  const cli = (...args: string[]): Promise<Run> =>
    runCli(args, { cwd: dir, env: { CRM_BASE_URL: emulator.url, CRM_ACCESS_TOKEN: DEPLOY_TOKEN } });
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', ...args], { cwd: dir });

  beforeAll(async () => {
    // the second token stands for a person editing the account by hand: its writes carry user 2
    emulator = await startTestEmulator({ tokens: [DEPLOY_TOKEN, PERSON_TOKEN] });
    dir = await tempDir('crm-schema-drift-baseline-');
    await writeFiles(dir, {
      'crm-schema.yaml': "manifests: ['schema/**/*.yaml']\n",
      'schema/tickets.yaml': TICKETS(),
      // a tracked path holding a line feed, listed before every other file of the project
      'a\nnote.txt': 'not a manifest\n',
    });
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'v1');
    expect((await cli('apply', '--yes')).code).toBe(0);
    git('tag', 'crm-schema/deployed/production');
    // merged, not applied: a new property and a relabel
    await writeFiles(dir, {
      'schema/tickets.yaml': TICKETS(
        '  - { name: support_tier, label: Tier, type: string, fieldType: text, groupName: support }\n',
      ).replace('label: Code', 'label: Reference code'),
    });
    git('commit', '-q', '-am', 'v2');
    // an edit made in the account by a person
    const edited = await emulator.call(
      'PATCH',
      '/crm/v3/properties/tickets/support_note',
      { label: 'Agent note' },
      PERSON_TOKEN,
    );
    expect(edited.status).toBe(200);
  });
  afterAll(async () => {
    await emulator.close();
    await removeDir(dir);
  });

  it('tells what waits for a deploy from what was edited outside, with when and by whom', async () => {
    const run = await cli('drift', '--baseline', 'crm-schema/deployed/production', '--json');
    expect(run.code, run.stderr).toBe(2);
    const report = JSON.parse(run.stdout) as DriftDocument;
    expect(report.baseline?.ref).toBe('crm-schema/deployed/production');
    expect(report.edited.map((e) => [e.address, e.fields.map((f) => [f.field, f.live, f.declared])])).toEqual(
      [['tickets.support_note', [['label', 'Agent note', 'Note']]]],
    );
    expect(report.edited[0]!.modified).toEqual({ at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), by: '2' });
    expect(report.notDeployed.map((e) => [e.address, e.action])).toEqual([
      ['tickets.support_code', 'update'],
      ['tickets.support_tier', 'create'],
    ]);
    expect(report.missing).toEqual([]);

    const text = await cli('drift', '--baseline', 'crm-schema/deployed/production');
    expect(text.stdout).toContain('Not yet deployed (the manifests changed since the last deploy) (2)');
    expect(text.stdout).toMatch(/~ tickets\.support_note \(property; last changed at \S+ by user 2\)/);
    expect(text.stdout).toContain('Drift: 1 edited, 2 not yet deployed.');
  });

  it('without --baseline, every difference counts as edited outside, and it says how to tell them apart', async () => {
    const run = await cli('drift');
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('Drift: 2 edited, 1 missing.');
    expect(run.stdout).toContain(
      'Without --baseline, a difference may also be a change merged but not yet deployed',
    );
  });

  it('reads every file of the baseline, whatever bytes a tracked path holds (a line feed)', async () => {
    expect(git('ls-files', '-z').toString().split('\0')).toContain('a\nnote.txt');
    const run = await cli('drift', '--baseline', 'crm-schema/deployed/production', '--json');
    expect(run.code, run.stderr).toBe(2);
    const report = JSON.parse(run.stdout) as {
      notDeployed: { address: string }[];
      edited: { address: string }[];
    };
    expect(report.notDeployed.map((d) => d.address)).toContain('tickets.support_tier');
    expect(report.edited.map((d) => d.address)).toEqual(['tickets.support_note']);
  });

  it('a ref that names no commit is a clear error', async () => {
    const run = await cli('drift', '--baseline', 'crm-schema/deployed/nowhere');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'Error: --baseline crm-schema/deployed/nowhere: no commit of that name in this repository.',
    );
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});

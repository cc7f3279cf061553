/**
 * apply where CI shows it: the Markdown report appended to GITHUB_STEP_SUMMARY (what was applied, skipped
 * or failed, with counts and the target), `--format markdown` on stdout, and a failed apply's reason on
 * the summary page too; plan writes its `--out` file before the summary, and a summary file that is a
 * FIFO fails at once instead of holding the job.
 */
import { execFileSync } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { liveFixture, removeDir, tempDir, writeFiles, type LiveFixture } from '../live/helpers.js';

let fx: LiveFixture;
let dir: string;
beforeEach(async () => {
  fx = await liveFixture();
  dir = await tempDir('crm-schema-apply-summary-');
  await writeFiles(dir, {
    'crm-schema.yaml': "manifests: ['schema/**/*.yaml']\n",
    'schema/tickets.yaml':
      'kind: Properties\nobjectType: tickets\nproperties:\n  - { name: support_note, label: Note, type: string, fieldType: text, groupName: ticketinformation }\n  - { name: support_code, label: Code, type: string, fieldType: text, groupName: ticketinformation }\n',
  });
});
afterEach(async () => {
  await fx.close();
  await removeDir(dir);
});

function cli(args: string[], env: NodeJS.ProcessEnv = {}) {
  return runCli([...args, '--base-url', fx.emulator.url], {
    cwd: dir,
    env: { CRM_ACCESS_TOKEN: fx.emulator.token, CRM_BASE_URL: '', ...env },
  });
}

describe('apply in CI', () => {
  it('appends the Markdown report to the step summary, with counts and the target', async () => {
    const summary = join(dir, 'summary.md');
    const applied = await cli(['apply', '--yes'], { GITHUB_STEP_SUMMARY: summary });
    expect(applied.code, applied.stderr).toBe(0);
    const markdown = await readFile(summary, 'utf8');
    expect(markdown).toContain('<!-- crm-schema-apply -->');
    expect(markdown).toContain('### crm-schema apply: 2 applied');
    expect(markdown).toContain(`Target: ${fx.emulator.url}`);
    expect(markdown).toMatch(/\| 2 \| 0 \| 0 \| 0 \| 0 \| 1 \| [\d.]+ m?s \|/);
    expect(markdown).toContain('**Applied** (2)');
    expect(markdown).toContain('Create property tickets.support\\_note');
  });

  it('--format markdown prints the same report on stdout', async () => {
    const applied = await cli(['apply', '--yes', '--format', 'markdown']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain('### crm-schema apply: 2 applied');
  });

  it('a refused apply says why on the summary page', async () => {
    await fx.client.properties.create('tickets', {
      name: 'support_old',
      label: 'Old',
      type: 'string',
      fieldType: 'text',
      groupName: 'ticketinformation',
    });
    await writeFiles(dir, {
      'schema/old.yaml':
        'kind: Properties\nobjectType: tickets\nproperties:\n  - { name: support_old, archived: true }\n',
    });
    const summary = join(dir, 'summary.md');
    const refused = await cli(['apply', '--yes'], { GITHUB_STEP_SUMMARY: summary });
    expect(refused.code).toBe(1);
    const markdown = await readFile(summary, 'utf8');
    expect(markdown).toContain('### crm-schema apply: failed (PLAN\\_REFUSED)');
    expect(markdown).toContain('**What to do:**');
  });

  it('plan saves --out first, and a FIFO as the step summary fails at once', async () => {
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const planned = await cli(['plan', '--out', 'plan.json'], { GITHUB_STEP_SUMMARY: fifo });
    expect(planned.code).toBe(1);
    expect(planned.stderr).toContain('not a regular file');
    expect((await stat(join(dir, 'plan.json'))).isFile()).toBe(true);
  });
});

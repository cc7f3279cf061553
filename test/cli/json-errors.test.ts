/**
 * Every command that takes `--json` prints one JSON document on stdout, also when it fails: its result
 * when it has one, else `{ "error": { code, message, hint, exitCode, details? } }`, with the exit code
 * unchanged, so that a monitoring job tells "failed" from "printed nothing".
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.js';
import { removeDir, tempDir, writeFiles } from '../live/helpers.js';

interface ErrorDocument {
  error: { code: string; message: string; hint: string | null; exitCode: number; details?: unknown };
}

const manifest = JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8')) as {
  commands: Record<string, { flags: Record<string, unknown> }>;
};
const withJson = Object.entries(manifest.commands)
  .filter(([, command]) => 'json' in command.flags)
  .map(([id]) => id);

let dir: string;
beforeEach(async () => {
  dir = await tempDir('crm-schema-json-errors-');
});
afterEach(async () => {
  await removeDir(dir);
});

describe('--json on failure', () => {
  it('covers the commands that take --json', () => {
    expect([...withJson].sort()).toEqual([
      'apply',
      'drift',
      'graph',
      'history',
      'lint',
      'plan',
      'pull',
      'rollback',
      'validate',
    ]);
  });

  // pull works without a project too (into an empty folder): what it lacks there is a target
  const missing: Record<string, string> = { pull: 'TARGET_MISSING' };

  it.each(withJson)('%s: no project file (or target) is an error document, exit 1', async (command) => {
    // apply asks before anything else without --yes (an error document too: CONFIRMATION_NEEDED);
    // rollback needs its record named
    const extra = command === 'apply' ? ['--yes'] : command === 'rollback' ? ['some-record'] : [];
    const run = await runCli([command, '--json', ...extra], { cwd: dir });
    expect(run.code).toBe(1);
    const document = JSON.parse(run.stdout) as ErrorDocument;
    expect(document.error).toMatchObject({ code: missing[command] ?? 'CONFIG_NOT_FOUND', exitCode: 1 });
    expect(document.error.message.length).toBeGreaterThan(0);
    expect(typeof document.error.hint).toBe('string');
  });

  it.each(withJson)('%s: a mistyped flag is a usage error document', async (command) => {
    const run = await runCli([command, '--json', '--no-such-flag'], { cwd: dir });
    expect(run.code).toBe(1);
    expect((JSON.parse(run.stdout) as ErrorDocument).error.code).toBe('USAGE');
  });

  it('an unreachable CRM: the error with its details, never the token', async () => {
    await writeFiles(dir, {
      'crm-schema.yaml': "manifests: ['schema/**/*.yaml']\n",
      'schema/t.yaml':
        'kind: Properties\nobjectType: tickets\nproperties:\n  - { name: a_b, label: A, type: string, fieldType: text, groupName: ticketinformation }\n',
    });
    const run = await runCli(['plan', '--json', '--base-url', 'http://127.0.0.1:9', '--timeout', '2'], {
      cwd: dir,
      env: { CRM_ACCESS_TOKEN: 'pat-secret-token-1234567890' },
    });
    expect(run.code).toBe(1);
    const document = JSON.parse(run.stdout) as ErrorDocument;
    expect(document.error.code).toBe('NETWORK');
    expect(document.error.details).toMatchObject({ networkCode: 'ECONNREFUSED' });
    expect(run.stdout + run.stderr).not.toContain('pat-secret-token-1234567890');
  });

  it('a failure after the result was printed adds no second document (validate prints its report)', async () => {
    await writeFiles(dir, {
      'crm-schema.yaml': "manifests: ['schema/**/*.yaml']\n",
      'schema/t.yaml': 'kind: Properties\nobjectType: tickets\n  bad: [\n',
    });
    const run = await runCli(['validate', '--json'], { cwd: dir });
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as { ok: boolean };
    expect(report.ok).toBe(false);
  });
});

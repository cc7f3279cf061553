/**
 * `plan --env a --env b`, `plan --all-environments` and `drift --all-environments`: each environment planned against its own account (three
 * emulators over HTTP), one output with a summary table and a section per environment; the Markdown is
 * snapshot-tested (ports masked).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MultiPlanDocument } from '../../src/engine/render/plan/multi-plan.js';
import { runCli } from '../helpers/cli.js';
import { liveFixture, removeDir, tempDir, writeFiles, type LiveFixture } from '../live/helpers.js';

const TICKETS = `kind: Properties
objectType: tickets
groups:
  - { name: support, label: Support }
properties:
  - { name: support_tier, label: Support tier, type: string, fieldType: text, groupName: support }
  - { name: support_note, label: Support note, type: string, fieldType: text, groupName: support }
`;

let dir: string;
const fixtures: Record<string, LiveFixture> = {};

beforeAll(async () => {
  dir = await tempDir('crm-schema-envs-');
  for (const name of ['dev', 'staging', 'production']) fixtures[name] = await liveFixture();
  // dev is up to date, staging lacks one property, production lacks everything
  const dev = fixtures.dev!.client;
  const staging = fixtures.staging!.client;
  for (const client of [dev, staging])
    await client.groups.create('tickets', { name: 'support', label: 'Support' });
  for (const [client, names] of [
    [dev, ['support_tier', 'support_note']],
    [staging, ['support_tier']],
  ] as const) {
    for (const name of names)
      await client.properties.create('tickets', {
        name,
        label: name === 'support_tier' ? 'Support tier' : 'Support note',
        type: 'string',
        fieldType: 'text',
        groupName: 'support',
      });
  }
  const environments = Object.entries(fixtures)
    .map(
      ([name, fx]) =>
        `  ${name}:\n    baseUrl: ${fx.emulator.url}\n    tokenEnv: TOKEN_${name.toUpperCase()}\n`,
    )
    .join('');
  await writeFiles(dir, {
    'crm-schema.yaml': `manifests: ['schema/*.yaml']\nenvironments:\n${environments}`,
    'schema/tickets.yaml': TICKETS,
  });
});
afterAll(async () => {
  for (const fx of Object.values(fixtures)) await fx.close();
  await removeDir(dir);
});

const env = () =>
  Object.fromEntries(
    Object.entries(fixtures).map(([name, fx]) => [`TOKEN_${name.toUpperCase()}`, fx.emulator.token]),
  );
const mask = (text: string) => text.replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT');

describe('planning several environments at once', () => {
  it('--all-environments: a summary table, then each plan; Markdown as one comment (snapshot)', async () => {
    const summary = join(dir, 'summary.md');
    const run = await runCli(['plan', '--all-environments', '--format', 'markdown', '--detailed-exitcode'], {
      cwd: dir,
      env: { ...env(), GITHUB_STEP_SUMMARY: summary },
    });
    expect(run.code, run.stderr).toBe(2);
    const markdown = mask(run.stdout);
    expect(markdown).toContain('### crm-schema plan: 3 environments');
    expect(markdown).toContain('| `dev` | 0 | 0 | 0 | 0 | 0 | 0 | 0 |');
    expect(markdown).toContain('| `staging` | 1 | 0 | 0 | 0 | 0 | 0 | 0 |');
    expect(markdown).toContain('| `production` | 3 | 0 | 0 | 0 | 0 | 0 | 0 |');
    expect(markdown.match(/<!-- crm-schema-plan -->/g)).toHaveLength(1);
    await expect(markdown).toMatchFileSnapshot('__snapshots__/plan-environments.md');
    expect(mask(await readFile(summary, 'utf8'))).toBe(markdown);
  });

  it('--env twice plans those two; --json gives each plan document', async () => {
    const run = await runCli(['plan', '--env', 'staging', '--env', 'production', '--json'], {
      cwd: dir,
      env: env(),
    });
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as MultiPlanDocument;
    expect(result.environments.map((e) => [e.environment, e.plan.changes.map((c) => c.address)])).toEqual([
      ['staging', ['tickets.support_note']],
      ['production', ['tickets.group:support', 'tickets.support_note', 'tickets.support_tier']],
    ]);
    const text = await runCli(['plan', '--env', 'staging', '--env', 'production'], { cwd: dir, env: env() });
    expect(text.stdout).toContain('== staging ==');
    expect(text.stdout).toContain('== production ==');
  });

  it('refuses --out with several environments, before any call', async () => {
    const run = await runCli(['plan', '--all-environments', '--out', 'plan.json'], { cwd: dir, env: env() });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('--out saves the plan of one environment');
  });

  it('refuses --account-id with several environments: each pins its own account in the project file', async () => {
    const two = await runCli(['plan', '--env', 'dev', '--env', 'staging', '--account-id', '1000001'], {
      cwd: dir,
      env: env(),
    });
    expect(two.code).toBe(1);
    expect(two.stderr).toContain(
      'Error: --account-id pins the account of one environment; several were named.',
    );
    for (const command of ['plan', 'drift']) {
      const all = await runCli([command, '--all-environments', '--account-id', '1000001'], {
        cwd: dir,
        env: env(),
      });
      expect(all.code, command).toBe(1);
      expect(all.stderr, command).toMatch(
        /--account-id=1000001 cannot also be provided when using --all-environments/,
      );
    }
  });

  it('drift --all-environments checks each environment in one run: exit 2 when any drifted', async () => {
    const run = await runCli(['drift', '--all-environments', '--json'], { cwd: dir, env: env() });
    expect(run.code, run.stderr).toBe(2);
    const result = JSON.parse(run.stdout) as {
      environments: { environment: string; report: { drifted: boolean; missing: { address: string }[] } }[];
    };
    expect(
      result.environments.map((e) => [e.environment, e.report.drifted, e.report.missing.length]),
    ).toEqual([
      ['dev', false, 0],
      ['staging', true, 1],
      ['production', true, 3],
    ]);
    const text = await runCli(['drift', '--all-environments'], { cwd: dir, env: env() });
    expect(text.stdout).toContain('== dev ==');
    expect(text.stdout).toContain('== production ==');
  });
});

/**
 * `plan --ignore-unmanaged`: whatever the project file says (`unmanaged: report` or `archive`, a `manage`
 * scope widened to every prefix), the plan names no live resource the manifests do not name, in text,
 * Markdown or JSON. It is how a pull request's plan keeps the pull request's own project file from
 * listing names of the account in its comment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type Run } from '../helpers/cli.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { removeDir, tempDir, writeFiles } from '../live/helpers.js';

const DECLARED = `kind: Properties
objectType: tickets
groups: [{ name: support_team, label: Support }]
properties:
  - { name: support_note, label: Note, type: string, fieldType: text, groupName: support_team }
`;
const HIDDEN = 'support_salary_band';
const WITH_HIDDEN = `${DECLARED}  - { name: ${HIDDEN}, label: Salary band, type: string, fieldType: text, groupName: support_team }\n`;

const project = (unmanaged: string) =>
  `manifests: ['schema/*.yaml']\npolicy: { destructive: allow, unmanaged: ${unmanaged}, manage: { prefixes: [support_, s, a, b] } }\n`;

describe('plan --ignore-unmanaged', () => {
  let emulator: TestEmulator;
  let dir: string;
  const cli = (...args: string[]): Promise<Run> =>
    runCli([...args, '--base-url', emulator.url], {
      cwd: dir,
      env: { CRM_ACCESS_TOKEN: emulator.token, CRM_BASE_URL: undefined },
    });

  beforeAll(async () => {
    emulator = await startTestEmulator();
    dir = await tempDir('crm-schema-ignore-unmanaged-');
    // the account holds a property the manifests will no longer name
    await writeFiles(dir, { 'crm-schema.yaml': project('ignore'), 'schema/tickets.yaml': WITH_HIDDEN });
    expect((await cli('apply', '--yes')).code).toBe(0);
    await writeFiles(dir, { 'schema/tickets.yaml': DECLARED });
  });
  afterAll(async () => {
    await emulator.close();
    await removeDir(dir);
  });

  it('unmanaged: report lists the name without the flag, and not with it (text, Markdown, JSON)', async () => {
    await writeFiles(dir, { 'crm-schema.yaml': project('report') });
    const listed = await cli('plan');
    expect(listed.stdout + listed.stderr).toContain(HIDDEN);
    for (const format of [['--format', 'text'], ['--format', 'markdown'], ['--json']]) {
      const plan = await cli('plan', '--ignore-unmanaged', '--detailed-exitcode', ...format);
      expect(plan.code, plan.stderr).toBe(0);
      expect(plan.stdout + plan.stderr).not.toContain(HIDDEN);
      expect(plan.stdout + plan.stderr).not.toContain('UNMANAGED');
    }
  });

  it('unmanaged: archive plans its archive without the flag, and nothing with it', async () => {
    await writeFiles(dir, { 'crm-schema.yaml': project('archive') });
    const listed = await cli('plan', '--format', 'markdown');
    expect(listed.stdout).toContain(HIDDEN);
    const plan = await cli('plan', '--ignore-unmanaged', '--format', 'markdown', '--detailed-exitcode');
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).not.toContain(HIDDEN);
  });
});

/**
 * A resource family added through the family list alone: a toy family of widgets (test/families/toy/,
 * served by a toy API in front of the emulator) installed beside the product's families, and every
 * command working with it end to end over HTTP from the CLI's source: validate (a shape error located),
 * plan, apply of a saved plan, an update with an apply record, the rollback of that record, drift, pull.
 * Nothing in src/ names it: the engine asks it only through the family contract.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installFamilies } from '../../src/engine/installed.js';
import { ALL_FAMILIES } from '../../src/families/all-families.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { runSource } from '../helpers/in-process-source.js';
import { removeDir, tempDir, writeFiles } from '../live/helpers.js';
import { widgetFamily } from './toy/family.js';
import { startToyAccount, type ToyAccount } from './toy/server.js';

const PROJECT = `manifests: ['schema/*.yaml']
policy:
  destructive: allow
  unmanaged: report
  manage:
    widgets: [team_]
`;

const widgets = (...lines: string[]) => `kind: Widgets\nwidgets:\n${lines.map((l) => `  - ${l}\n`).join('')}`;

describe('a family added through the family list alone', () => {
  let emulator: TestEmulator;
  let toy: ToyAccount;
  let dir: string;

  beforeAll(async () => {
    emulator = await startTestEmulator();
    toy = await startToyAccount(emulator.url, emulator.token);
    dir = await tempDir('crm-schema-toy-');
    installFamilies([...ALL_FAMILIES, widgetFamily]);
  });
  afterAll(async () => {
    installFamilies(ALL_FAMILIES);
    await toy.close();
    await emulator.close();
    await removeDir(dir);
  });

  const cli = (...args: string[]) =>
    runSource([...args, '--base-url', toy.url], {
      cwd: dir,
      env: { CRM_ACCESS_TOKEN: emulator.token, CRM_BASE_URL: '', NO_COLOR: '1' },
    });
  const live = () => Object.fromEntries([...toy.widgets].map(([name, w]) => [name, `${w.label}/${w.color}`]));

  it('validates its manifests, with a shape error located and no call made', async () => {
    await writeFiles(dir, {
      'crm-schema.yaml': PROJECT,
      'schema/widgets.yaml': widgets('{ name: team_a, label: Alpha, color: purple }'),
    });
    const bad = await runSource(['validate'], { cwd: dir });
    expect(bad.code).toBe(1);
    expect(bad.stderr + bad.stdout).toMatch(/schema\/widgets\.yaml:3:\d+/);
    expect(bad.stderr + bad.stdout).toContain('color');
    expect(toy.calls).toEqual([]);

    await writeFiles(dir, {
      'schema/widgets.yaml': widgets(
        '{ name: team_a, label: Alpha, color: red }',
        '{ name: team_b, label: Beta, color: blue }',
        '{ name: team_a, label: Again, color: red }',
      ),
    });
    const duplicate = await runSource(['validate'], { cwd: dir });
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr + duplicate.stdout).toContain('DUPLICATE_WIDGET');
  });

  it('plans, applies a saved plan, and then plans no changes', async () => {
    toy.widgets.set('team_old', { name: 'team_old', label: 'Old', color: 'green' });
    toy.widgets.set('other_x', { name: 'other_x', label: 'Not ours', color: 'red' });
    await writeFiles(dir, {
      'schema/widgets.yaml': widgets(
        '{ name: team_a, label: Alpha, color: red }',
        '{ name: team_b, label: Beta, color: blue }',
      ),
    });
    const plan = await cli('plan', '--out', 'plan.json');
    expect(plan.stderr).toContain('Saved the plan to plan.json');
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain('Create widget widget:team_a "Alpha"');
    expect(plan.stdout).toContain('Create widget widget:team_b "Beta"');
    const saved = JSON.parse(await readFile(join(dir, 'plan.json'), 'utf8')) as {
      changes: { type: string }[];
    };
    expect(saved.changes.map((c) => c.type)).toEqual(['widget.create', 'widget.create']);

    toy.calls.length = 0;
    const apply = await cli('apply', 'plan.json', '--yes');
    expect(apply.stderr).toContain('widgets.write: 2 applied');
    expect(apply.code).toBe(0);
    expect(live()).toMatchObject({ team_a: 'Alpha/red', team_b: 'Beta/blue' });
    expect(toy.calls.filter((c) => c.startsWith('POST'))).toEqual([
      'POST /toy/v1/widgets',
      'POST /toy/v1/widgets',
    ]);

    const again = await cli('plan', '--detailed-exitcode');
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('No changes');
  });

  it('applies an update and an archive with a record, and rolls that record back', async () => {
    await writeFiles(dir, {
      'schema/widgets.yaml': widgets(
        '{ name: team_a, label: Alpha two, color: red }',
        '{ name: team_b, label: Beta, color: blue }',
        '{ name: team_old, archived: true }',
      ),
    });
    const apply = await cli('apply', '--yes');
    expect(apply.code).toBe(0);
    const record = /applies\/([^\s/]+)\.json/.exec(apply.stderr)?.[1];
    expect(record).toBeDefined();
    expect(apply.stdout).toContain('Update widget widget:team_a: label');
    expect(apply.stdout).toContain('Archive widget widget:team_old');
    expect(live()).toEqual({ team_a: 'Alpha two/red', team_b: 'Beta/blue', other_x: 'Not ours/red' });

    const rollback = await cli('rollback', record!, '--out', 'rollback.json');
    expect(rollback.code, rollback.stdout + rollback.stderr).toBe(0);
    const back = await cli('apply', 'rollback.json', '--yes');
    expect(back.code, back.stdout + back.stderr).toBe(0);
    expect(live()).toEqual({
      team_a: 'Alpha/red',
      team_b: 'Beta/blue',
      team_old: 'Old/green',
      other_x: 'Not ours/red',
    });
  });

  it('reports drift made outside, and pull brings it and the owned widgets into the manifests', async () => {
    await writeFiles(dir, {
      'schema/widgets.yaml': widgets(
        '{ name: team_a, label: Alpha, color: red }',
        '{ name: team_b, label: Beta, color: blue }',
      ),
    });
    toy.widgets.set('team_b', { name: 'team_b', label: 'Beta', color: 'green' });
    const drift = await cli('drift');
    expect(drift.code).toBe(2);
    expect(drift.stdout).toContain('widget:team_b');
    expect(drift.stdout).toContain('color');

    const pull = await cli('pull');
    expect(pull.stderr).toBe('');
    expect(pull.code).toBe(0);
    const text = await readFile(join(dir, 'schema/widgets.yaml'), 'utf8');
    expect(text).toContain('{ name: team_b, label: Beta, color: green }');
    expect(text).toContain('team_old');
    expect(text).not.toContain('other_x');
    const after = await cli('drift');
    expect(after.code).toBe(0);
  });
});

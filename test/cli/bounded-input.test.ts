/**
 * No input of any size makes a command hang: a manifest or a saved plan of tens of thousands of broken
 * entries is checked in time that grows with its size (not its square), and the report shows the first
 * 100 problems of a file, then how many more there are.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { removeDir, tempDir } from '../live/helpers.js';

let dir: string;
beforeEach(async () => {
  dir = await tempDir('crm-schema-bounded-');
});
afterEach(async () => {
  await removeDir(dir);
});

const entries = (n: number) => '  - {}\n'.repeat(n);

describe('input of any size', () => {
  it('a manifest of 60,000 empty entries: every one found, the first 100 shown, then how many more', async () => {
    await writeFile(
      join(dir, 'big.yaml'),
      `kind: Properties\nobjectType: tickets\nproperties:\n${entries(60_000)}`,
    );
    const text = await runCli(['validate', 'big.yaml'], { cwd: dir });
    expect(text.code).toBe(1);
    expect(text.stdout.match(/ error {2}MISSING_KEY /g)).toHaveLength(100);
    expect(text.stdout).toContain('big.yaml  ... and 59,900 more problems in this file: fix these first');
    expect(text.stdout).toContain('60000 errors in 1 file.');
    const json = JSON.parse((await runCli(['validate', 'big.yaml', '--json'], { cwd: dir })).stdout) as {
      errorCount: number;
      errors: unknown[];
      omitted: { file: string; count: number }[];
    };
    expect(json.errorCount).toBe(60_000);
    expect(json.errors).toHaveLength(100);
    expect(json.omitted).toEqual([{ file: 'big.yaml', count: 59_900 }]);
  }, 60_000);

  it('one property of 60,000 empty options: every one found, in time that grows with their number', async () => {
    await writeFile(
      join(dir, 'options.yaml'),
      `kind: Properties\nobjectType: tickets\nproperties:\n  - name: a\n    label: A\n    type: enumeration\n    fieldType: select\n    groupName: g\n    options:\n${'      - {}\n'.repeat(60_000)}`,
    );
    const run = await runCli(['validate', 'options.yaml', '--json'], { cwd: dir });
    expect(run.code).toBe(1);
    const json = JSON.parse(run.stdout) as { errorCount: number; errors: { path?: string }[] };
    expect(json.errorCount).toBe(60_000);
    expect(json.errors[0]!.path).toBe('properties[0].options[0]');
  }, 60_000);

  it('a saved plan of 60,000 empty changes is refused with the first problems, without taking minutes', async () => {
    await writeFile(
      join(dir, 'crm-schema.yaml'),
      "manifests: ['t.yaml']\npolicy:\n  manage: { prefixes: [support_] }\n",
    );
    await writeFile(
      join(dir, 't.yaml'),
      'kind: Properties\nobjectType: tickets\nproperties:\n  - { name: support_a, label: A, type: string, fieldType: text, groupName: ticketinformation }\n',
    );
    await writeFile(
      join(dir, 'plan.json'),
      JSON.stringify({
        formatVersion: 2,
        changes: Array.from({ length: 60_000 }, () => ({})),
        diagnostics: [],
      }),
    );
    const run = await runCli(['apply', 'plan.json', '--local'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('does not have the shape of a plan');
  }, 60_000);
});

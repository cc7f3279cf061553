/**
 * `crm-schema validate`: the CLI's own `main` in this process (test/helpers/in-process.ts), and the real
 * binary (dist/ is built by test/global-setup.ts) for its exit code and output.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runBinary, runCli } from '../helpers/cli.js';

describe('crm-schema validate', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'crm-schema-cli-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('exits 0 on the examples', async () => {
    const result = await runCli(['validate', 'examples']);
    expect(result).toEqual({ code: 0, stdout: 'No problems in 7 files.\n', stderr: '' });
  });

  it('lint takes paths too, as validate does (one file, a folder)', async () => {
    const file = await runCli(['lint', 'examples/schema/tickets.yaml']);
    expect(file.stderr).not.toContain('Unexpected argument');
    expect(file.stdout).toMatch(/in 1 file\.\n$/);
    const folder = await runCli(['lint', 'examples', '--json']);
    expect(folder.stderr).toBe('');
    expect(JSON.parse(folder.stdout)).toMatchObject({ files: expect.any(Array) as unknown });
  });

  it('checks ./crm-schema.yaml without paths, and --config from elsewhere', async () => {
    expect(await runCli(['validate'], { cwd: join(ROOT, 'examples') })).toEqual({
      code: 0,
      stdout: 'No problems in 7 files.\n',
      stderr: '',
    });
    const result = await runCli(['validate', '--config', join(ROOT, 'examples', 'crm-schema.yaml')], {
      cwd: dir,
    });
    expect(result.code).toBe(0);
  });

  it('prints each problem with its place, code and hint, a summary, and exits 1 (the real binary)', async () => {
    const result = await runBinary([
      'validate',
      'examples/invalid/field-type-mismatch.yaml',
      'test/fixtures/invalid/built-in-type-without-limit.yaml',
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(
      [
        "examples/invalid/field-type-mismatch.yaml:11:16  error  FIELD_TYPE_MISMATCH  properties[0].fieldType: fieldType 'select' does not go with type 'string'",
        '    11 |     fieldType: select',
        '       |                ^',
        "    hint: type 'string' takes fieldType 'file', 'text', 'textarea', 'calculation_equation', 'html', 'phonenumber'",
        'test/fixtures/invalid/built-in-type-without-limit.yaml:6:43  warning  NOTHING_TO_MANAGE  types[0].typeId: built-in type PLATFORM_DEFINED 27 has no maxToObjectIds; only its limit is managed, so this entry does nothing',
        '    6 |   - { category: PLATFORM_DEFINED, typeId: 27 }',
        '      |                                           ^',
        '    hint: add maxToObjectIds, or remove the entry',
        '',
        '1 error, 1 warning in 2 files.',
        '',
      ].join('\n'),
    );
  });

  it('exits 0 on warnings alone', async () => {
    const result = await runCli(['validate', 'examples/invalid/group-undeclared.yaml']);
    expect(result.code).toBe(0);
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe('0 errors, 1 warning in 1 file.');
  });

  it('prints only JSON on stdout with --json', async () => {
    const result = await runCli(['validate', 'examples/invalid/limit-not-positive.yaml', '--json']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual({
      ok: false,
      files: ['examples/invalid/limit-not-positive.yaml'],
      errorCount: 1,
      warningCount: 0,
      omitted: [],
      errors: [
        {
          file: 'examples/invalid/limit-not-positive.yaml',
          line: 8,
          col: 21,
          severity: 'error',
          code: 'VALUE_TOO_SMALL',
          message: 'must be a positive integer (1 or more)',
          hint: null,
          path: 'types[0].maxToObjectIds',
        },
      ],
      warnings: [],
    });
  });

  it('gives clear errors without a stack trace for a missing project file and a missing path', async () => {
    const noConfig = await runCli(['validate'], { cwd: dir });
    expect(noConfig).toEqual({
      code: 1,
      stdout: '',
      stderr: `Error: no crm-schema.yaml in ${dir}\nHint: pass manifest files or folders to validate, or name the project file with --config FILE\n`,
    });
    const missing = await runCli(['validate', 'nope.yaml'], { cwd: dir });
    expect(missing).toEqual({
      code: 1,
      stdout:
        'nope.yaml  error  FILE_NOT_FOUND  no such file\n    hint: check the path\n\n1 error in 1 file.\n',
      stderr: '',
    });
  });

  it('colours only when asked by a terminal, never with NO_COLOR or --no-color', async () => {
    await writeFile(join(dir, 'bad.yaml'), 'kind: Nope\n');
    const plain = await runCli(['validate', 'bad.yaml'], { cwd: dir, env: { FORCE_COLOR: '1' } });
    // not a TTY: no colour even when chalk would be forced
    expect(plain.stdout).not.toContain('\u001b[');
    const noColor = await runCli(['validate', 'bad.yaml', '--no-color'], { cwd: dir });
    expect(noColor.stdout).toContain("bad.yaml:1:7  error  KIND_INVALID  kind: unknown kind 'Nope'");
  });

  // how quickly: `npm run bench` (timing)
  it('refuses a billion-laughs file', async () => {
    const result = await runCli(['validate', 'examples/invalid/billion-laughs.yaml']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('YAML_ALIAS_LIMIT');
  });
});

/** What `validate PATHS...` checks: projects, folders, files. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertValid, validatePaths } from '../../src/engine/manifest/index.js';

const manifest = (name: string) =>
  `kind: EventProperties\neventName: e\nproperties: [{ name: ${name}, label: A, type: string }]\n`;

describe('validate paths', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'crm-schema-paths-'));
    const files: Record<string, string> = {
      'loose/a.yaml': manifest('a'),
      'loose/sub/b.yml': manifest('b'),
      'loose/readme.txt': 'not yaml',
      'loose/project/crm-schema.yaml': "manifests: ['m/*.yaml']\n",
      'loose/project/m/c.yaml': manifest('a'),
      'loose/project/unlisted.yaml': 'kind: Broken\n',
    };
    for (const [file, text] of Object.entries(files)) {
      await mkdir(join(dir, file, '..'), { recursive: true });
      await writeFile(join(dir, file), text);
    }
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('checks a folder by its YAML files, and a sub-folder holding crm-schema.yaml as its own project', async () => {
    const report = await validatePaths(['loose'], { cwd: dir });
    // c.yaml declares the same event property as a.yaml, but in another project: no duplicate
    expect(report.diagnostics).toEqual([]);
    expect(report.files).toEqual([
      'loose/project/crm-schema.yaml',
      'loose/project/m/c.yaml',
      'loose/a.yaml',
      'loose/sub/b.yml',
    ]);
    expect(report.projects.map((p) => p.config?.file ?? '(loose)')).toEqual([
      'loose/project/crm-schema.yaml',
      '(loose)',
    ]);
  });

  it('finds duplicates among the loose files of one run', async () => {
    const report = await validatePaths(['loose/a.yaml', 'loose/project/m/c.yaml'], { cwd: dir });
    expect(report.diagnostics.map((d) => `${d.file} ${d.code}`)).toEqual([
      'loose/project/m/c.yaml DUPLICATE_EVENT_PROPERTY',
    ]);
  });

  it('checks a crm-schema.yaml path as its project, and --config with files as that config plus the files', async () => {
    const project = await validatePaths(['loose/project/crm-schema.yaml'], { cwd: dir });
    expect(project.files).toEqual(['loose/project/crm-schema.yaml', 'loose/project/m/c.yaml']);
    const withConfig = await validatePaths(['loose/project/unlisted.yaml'], {
      cwd: dir,
      configPath: 'loose/project/crm-schema.yaml',
    });
    expect(withConfig.files).toEqual(['loose/project/crm-schema.yaml', 'loose/project/unlisted.yaml']);
    expect(withConfig.diagnostics.map((d) => d.code)).toEqual(['KIND_INVALID']);
  });

  it('reports a folder without YAML files', async () => {
    await mkdir(join(dir, 'empty'), { recursive: true });
    const report = await validatePaths(['empty'], { cwd: dir });
    expect(report.ok).toBe(false);
    expect(report.diagnostics).toEqual([
      expect.objectContaining({
        file: 'empty',
        line: null,
        code: 'NO_MANIFESTS',
        message: 'this folder holds no *.yaml or *.yml file',
      }),
    ]);
  });

  it('turns errors into one CrmSchemaError for plan, apply and drift, and lets a valid report pass', async () => {
    const bad = await validatePaths(['loose/project/unlisted.yaml'], { cwd: dir });
    expect(() => {
      assertValid(bad);
    }).toThrow(
      expect.objectContaining({
        code: 'MANIFEST_INVALID',
        message: '1 error in 1 file',
        hint: 'run crm-schema validate to see every problem',
        meta: { errors: 1, warnings: 0, files: 1 },
      }),
    );
    const good = await validatePaths(['loose/a.yaml'], { cwd: dir });
    expect(() => {
      assertValid(good);
    }).not.toThrow();
  });

  it('reports missing paths and keeps checking the others', async () => {
    const report = await validatePaths(['nope.yaml', 'loose/a.yaml'], { cwd: dir });
    expect(report.diagnostics.map((d) => `${d.file} ${d.code}`)).toEqual(['nope.yaml FILE_NOT_FOUND']);
    expect(report.files).toEqual(['nope.yaml', 'loose/a.yaml']);
  });
});

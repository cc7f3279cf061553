/**
 * Manifest globs stay inside the project folder (the folder of crm-schema.yaml): a `..` segment, an
 * absolute path, a folder or a file reached through a symbolic link that leads outside are located errors
 * at the glob (GLOB_OUTSIDE_PROJECT), and nothing outside is read.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validatePaths } from '../../src/engine/manifest/index.js';
import { globLeavesFolder } from '../../src/engine/manifest/project/project-globs.js';

const MANIFEST = (group: string) =>
  `kind: Properties\nobjectType: tickets\ngroups:\n  - { name: ${group}, label: ${group} }\n`;
/** outside the project: broken on purpose, so reading it would show */
const BROKEN = 'kind: [unclosed\n';

describe('globLeavesFolder', () => {
  it.each([
    ['schema/*.yaml', undefined],
    ['**/*.yaml', undefined],
    ['./schema/a.yaml', undefined],
    ['!schema/drafts/**', undefined],
    ['schema/..x/a.yaml', undefined],
    ['../*.yaml', 'has a `..` segment'],
    ['schema/../../x.yaml', 'has a `..` segment'],
    ['{schema,..}/*.yaml', 'has a `..` segment'],
    ['!../drafts/**', 'has a `..` segment'],
    ['..\\other\\*.yaml', 'has a `..` segment'],
    ['/etc/*.yaml', 'is an absolute path'],
    ['C:/crm/*.yaml', 'is an absolute path'],
    ['C:\\crm\\*.yaml', 'is an absolute path'],
  ])('%s -> %s', (pattern, expected) => {
    expect(globLeavesFolder(pattern)).toBe(expected);
  });
});

describe('globs confined to the project folder', () => {
  let root: string;
  let project: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'crm-schema-confine-'));
    project = join(root, 'project');
    await mkdir(join(project, 'schema'), { recursive: true });
    await mkdir(join(root, 'outside'), { recursive: true });
    await writeFile(join(project, 'schema', 'tickets.yaml'), MANIFEST('inside'));
    await writeFile(join(root, 'outside', 'broken.yaml'), BROKEN);
    await writeFile(join(root, 'outside', 'valid.yaml'), MANIFEST('outside'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const validate = async (globs: string[]) => {
    await writeFile(
      join(project, 'crm-schema.yaml'),
      `manifests:\n${globs.map((g) => `  - '${g}'\n`).join('')}`,
    );
    return validatePaths([], { cwd: project });
  };
  const lines = (report: Awaited<ReturnType<typeof validate>>) =>
    report.diagnostics.map((d) => `${d.file}:${d.line ?? '-'}:${d.col ?? '-'} ${d.code} ${d.message}`);

  it('refuses `..` and absolute globs at their line and column, without reading what they name', async () => {
    const report = await validate(['schema/*.yaml', '../outside/*.yaml', `${root}/outside/*.yaml`]);
    expect(report.ok).toBe(false);
    expect(lines(report)).toEqual([
      "crm-schema.yaml:3:5 GLOB_OUTSIDE_PROJECT '../outside/*.yaml' has a `..` segment: it leaves the project folder",
      `crm-schema.yaml:4:5 GLOB_OUTSIDE_PROJECT '${root}/outside/*.yaml' is an absolute path: it leaves the project folder`,
    ]);
    expect(report.diagnostics[0]).toMatchObject({ severity: 'error', path: 'manifests[1]' });
    expect(report.diagnostics[0]!.hint).toMatch(/relative to the folder of crm-schema\.yaml/);
    // the outside files were never read: their YAML error is not reported, and they are not in the list
    expect(report.files).toEqual(['crm-schema.yaml', 'schema/tickets.yaml']);
  });

  it('refuses a glob whose folder is a symbolic link leading outside', async () => {
    await symlink(join(root, 'outside'), join(project, 'linked'));
    const report = await validate(['schema/*.yaml', 'linked/*.yaml']);
    expect(lines(report)).toEqual([
      `crm-schema.yaml:3:5 GLOB_OUTSIDE_PROJECT 'linked/*.yaml' reaches linked through a symbolic link, outside the project folder (to ${join(root, 'outside')})`,
    ]);
    expect(report.files).toEqual(['crm-schema.yaml', 'schema/tickets.yaml']);
  });

  it('refuses a matched file that is a symbolic link to a file outside, naming the glob that matched it', async () => {
    await symlink(join(root, 'outside', 'broken.yaml'), join(project, 'schema', 'evil.yaml'));
    await symlink('/dev/zero', join(project, 'schema', 'zero.yaml'));
    const report = await validate(['schema/*.yaml']);
    expect(lines(report)).toEqual([
      `crm-schema.yaml:2:5 GLOB_OUTSIDE_PROJECT 'schema/*.yaml' matches schema/evil.yaml, a symbolic link to a file outside the project folder (${join(root, 'outside', 'broken.yaml')}); it was not read`,
      `crm-schema.yaml:2:5 GLOB_OUTSIDE_PROJECT 'schema/*.yaml' matches schema/zero.yaml, a symbolic link to a file outside the project folder (/dev/zero); it was not read`,
    ]);
  });

  it('follows links that stay inside the project, and a project folder that is itself reached by a link', async () => {
    await mkdir(join(project, 'shared'));
    await writeFile(join(project, 'shared', 'orders.yaml'), MANIFEST('orders_group'));
    await writeFile(join(project, 'shared', 'deals.yaml'), MANIFEST('deals_group'));
    await symlink(join(project, 'shared'), join(project, 'schema', 'more'));
    await symlink(join(project, 'shared', 'orders.yaml'), join(project, 'schema', 'orders.yaml'));
    await symlink(project, join(root, 'project-link'));
    await writeFile(
      join(project, 'crm-schema.yaml'),
      "manifests: ['schema/*.yaml', 'schema/more/deals.yaml']\n",
    );
    const report = await validatePaths([], { cwd: join(root, 'project-link') });
    expect(report.diagnostics).toEqual([]);
    expect(report.files).toEqual([
      'crm-schema.yaml',
      'schema/more/deals.yaml',
      'schema/orders.yaml',
      'schema/tickets.yaml',
    ]);
  });

  it('reports no NO_MANIFESTS on top when every glob was refused', async () => {
    const report = await validate(['../outside/*.yaml']);
    expect(report.diagnostics.map((d) => d.code)).toEqual(['GLOB_OUTSIDE_PROJECT']);
  });
});

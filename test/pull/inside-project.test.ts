/**
 * Pull never writes or deletes a file outside the project folder: every target is checked by its real
 * path (links resolved) before the first write, and nothing at all is written when one leads outside.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertInsideProject, checkOutDir } from '../../src/engine/pull/inside-project.js';
import { liveFixture, removeDir, tempDir, type LiveFixture } from '../live/helpers.js';
import { pullInto } from './helpers.js';

describe('pull stays inside the project folder', () => {
  let fx: LiveFixture;
  let root: string;
  let project: string;
  beforeEach(async () => {
    fx = await liveFixture();
    root = await tempDir('crm-schema-pull-inside-');
    project = join(root, 'project');
    await mkdir(join(root, 'outside'), { recursive: true });
    await mkdir(project);
    await fx.client.groups.create('tickets', { name: 'support', label: 'Support' });
    await fx.client.properties.create('tickets', {
      name: 'support_level',
      label: 'Level',
      type: 'string',
      fieldType: 'text',
      groupName: 'support',
    });
  });
  afterEach(async () => {
    await fx.close();
    await removeDir(root);
  });

  it('refuses new files in a folder that is a link leading outside, writing nothing', async () => {
    await symlink(join(root, 'outside'), join(project, 'schema'));
    await expect(
      pullInto(fx.client, project, { flags: { objectTypes: ['tickets'], prefixes: ['support_'] } }),
    ).rejects.toMatchObject({
      code: 'PULL_OUTSIDE_PROJECT',
      message: expect.stringMatching(
        /^schema\/tickets\.yaml leads outside the project folder through a symbolic link \(to .*outside\/tickets\.yaml\); pull did not write anything\.$/,
      ),
    });
    expect(await readdir(join(root, 'outside'))).toEqual([]);
  });

  it('refuses an output folder outside the project', async () => {
    await expect(
      pullInto(fx.client, project, {
        flags: { objectTypes: ['tickets'], prefixes: ['support_'] },
        out: join(root, 'outside'),
      }),
    ).rejects.toMatchObject({ code: 'PULL_OUTSIDE_PROJECT' });
    expect(await readdir(join(root, 'outside'))).toEqual([]);
  });

  it('checks paths by their words and by their real place', async () => {
    await writeFile(join(root, 'outside', 'victim.yaml'), 'x');
    await symlink(join(root, 'outside', 'victim.yaml'), join(project, 'manifest.yaml'));
    await expect(
      assertInsideProject(project, join(project, 'manifest.yaml'), 'manifest.yaml'),
    ).rejects.toMatchObject({
      code: 'PULL_OUTSIDE_PROJECT',
    });
    await expect(assertInsideProject(project, join(root, 'x.yaml'), '../x.yaml')).rejects.toMatchObject({
      code: 'PULL_OUTSIDE_PROJECT',
      message: `../x.yaml is outside the project folder ${project}; pull did not write anything.`,
    });
    // inside, existing or not
    await assertInsideProject(project, join(project, 'schema', 'new', 'a.yaml'), 'schema/new/a.yaml');
    await expect(checkOutDir(project, join(project, 'schema'), 'schema')).resolves.toBe(
      join(project, 'schema'),
    );
    await expect(checkOutDir(project, project, '.')).resolves.toBe(project);
    await expect(checkOutDir(project, root, '..')).rejects.toMatchObject({
      code: 'PULL_OUT_OUTSIDE_PROJECT',
      message: `--out .. is outside the project folder ${project}: pull writes only inside the project folder. Nothing was read or written.`,
    });
    expect(existsSync(join(project, 'schema'))).toBe(false);
  });
});

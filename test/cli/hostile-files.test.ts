/**
 * Files are what they claim: a manifests glob never reads a repository's `.git` files or a file that is
 * not YAML, the project file is a regular file of its folder (a link leading out is refused unread), no
 * problem quotes a file that is not a manifest, and a glob of many `{a,b}` groups is refused, not expanded.
 */
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { removeDir, tempDir } from '../live/helpers.js';

const CREDENTIAL = 'https://x-access-token:ghs_SecretCredential123@github.com/org/repo';

let root: string;
let dir: string;
beforeEach(async () => {
  root = await tempDir('crm-schema-hostile-files-');
  dir = join(root, 'project');
  await mkdir(join(dir, '.git'), { recursive: true });
  await mkdir(join(dir, 'schema'));
  // a checkout's persisted credential, in a file that is not valid YAML
  await writeFile(join(dir, '.git', 'config'), `[remote "origin"]\n\turl = ${CREDENTIAL}\n  bad: [\n`);
});
afterEach(async () => {
  await removeDir(root);
});

async function validate(): Promise<{ code: number; out: string }> {
  const run = await runCli(['validate'], { cwd: dir });
  return { code: run.code, out: run.stdout + run.stderr };
}

describe('files a project reads', () => {
  it('a glob naming .git/config: refused at the glob, not read, nothing quoted', async () => {
    await writeFile(join(dir, 'crm-schema.yaml'), "manifests: ['.git/config']\n");
    const { code, out } = await validate();
    expect(code).toBe(1);
    expect(out).toContain('GLOB_NOT_MANIFEST');
    expect(out).not.toContain('ghs_SecretCredential123');
  });

  it('a manifest that is a link to .git/config: refused, nothing quoted', async () => {
    await writeFile(join(dir, 'crm-schema.yaml'), "manifests: ['schema/*.yaml']\n");
    await symlink('../.git/config', join(dir, 'schema', 'tickets.yaml'));
    const { code, out } = await validate();
    expect(code).toBe(1);
    expect(out).toContain('lies in a .git folder');
    expect(out).not.toContain('ghs_SecretCredential123');
  });

  it('a glob matching a file that is not .yaml or .yml: refused unread', async () => {
    await writeFile(join(dir, 'crm-schema.yaml'), "manifests: ['schema/*']\n");
    await writeFile(join(dir, 'schema', 'notes.txt'), `token: ${CREDENTIAL}\n  : bad\n`);
    const { code, out } = await validate();
    expect(code).toBe(1);
    expect(out).toContain('not a .yaml or .yml file');
    expect(out).not.toContain('ghs_SecretCredential123');
  });

  it('a project file that is a link out of its folder is refused unread', async () => {
    await writeFile(join(root, 'elsewhere.yaml'), `manifests: [\n# ${CREDENTIAL}\n`);
    await symlink('../elsewhere.yaml', join(dir, 'crm-schema.yaml'));
    const { code, out } = await validate();
    expect(code).toBe(1);
    expect(out).toContain('CONFIG_OUTSIDE_PROJECT');
    expect(out).not.toContain('ghs_SecretCredential123');
  });

  it('a manifest given by path that links to .git/config: its problems quote nothing', async () => {
    await symlink('../.git/config', join(dir, 'schema', 'loose.yaml'));
    const run = await runCli(['validate', 'schema/loose.yaml'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).not.toContain('ghs_SecretCredential123');
    expect(run.stdout + run.stderr).not.toContain(' | ');
  });

  it('a glob of 22 {a,b} groups is refused at the glob, not expanded to millions', async () => {
    await writeFile(join(dir, 'crm-schema.yaml'), `manifests: ['schema/${'{a,b}'.repeat(22)}.yaml']\n`);
    const { code, out } = await validate();
    expect(code).toBe(1);
    expect(out).toContain('GLOB_TOO_COMPLEX');
  }, 10_000);
});

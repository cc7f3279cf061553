/**
 * The files `init` writes besides the project file: the manifests folder, `.crm-schema/` in
 * `.gitignore` (the local emulator's state), and with `--workflows` the three GitHub Actions recipes the
 * package ships. Nothing that exists is overwritten.
 */
import { existsSync } from 'node:fs';
import { appendFile, copyFile, mkdir, readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { CrmSchemaError } from '../core/errors.js';
import { packagePath } from '../core/package-root.js';

/** `examples/github-actions/` of the package. */
const RECIPES = packagePath('examples', 'github-actions');

const IGNORED = '.crm-schema/';

/** Adds `.crm-schema/` to `.gitignore` (creating it); false when it is there already. */
export async function ignoreLocalState(dir: string): Promise<boolean> {
  const path = join(dir, '.gitignore');
  const text = existsSync(path) ? await readFile(path, 'utf8') : '';
  if (text.split(/\r?\n/).some((line) => line.trim() === IGNORED || line.trim() === '.crm-schema'))
    return false;
  const lead = text === '' || text.endsWith('\n') ? '' : '\n';
  await appendFile(path, `${lead}# the local emulator's state (crm-schema --local)\n${IGNORED}\n`);
  return true;
}

/** Refuses when `.github/workflows/` holds a file of a recipe's name; the recipes' names otherwise. */
export async function assertWorkflowsFree(dir: string): Promise<string[]> {
  const target = join(dir, '.github', 'workflows');
  const files = (await readdir(RECIPES)).filter((f) => f.endsWith('.yml')).sort();
  const taken = files.filter((f) => existsSync(join(target, f)));
  if (taken.length > 0)
    throw new CrmSchemaError(
      'INIT_FILE_EXISTS',
      `.github/workflows/ already holds ${taken.join(', ')}; init writes no file that exists.`,
      { hint: 'Move them away, or leave --workflows out and copy the recipes by hand (see docs/ci.md).' },
    );
  return files;
}

/** Copies the recipes into `.github/workflows/`; refuses before copying anything if one exists. */
export async function copyWorkflows(dir: string): Promise<string[]> {
  const target = join(dir, '.github', 'workflows');
  const files = await assertWorkflowsFree(dir);
  await mkdir(target, { recursive: true });
  for (const file of files) await copyFile(join(RECIPES, file), join(target, file));
  return files.map((f) => `.github/workflows/${f}`);
}

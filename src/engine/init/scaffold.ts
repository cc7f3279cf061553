/**
 * The files `init` writes besides the project file: the manifests folder, what crm-schema keeps out of
 * git in `.gitignore`, and with `--workflows` the three GitHub Actions recipes the package ships, fitted
 * to the project file init writes. Nothing that exists is overwritten.
 */
import { existsSync } from 'node:fs';
import { appendFile, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CrmSchemaError } from '../../core/errors.js';
import { packagePath } from '../../core/package-root.js';

/** `examples/github-actions/` of the package. */
const RECIPES = packagePath('examples', 'github-actions');

/** What `.gitignore` gets, each group under its comment; an entry that is there already is left out. */
const IGNORED: readonly { comment: string; entries: readonly { entry: string; same?: string }[] }[] = [
  {
    comment:
      "crm-schema's local files: the local emulator's state (--local) and whatever else it keeps there",
    entries: [{ entry: '.crm-schema/', same: '.crm-schema' }],
  },
  {
    comment: 'saved plans (crm-schema plan --out): they can hold samples of record values',
    entries: [{ entry: 'plan.json' }, { entry: '*.plan.json' }],
  },
];

/**
 * Adds `.crm-schema/`, `plan.json` and `*.plan.json` to `.gitignore` (creating it), each unless it is
 * there already; returns those added.
 */
export async function ignoreLocalFiles(dir: string): Promise<string[]> {
  const path = join(dir, '.gitignore');
  const text = existsSync(path) ? await readFile(path, 'utf8') : '';
  const present = new Set(text.split(/\r?\n/).map((line) => line.trim()));
  const lines: string[] = [];
  const added: string[] = [];
  for (const { comment, entries } of IGNORED) {
    const missing = entries.filter(
      ({ entry, same }) => !present.has(entry) && (same === undefined || !present.has(same)),
    );
    if (missing.length === 0) continue;
    lines.push(`# ${comment}`, ...missing.map(({ entry }) => entry));
    added.push(...missing.map(({ entry }) => entry));
  }
  if (added.length === 0) return [];
  const lead = text === '' || text.endsWith('\n') ? '' : '\n';
  await appendFile(path, `${lead}${lines.join('\n')}\n`);
  return added;
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

/** The environment the shipped recipes name (`--env production`). */
const RECIPE_ENVIRONMENT = 'production';
const ENV_FLAG = new RegExp(` --env ${RECIPE_ENVIRONMENT}(?=[\\s"'])`, 'g');

/**
 * A recipe fitted to the project file: its `--env production` names the environment init wrote, or goes
 * when the project has none (the target always comes from the repository variable; the environment gives
 * only the policy and the account pin).
 */
export function fitRecipe(text: string, environment: string | undefined): string {
  if (environment !== undefined && !/^[A-Za-z0-9_.-]+$/.test(environment))
    throw new CrmSchemaError(
      'INIT_ENVIRONMENT_NAME',
      `The environment name ${environment} cannot go into a recipe.`,
      {
        hint: 'Name the environment with letters, digits, dots, dashes and underscores only.',
      },
    );
  return text.replace(ENV_FLAG, environment === undefined ? '' : ` --env ${environment}`);
}

/**
 * Writes the recipes into `.github/workflows/`, fitted to the project's environment (none: undefined);
 * refuses before writing anything if one exists, and never writes over a file.
 */
export async function copyWorkflows(dir: string, environment: string | undefined): Promise<string[]> {
  const target = join(dir, '.github', 'workflows');
  const files = await assertWorkflowsFree(dir);
  const recipes = await Promise.all(
    files.map(async (file) => ({
      file,
      text: fitRecipe(await readFile(join(RECIPES, file), 'utf8'), environment),
    })),
  );
  await mkdir(target, { recursive: true });
  for (const { file, text } of recipes) await writeFile(join(target, file), text, { flag: 'wx' });
  return files.map((f) => `.github/workflows/${f}`);
}

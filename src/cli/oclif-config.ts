/**
 * The oclif configuration of one run. A run of one of the CLI's own commands (`plan`, `validate`...)
 * loads it without oclif's plugins (help, not-found, autocomplete): none of them takes part in running
 * such a command (`plan --help` is oclif's own help, which needs no plugin; the plugins' hooks run only
 * for unknown commands and plugin installs), and finding and reading each plugin's files is about a
 * tenth of a short command's start-up. Anything else (`help`, `autocomplete`, `--version`, no command, a
 * typo) loads all of them, as oclif always does.
 */
import { readFile } from 'node:fs/promises';
import type { Interfaces } from '@oclif/core';
import { packagePath } from '../core/package-root.js';

/**
 * What to hand oclif's `run`: for one of `ownCommands`, the options oclif loads its configuration from
 * (options, not a loaded Config, which `run` would load a second time); else `fallback`, where the
 * package is.
 */
export async function oclifConfigFor(
  argv: readonly string[],
  ownCommands: readonly string[],
  fallback: string,
): Promise<Interfaces.LoadOptions> {
  const [first] = argv;
  if (first === undefined || !ownCommands.includes(first)) return fallback;
  const pjson = JSON.parse(await readFile(packagePath('package.json'), 'utf8')) as Interfaces.PJSON;
  return { root: packagePath(), pjson: { ...pjson, oclif: { ...pjson.oclif, plugins: [] } } };
}

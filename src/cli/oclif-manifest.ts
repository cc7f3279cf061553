/**
 * Writes `oclif.manifest.json` (the list of commands with their flags) next to package.json; run by
 * `npm run build` after the bundle (bundle.ts), never by the CLI. Without it, oclif imports every command
 * module (and so the emulator, the planner, the renderers...) on each start just to list the commands,
 * which more than triples the start-up time of `crm-schema --version` and of every command. The file is
 * derived from the bundled commands, so it is written again on every build; `main` drops one older than
 * the bundle (stale-manifest.ts).
 *
 *   node dist/cli/oclif-manifest.js
 */
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Config, type Interfaces } from '@oclif/core';
import { PACKAGE_ROOT } from '../core/package-root.js';
import { MANIFEST_FILE } from './stale-manifest.js';

export async function writeOclifManifest(root = PACKAGE_ROOT): Promise<string[]> {
  const path = join(root, MANIFEST_FILE);
  // oclif reads an existing manifest instead of the commands: remove it so the new one is made from them
  await rm(path, { force: true });
  const config = await Config.load({ root });
  // the loaded plugin holds the manifest it computed; the public Plugin type does not show it
  const plugin = config.plugins.get(config.pjson.name) as { manifest?: Interfaces.Manifest } | undefined;
  if (plugin?.manifest === undefined)
    throw new Error(`oclif found no commands for ${config.pjson.name} in ${root}`);
  await writeFile(path, `${JSON.stringify(plugin.manifest, null, 2)}\n`);
  return Object.keys(plugin.manifest.commands);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const commands = await writeOclifManifest();
  process.stdout.write(`${MANIFEST_FILE}: ${commands.join(', ')}\n`);
}

/**
 * Writes `oclif.manifest.json` (the list of commands with their flags) next to package.json, the last
 * step of `npm run build`, as oclif's own `oclif manifest` does: the package loaded as an oclif plugin
 * that ignores any manifest already there and fails on a command it cannot load. Without the file, oclif
 * imports every command module (and so the emulator, the planner, the renderers...) on each start just
 * to list the commands, which more than triples the start-up time of `crm-schema --version` and of
 * every command. It is derived from the bundled commands, so it is written again on every build; the
 * CLI drops one older than the bundle (src/cli/stale-manifest.ts).
 *
 *   node --import tsx scripts/build/oclif-manifest.ts
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Plugin } from '@oclif/core';
import { PACKAGE_ROOT } from '../../src/core/package-root.js';
import { MANIFEST_FILE } from '../../src/cli/stale-manifest.js';

export async function writeOclifManifest(root = PACKAGE_ROOT): Promise<string[]> {
  const plugin = new Plugin({
    root,
    type: 'core',
    isRoot: true,
    ignoreManifest: true,
    errorOnManifestCreate: true,
  });
  await plugin.load();
  const commands = Object.keys(plugin.manifest.commands);
  if (commands.length === 0) throw new Error(`oclif found no commands for ${plugin.name} in ${root}`);
  await writeFile(join(root, MANIFEST_FILE), `${JSON.stringify(plugin.manifest, null, 2)}\n`);
  return commands;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const commands = await writeOclifManifest();
  process.stdout.write(`${MANIFEST_FILE}: ${commands.join(', ')}\n`);
}

/**
 * The command list oclif reads (`oclif.manifest.json`, written by `npm run build`:
 * scripts/build/oclif-manifest.ts) is derived from the bundled commands; one older than the bundle could
 * hide a new command or flag, so `main` removes it before oclif reads it, and oclif then reads the
 * commands themselves.
 */
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../core/package-root.js';
import { BUNDLE_MAIN_PATH } from './bundle-layout.js';

export const MANIFEST_FILE = 'oclif.manifest.json';

/**
 * Removes the manifest when it is older than the bundled CLI's main (rewritten with the whole bundle on
 * each build), so oclif never lists commands from an earlier build. Two stat calls; never throws.
 */
export async function dropStaleOclifManifest(root = PACKAGE_ROOT): Promise<void> {
  const path = join(root, MANIFEST_FILE);
  try {
    const [manifest, built] = await Promise.all([stat(path), stat(join(root, ...BUNDLE_MAIN_PATH))]);
    if (manifest.mtimeMs < built.mtimeMs) await rm(path, { force: true });
  } catch {
    // no manifest (oclif then reads the commands), or a read-only install (its manifest is never stale)
  }
}

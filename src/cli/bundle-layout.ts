/**
 * Where `npm run build` puts the bundled command line (scripts/build/bundle.ts writes it): the CLI's main,
 * one file per command (package.json names the folder for oclif) and the code they share.
 */
import { join } from 'node:path';
import { packagePath } from '../core/package-root.js';

/** the bundle's folder, relative to the package root */
export const BUNDLE_PATH = ['dist', 'bundle'] as const;
/** the CLI's main in the bundle, what bin/run.js imports, relative to the package root */
export const BUNDLE_MAIN_PATH = [...BUNDLE_PATH, 'cli', 'main.js'] as const;

export const BUNDLE_DIR = packagePath(...BUNDLE_PATH);
export const BUNDLE_MAIN = join(BUNDLE_DIR, 'cli', 'main.js');

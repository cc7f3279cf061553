/** Where `npm run build` puts the bundled CLI (bundle.ts writes it; bin/run.js and oclif load it). */
import { join } from 'node:path';
import { packagePath } from '../core/package-root.js';

/** the bundle's folder, relative to the package root */
export const BUNDLE_PATH = ['dist', 'bundle'] as const;
/** the bundle itself, one CommonJS file, relative to the package root (package.json names it too) */
export const BUNDLE_FILE_PATH = [...BUNDLE_PATH, 'cli.cjs'] as const;

export const BUNDLE_DIR = packagePath(...BUNDLE_PATH);
export const BUNDLE_FILE = join(BUNDLE_DIR, 'cli.cjs');

/**
 * Where the package's own files are (package.json, schemas/, examples/, dist/generated/), found once from
 * wherever the running code sits: src/ in development, dist/ as tsc compiles it, or the bundled CLI in
 * dist/bundle/ (whose chunks sit at another depth). The root is the nearest folder above this module
 * that holds a package.json; none is found only in a broken install, which is a bug to report.
 */
import { existsSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`internal error: no package.json above ${from}`);
  }
}

const HERE = dirname(fileURLToPath(import.meta.url));

/** The folder holding crm-schema's package.json. */
export const PACKAGE_ROOT: string = findRoot(HERE);

/** A path inside the package, such as `packagePath('schemas', 'plan.schema.json')`. */
export function packagePath(...parts: string[]): string {
  return join(PACKAGE_ROOT, ...parts);
}

/** True when this code runs from the build (dist/), not from src/ (tests and development). */
export const RUNS_BUILT: boolean = HERE.startsWith(packagePath('dist') + sep);

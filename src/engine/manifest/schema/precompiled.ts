/**
 * The validators `npm run build` precompiled (scripts/build/precompile-schemas.ts) into `dist/generated/`,
 * loaded without compiling anything; undefined when the code runs from `src/` (development and tests,
 * where the schemas may have changed since the last build) or when there are none, and the caller then
 * compiles the schemas itself.
 */
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import { RUNS_BUILT, packagePath } from '../../../core/package-root.js';

const require = createRequire(import.meta.url);

function loadGenerated(file: string): Record<string, unknown> | undefined {
  if (!RUNS_BUILT) return undefined;
  try {
    return require(packagePath('dist', 'generated', file)) as Record<string, unknown>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND') return undefined;
    throw error;
  }
}

export function loadPrecompiled(file: string): ((name: string) => ValidateFunction) | undefined {
  const module = loadGenerated(file);
  if (module === undefined) return undefined;
  return (name) => {
    const validate = module[name];
    if (typeof validate !== 'function') throw new Error(`internal error: ${file} has no validator ${name}`);
    return validate as ValidateFunction;
  };
}

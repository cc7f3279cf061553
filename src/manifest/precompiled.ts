/**
 * The validators `npm run build` precompiled (precompile-schemas.ts) into `dist/generated/`, loaded
 * without compiling anything; undefined when the code runs from `src/` (development and tests, where the
 * schemas may have changed since the last build) or when there are none, and the caller then compiles
 * the schemas itself. The bundled CLI carries its own copies (providePrecompiled), which load with the
 * rest of its code (and from its code cache).
 */
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import { RUNS_BUILT, packagePath } from '../core/package-root.js';

const require = createRequire(import.meta.url);

const provided = new Map<string, () => Record<string, unknown>>();

/** Hands in the bundle's copy of a file of `dist/generated/` (bundle.ts writes the call). */
export function providePrecompiled(file: string, load: () => Record<string, unknown>): void {
  provided.set(file, load);
}

function loadGenerated(file: string): Record<string, unknown> | undefined {
  const bundled = provided.get(file);
  if (bundled !== undefined) return bundled();
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

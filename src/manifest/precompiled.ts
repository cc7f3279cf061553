/**
 * The validators `npm run build` precompiled (precompile-schemas.ts) into `dist/generated/`, loaded
 * without compiling anything; undefined when there are none (running from `src/`), and the caller
 * compiles the schemas itself.
 */
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';

const require = createRequire(import.meta.url);

export function loadPrecompiled(file: string): ((name: string) => ValidateFunction) | undefined {
  let module: Record<string, unknown>;
  try {
    module = require(`../generated/${file}`) as Record<string, unknown>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND') return undefined;
    throw error;
  }
  return (name) => {
    const validate = module[name];
    if (typeof validate !== 'function') throw new Error(`internal error: ${file} has no validator ${name}`);
    return validate as ValidateFunction;
  };
}

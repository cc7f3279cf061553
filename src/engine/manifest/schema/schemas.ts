/**
 * The validators of the published JSON Schemas (`schemas/*.json`, shipped with the package): one per
 * manifest kind, one for a whole manifest and one for the project file.
 */
import type { ValidateFunction } from 'ajv';
import { must } from '../../../core/must.js';
import { loadPrecompiled } from './precompiled.js';
import { NAME_KEYWORD, manifestAjv, manifestValidators } from './schema-compile.js';
import { perInstall } from '../../installed.js';

export { loadSchema } from './schema-compile.js';
export type { SchemaName } from './schema-compile.js';

/**
 * The name of a schema object (`propertyName` for `$defs/propertyName`, `Environment.tokenEnv` for a key
 * inside a `$defs` object), as schema-compile.ts writes it into the compiled schemas.
 */
export function schemaNameOf(schema: unknown): string | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const name = (schema as Record<string, unknown>)[NAME_KEYWORD];
  return typeof name === 'string' ? name : undefined;
}

interface Validators {
  /** by the `kind:` value of a document */
  kinds: ReadonlyMap<string, ValidateFunction>;
  manifest: ValidateFunction;
  config: ValidateFunction;
}

/** The validators: precompiled by the build when it ran, else compiled now (once per installed family list). */
export const validators = perInstall((): Validators => {
  const names = manifestValidators();
  const get =
    loadPrecompiled('manifest-validators.cjs') ??
    ((): ((name: string) => ValidateFunction) => {
      const ajv = manifestAjv();
      return (name) => must(ajv.getSchema(names[name] ?? name), `the schema ${names[name] ?? name}`);
    })();
  const kinds = new Map<string, ValidateFunction>();
  for (const name of Object.keys(names))
    if (name !== 'manifest' && name !== 'config') kinds.set(name, get(name));
  return { kinds, manifest: get('manifest'), config: get('config') };
});

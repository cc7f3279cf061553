/**
 * The validators of the published JSON Schemas (`schemas/*.json`, shipped with the package): one per
 * manifest kind, one for a whole manifest and one for the project file.
 */
import type { ValidateFunction } from 'ajv';
import { must } from '../../core/must.js';
import { loadPrecompiled } from './precompiled.js';
import {
  MANIFEST_VALIDATORS,
  NAME_KEYWORD,
  manifestAjv,
  type ManifestValidatorName,
} from './schema-compile.js';
import type { ManifestKind } from './types.js';

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
  kinds: Record<ManifestKind, ValidateFunction>;
  manifest: ValidateFunction;
  config: ValidateFunction;
}

let compiled: Validators | undefined;

/** The validators: precompiled by the build when it ran, else compiled now (once per process). */
export function validators(): Validators {
  if (compiled) return compiled;
  const get =
    loadPrecompiled('manifest-validators.cjs') ??
    ((): ((name: ManifestValidatorName) => ValidateFunction) => {
      const ajv = manifestAjv();
      return (name) =>
        must(ajv.getSchema(MANIFEST_VALIDATORS[name]), `the schema ${MANIFEST_VALIDATORS[name]}`);
    })();
  compiled = {
    kinds: {
      Properties: get('Properties'),
      Associations: get('Associations'),
      EventProperties: get('EventProperties'),
    },
    manifest: get('manifest'),
    config: get('config'),
  };
  return compiled;
}

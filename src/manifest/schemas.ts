/**
 * Loads the published JSON Schemas (`schemas/*.json`, shipped with the package) and compiles one
 * validator per manifest kind and one for the project file, once per process.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import { must } from '../core/must.js';
import type { ManifestKind } from './types.js';

/** `schemas/` relative to this module, in `src/manifest/` and in `dist/manifest/` alike. */
const SCHEMAS_DIR = new URL('../../schemas/', import.meta.url);

export type SchemaName = 'manifest' | 'config';

export function schemaUrl(name: SchemaName): URL {
  return new URL(`${name}.schema.json`, SCHEMAS_DIR);
}

/** The schema file as JSON (for tests and tools). */
export function loadSchema(name: SchemaName): Record<string, unknown> {
  return JSON.parse(readFileSync(schemaUrl(name), 'utf8')) as Record<string, unknown>;
}

/**
 * Names of schema objects, by identity: `propertyName` for `$defs/propertyName`,
 * `Environment.tokenEnv` for a key inside a `$defs` object. ajv reports each error with the schema
 * object that failed (`parentSchema`), so messages can be chosen by name even where ajv inlined a
 * `$ref` and its `schemaPath` no longer says where the rule came from.
 */
const schemaNames = new WeakMap<object, string>();

function registerNames(schema: Record<string, unknown>): void {
  const defs = (schema.$defs ?? {}) as Record<string, Record<string, unknown>>;
  for (const [name, def] of Object.entries(defs)) {
    schemaNames.set(def, name);
    const properties = (def.properties ?? {}) as Record<string, object>;
    for (const [key, property] of Object.entries(properties)) schemaNames.set(property, `${name}.${key}`);
  }
}

export function schemaNameOf(schema: unknown): string | undefined {
  return typeof schema === 'object' && schema !== null ? schemaNames.get(schema) : undefined;
}

interface Validators {
  kinds: Record<ManifestKind, ValidateFunction>;
  manifest: ValidateFunction;
  config: ValidateFunction;
}

let compiled: Validators | undefined;

/** Compiled validators; `verbose` keeps each error's schema and data for plain messages. */
export function validators(): Validators {
  if (compiled) return compiled;
  const ajv = new Ajv2020({
    allErrors: true,
    verbose: true,
    strict: true,
    // `required` inside if/then/else names keys declared next to it, which strict mode cannot see
    strictRequired: false,
    // `format: uri` is an editor hint; baseUrl is checked by a rule with a plain message
    validateFormats: false,
  });
  const manifest = loadSchema('manifest');
  const config = loadSchema('config');
  registerNames(manifest);
  registerNames(config);
  ajv.addSchema(manifest, 'manifest');
  const byDef = (def: string): ValidateFunction => {
    const validate = ajv.getSchema(`manifest#/$defs/${def}`);
    if (!validate) throw new Error(`schemas/manifest.schema.json has no $defs/${def}`);
    return validate;
  };
  compiled = {
    kinds: {
      Properties: byDef('PropertiesManifest'),
      Associations: byDef('AssociationsManifest'),
      EventProperties: byDef('EventPropertiesManifest'),
    },
    manifest: must(ajv.getSchema('manifest'), 'the manifest schema'),
    config: ajv.compile(config),
  };
  return compiled;
}

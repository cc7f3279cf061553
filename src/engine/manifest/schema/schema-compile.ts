/**
 * How the JSON Schemas become validators, in one place for the two ways they are made: precompiled at
 * build time (ajv's standalone code, `scripts/build/precompile-schemas.ts`, loaded at start without compiling) and
 * compiled when the process starts (from `src/` in development, or when no precompiled module is there),
 * from the schemas the installed families' declarations make (the published files are the same).
 *
 * Every `$defs` object and each of its properties carries its name under `x-crm-name` (`Property`,
 * `Property.name`), added to a copy of the published schema: ajv reports each error with the schema
 * object that failed (`parentSchema`), so messages are chosen by that name even where a `$ref` was
 * inlined, and the name survives the standalone code (which copies the schema objects).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import { packagePath } from '../../../core/package-root.js';
import { defNameOf } from '../../../core/json-schema.js';
import { configJsonSchema } from './config-json-schema.js';
import { documentKinds } from './document-kinds.js';
import { manifestJsonSchema } from './manifest-json-schema.js';

const require = createRequire(import.meta.url);

/** ajv's compiler, loaded only when schemas are compiled (not when precompiled validators are there). */
function ajvClass(): typeof Ajv2020 {
  return (require('ajv/dist/2020.js') as { Ajv2020: typeof Ajv2020 }).Ajv2020;
}

export const NAME_KEYWORD = 'x-crm-name';

/** The package's `schemas/` folder. */
const SCHEMAS_DIR = pathToFileURL(`${packagePath('schemas')}/`);

export type SchemaName = 'manifest' | 'config' | 'plan';

export function schemaUrl(name: SchemaName): URL {
  return new URL(`${name}.schema.json`, SCHEMAS_DIR);
}

/** The published schema file as JSON. */
export function loadSchema(name: SchemaName): Record<string, unknown> {
  return JSON.parse(readFileSync(schemaUrl(name), 'utf8')) as Record<string, unknown>;
}

/** A copy of `schema` whose `$defs` and their properties carry their names. */
function named(schema: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(schema);
  const defs = (copy.$defs ?? {}) as Record<string, Record<string, unknown>>;
  for (const [name, def] of Object.entries(defs)) {
    def[NAME_KEYWORD] = name;
    const properties = (def.properties ?? {}) as Record<string, Record<string, unknown>>;
    for (const [key, property] of Object.entries(properties)) property[NAME_KEYWORD] = `${name}.${key}`;
  }
  return copy;
}

/**
 * The validators of manifests and the project file, by the name they are exported under: one per kind of
 * document the installed families own (its `kind:` value), the whole manifest and the project file.
 */
export function manifestValidators(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const kind of documentKinds()) out[kind.kind] = `manifest#/$defs/${defNameOf(kind.schema)}`;
  out.manifest = 'manifest';
  out.config = 'config';
  return out;
}

/** `verbose` keeps each error's schema and data for plain messages. */
export function manifestAjv(source = false): Ajv2020 {
  const ajv = new (ajvClass())({
    allErrors: true,
    verbose: true,
    strict: true,
    // `required` inside if/then/else names keys declared next to it, which strict mode cannot see
    strictRequired: false,
    // `format: uri` is an editor hint; baseUrl is checked by a rule with a plain message
    validateFormats: false,
    ...(source ? { code: { source: true } } : {}),
  });
  ajv.addKeyword(NAME_KEYWORD);
  ajv.addSchema(named(manifestJsonSchema()), 'manifest');
  ajv.addSchema(named(configJsonSchema()), 'config');
  return ajv;
}

/** A validator of a plain JSON Schema (an apply record's), compiled now. */
export function compileSchema(schema: Record<string, unknown>): ValidateFunction {
  return new (ajvClass())({ allErrors: true, strict: true }).compile(schema);
}

/**
 * The saved plan's shape check, from the plan's JSON Schema (made from the change kinds,
 * src/engine/plan/plan-json-schema.ts; `schemas/plan.schema.json` publishes the same). A change's `oneOf` over
 * its types is checked by its `type` (ajv's `discriminator`, added to a copy: the published schema stays
 * plain JSON Schema), so a change is checked against its own type's branch only and an unknown type is
 * one error, not one per branch.
 */
export function planAjv(schema: Record<string, unknown>, source = false): Ajv2020 {
  const ajv = new (ajvClass())({
    allErrors: true,
    strict: true,
    discriminator: true,
    ...(source ? { code: { source: true } } : {}),
  });
  ajv.addSchema(withChangeDiscriminator(schema), 'plan');
  return ajv;
}

function withChangeDiscriminator(schema: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(schema);
  const change = (copy.$defs as Record<string, Record<string, unknown>> | undefined)?.change;
  if (change === undefined) throw new Error('internal error: the plan schema has no $defs.change');
  change.discriminator = { propertyName: 'type' };
  return copy;
}

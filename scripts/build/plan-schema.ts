/**
 * Writes the JSON Schemas made from declarations: `schemas/plan.schema.json` (src/engine/plan/plan-json-schema.ts:
 * the plan document's shape, the shared shapes, each kind's meta), `schemas/apply-record.schema.json`
 * (src/engine/record/record-shape.ts), `schemas/manifest.schema.json` (each family's documents and entries) and
 * `schemas/config.schema.json` (the project file, with each family's `policy.manage` keys), formatted as the repository formats JSON. `npm run build:schemas` runs
 * it (a build does not: a stale committed file must fail the tests, not be rewritten by them). With
 * `--check`, and in CI, it writes nothing and fails when a committed file is not what the declarations
 * give (test/plan/plan-schema-generated.test.ts checks the same).
 *
 *   node --import tsx scripts/build/plan-schema.ts [--check]
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { planJsonSchema } from '../../src/engine/plan/plan-json-schema.js';
import { installFamilies } from '../../src/engine/installed.js';
import { ALL_FAMILIES } from '../../src/families/all-families.js';
import { manifestJsonSchema } from '../../src/engine/manifest/schema/manifest-json-schema.js';
import { configJsonSchema } from '../../src/engine/manifest/schema/config-json-schema.js';
import { recordJsonSchema } from '../../src/engine/record/record-json-schema.js';

export const PLAN_SCHEMA_FILE = fileURLToPath(new URL('../../schemas/plan.schema.json', import.meta.url));
export const RECORD_SCHEMA_FILE = fileURLToPath(
  new URL('../../schemas/apply-record.schema.json', import.meta.url),
);

export const MANIFEST_SCHEMA_FILE = fileURLToPath(
  new URL('../../schemas/manifest.schema.json', import.meta.url),
);
export const CONFIG_SCHEMA_FILE = fileURLToPath(new URL('../../schemas/config.schema.json', import.meta.url));

async function formatted(file: string, schema: unknown): Promise<string> {
  const options = (await resolveConfig(file)) ?? {};
  return format(JSON.stringify(schema, null, 2), { ...options, filepath: file });
}

/** The text of the plan's JSON Schema as the declarations give it. */
export function planSchemaText(): Promise<string> {
  return formatted(PLAN_SCHEMA_FILE, planJsonSchema());
}

/** The text of the manifest's JSON Schema as the families' declarations give it. */
export function manifestSchemaText(): Promise<string> {
  return formatted(MANIFEST_SCHEMA_FILE, manifestJsonSchema());
}

/** The text of the project file's JSON Schema as its declaration and the families' give it. */
export function configSchemaText(): Promise<string> {
  return formatted(CONFIG_SCHEMA_FILE, configJsonSchema());
}

/** The text of the apply record's JSON Schema as its declaration gives it. */
export function recordSchemaText(): Promise<string> {
  return formatted(RECORD_SCHEMA_FILE, recordJsonSchema());
}

async function main(): Promise<void> {
  installFamilies(ALL_FAMILIES);
  const check = process.argv.includes('--check') || process.env.CI === 'true';
  for (const [file, text] of [
    [PLAN_SCHEMA_FILE, await planSchemaText()],
    [RECORD_SCHEMA_FILE, await recordSchemaText()],
    [MANIFEST_SCHEMA_FILE, await manifestSchemaText()],
    [CONFIG_SCHEMA_FILE, await configSchemaText()],
  ] as const) {
    const name = `schemas/${file.split(/[\\/]/).pop() ?? ''}`;
    const current = await readFile(file, 'utf8').catch(() => '');
    if (current === text) {
      process.stdout.write(`${name}: up to date\n`);
    } else if (check) {
      process.stderr.write(
        `${name} is not what the declarations give: run \`npm run build:schemas\` and commit the file.\n`,
      );
      process.exitCode = 1;
    } else {
      await writeFile(file, text);
      process.stdout.write(`${name}: written\n`);
    }
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await main();

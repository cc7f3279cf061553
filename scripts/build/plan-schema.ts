/**
 * Writes `schemas/plan.schema.json` from the declarations it is made of (src/plan/plan-json-schema.ts:
 * the plan document's shape, the shared shapes, each kind's meta), formatted as the repository formats
 * JSON. `npm run build:schemas` runs it (a build does not: a stale committed file must fail the tests, not
 * be rewritten by them). With `--check`, and in CI, it writes
 * nothing and fails when the committed file is not what the declarations give (test/plan/
 * plan-schema-generated.test.ts checks the same).
 *
 *   node --import tsx scripts/build/plan-schema.ts [--check]
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { planJsonSchema } from '../../src/plan/plan-json-schema.js';

export const PLAN_SCHEMA_FILE = fileURLToPath(new URL('../../schemas/plan.schema.json', import.meta.url));

/** The text of the plan's JSON Schema as the declarations give it. */
export async function planSchemaText(): Promise<string> {
  const options = (await resolveConfig(PLAN_SCHEMA_FILE)) ?? {};
  return format(JSON.stringify(planJsonSchema(), null, 2), { ...options, filepath: PLAN_SCHEMA_FILE });
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check') || process.env.CI === 'true';
  const text = await planSchemaText();
  const current = await readFile(PLAN_SCHEMA_FILE, 'utf8').catch(() => '');
  if (current === text) {
    process.stdout.write('schemas/plan.schema.json: up to date\n');
  } else if (check) {
    process.stderr.write(
      'schemas/plan.schema.json is not what the declarations give: run `npm run build:schemas` and commit the file.\n',
    );
    process.exitCode = 1;
  } else {
    await writeFile(PLAN_SCHEMA_FILE, text);
    process.stdout.write('schemas/plan.schema.json: written\n');
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await main();

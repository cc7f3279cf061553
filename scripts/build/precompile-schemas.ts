/**
 * Writes the validators of the JSON Schemas as ajv standalone code into `dist/generated/`, a step of
 * `npm run build`: a command then loads them ready-made (src/engine/manifest/schema/precompiled.ts) instead of
 * compiling the schemas on every start (the compile is most of what a small `validate` or `plan` would
 * spend before its work).
 *
 *   node --import tsx scripts/build/precompile-schemas.ts
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import standalone from 'ajv/dist/standalone/index.js';
import { packagePath } from '../../src/core/package-root.js';
import { manifestAjv, manifestValidators, planAjv } from '../../src/engine/manifest/schema/schema-compile.js';
import { installFamilies } from '../../src/engine/installed.js';
import { ALL_FAMILIES } from '../../src/families/all-families.js';
import { planJsonSchema } from '../../src/engine/plan/plan-json-schema.js';

// a CommonJS module: its default export sits on `default`
const standaloneCode = standalone.default;

export const GENERATED_DIR = packagePath('dist', 'generated');

export async function precompileSchemas(dir = GENERATED_DIR): Promise<string[]> {
  installFamilies(ALL_FAMILIES);
  await mkdir(dir, { recursive: true });
  const files: [string, string][] = [
    ['manifest-validators.cjs', standaloneCode(manifestAjv(true), manifestValidators())],
    ['plan-validator.cjs', standaloneCode(planAjv(planJsonSchema(), true), { plan: 'plan' })],
  ];
  for (const [name, code] of files) await writeFile(join(dir, name), code);
  return files.map(([name]) => name);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const written = await precompileSchemas();
  process.stdout.write(`dist/generated: ${written.join(', ')}\n`);
}

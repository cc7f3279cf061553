/**
 * Writes the validators of the JSON Schemas as ajv standalone code into `dist/generated/`, run by
 * `npm run build` after tsc: a command then loads them ready-made instead of compiling the schemas on
 * every start (the compile is most of what a small `validate` or `plan` spends before its work).
 *
 *   node dist/manifest/precompile-schemas.js
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import standalone from 'ajv/dist/standalone/index.js';

// a CommonJS module: its default export sits on `default`
const standaloneCode = standalone.default;
import { MANIFEST_VALIDATORS, manifestAjv, planAjv } from './schema-compile.js';
import { planJsonSchema } from '../plan/plan-json-schema.js';

/** dist/manifest/ -> dist/generated/ */
export const GENERATED_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'generated');

export async function precompileSchemas(dir = GENERATED_DIR): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const files: [string, string][] = [
    ['manifest-validators.cjs', standaloneCode(manifestAjv(true), { ...MANIFEST_VALIDATORS })],
    ['plan-validator.cjs', standaloneCode(planAjv(planJsonSchema(), true), { plan: 'plan' })],
  ];
  for (const [name, code] of files) await writeFile(join(dir, name), code);
  return files.map(([name]) => name);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const written = await precompileSchemas();
  process.stdout.write(`dist/generated: ${written.join(', ')}\n`);
}

/**
 * The first line of a file pull creates, pointing editors (yaml-language-server) at the JSON Schema:
 * `# yaml-language-server: $schema=<relative path>`. The schema is looked for in the project
 * (`schemas/`, as in this repository's examples), then in the project's `node_modules/crm-schema`, and
 * else the running package's own copy is named.
 */
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** the package root: two levels up from src/pull and dist/pull */
const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export type SchemaName = 'manifest.schema.json' | 'config.schema.json';

export function schemaPath(projectDir: string, name: SchemaName): string {
  const candidates = [
    join(projectDir, 'schemas', name),
    join(projectDir, 'node_modules', 'crm-schema', 'schemas', name),
  ];
  return candidates.find((path) => existsSync(path)) ?? join(PACKAGE_ROOT, 'schemas', name);
}

/** The comment line for a file in `fileDir`. */
export function schemaComment(fileDir: string, projectDir: string, name: SchemaName): string {
  const path = relative(fileDir, schemaPath(projectDir, name)).split(sep).join('/');
  return `# yaml-language-server: $schema=${path}`;
}

/**
 * The first line of a file pull and init create, pointing editors (yaml-language-server) at the JSON
 * Schema: `# yaml-language-server: $schema=<relative path>`. The path works for every teammate: the
 * project's own `schemas/` when it has one (as this repository's examples do), else the project's
 * `node_modules/crm-schema/schemas/` (where `npm install` puts it), never wherever the running tool
 * happens to be installed.
 */
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export type SchemaName = 'manifest.schema.json' | 'config.schema.json';

export function schemaPath(projectDir: string, name: SchemaName): string {
  const own = join(projectDir, 'schemas', name);
  return existsSync(own) ? own : join(projectDir, 'node_modules', 'crm-schema', 'schemas', name);
}

/** The comment line for a file in `fileDir`. */
export function schemaComment(fileDir: string, projectDir: string, name: SchemaName): string {
  const path = relative(fileDir, schemaPath(projectDir, name)).split(sep).join('/');
  return `# yaml-language-server: $schema=${path}`;
}

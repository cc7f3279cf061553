/**
 * The files of a new project, written after the pull (so that the project file names what was pulled):
 * the manifests folder (with starter manifests when it holds none: starter.ts), `crm-schema.yaml` with
 * the scope it owns, `.crm-schema/` and saved plans in `.gitignore`, and with `workflows` the CI recipes,
 * naming the environment the project file names (or none). Returns what was written, as the summary
 * names it.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../core/write-file-atomic.js';
import { CONFIG_FILE_NAME } from '../manifest/project/config.js';
import type { ManageEntries } from '../pull/scope-flags.js';
import { schemaComment } from '../pull/schema-ref.js';
import { projectFileText, type AdoptedEnvironment } from './project-file.js';
import { copyWorkflows, ignoreLocalFiles } from './scaffold.js';
import { starterManifests } from './starter.js';

/** The folder of the manifests, relative to the project folder. */
export const SCHEMA_DIR = 'schema';

export interface WriteProjectOptions {
  dir: string;
  manage: ManageEntries;
  workflows: boolean;
  /** the account `init --pull` adopted over HTTP, as the default environment */
  environment?: AdoptedEnvironment;
}

export async function writeProject(options: WriteProjectOptions): Promise<string[]> {
  const { dir } = options;
  // first: it refuses before copying anything when a recipe exists, and then nothing else is written
  const recipes = options.workflows ? await copyWorkflows(dir, options.environment?.name) : [];
  const schemaDir = join(dir, SCHEMA_DIR);
  await mkdir(schemaDir, { recursive: true });
  const written: string[] = [];
  if (!(await holdsManifest(schemaDir))) {
    for (const starter of starterManifests(
      options.manage,
      schemaComment(schemaDir, dir, 'manifest.schema.json'),
    )) {
      const path = join(schemaDir, starter.name);
      if (existsSync(path)) continue;
      await writeFileAtomic(path, starter.text);
      written.push(`${SCHEMA_DIR}/${starter.name}`);
    }
  }
  await writeFileAtomic(
    join(dir, CONFIG_FILE_NAME),
    projectFileText({
      glob: `${SCHEMA_DIR}/**/*.yaml`,
      schemaComment: schemaComment(dir, dir, 'config.schema.json'),
      manage: options.manage,
      ...(options.environment === undefined ? {} : { environment: options.environment }),
    }),
  );
  written.unshift(CONFIG_FILE_NAME, `${SCHEMA_DIR}/`);
  const ignored = await ignoreLocalFiles(dir);
  if (ignored.length > 0) written.push(`.gitignore (${ignored.join(', ')})`);
  return [...written, ...recipes];
}

async function holdsManifest(folder: string): Promise<boolean> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.some((entry) => entry.isFile() && entry.name.endsWith('.yaml'));
}

/**
 * What `validate [PATHS...]` checks, grouped into units that are validated one by one (a duplicate
 * is a duplicate within one unit):
 *
 * - no paths: the project of `--config` or of ./crm-schema.yaml (its manifest globs);
 * - a directory holding crm-schema.yaml, or a crm-schema.yaml file: that project;
 * - any other directory: its *.yaml / *.yml files, recursively (hidden folders and node_modules
 *   skipped), except below a folder holding crm-schema.yaml, which is a project of its own;
 * - any other file: a manifest. Loose manifests form one unit (with `--config`, checked with it).
 */
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { CrmSchemaError } from '../../../core/errors.js';
import { CONFIG_FILE_NAME } from './config.js';
import { glob } from './glob.js';
import { defined } from '../../../core/defined.js';

export interface ProjectUnit {
  /** absolute path of the project file, when the unit has one */
  configPath?: string;
  /** whether the manifests come from the project file's globs */
  useGlobs: boolean;
  /** absolute paths of manifest files given directly */
  files: string[];
}

export const MANIFEST_EXTENSIONS = ['**/*.yaml', '**/*.yml'];

export interface Collected {
  units: ProjectUnit[];
  /** folders given that hold no YAML file at all (absolute) */
  emptyFolders: string[];
}

export async function collectUnits(
  paths: readonly string[],
  cwd: string,
  configPath?: string,
): Promise<Collected> {
  const config = configPath === undefined ? undefined : resolve(cwd, configPath);
  if (paths.length === 0) {
    const project = config ?? join(cwd, CONFIG_FILE_NAME);
    if (!existsSync(project)) {
      throw new CrmSchemaError(
        'CONFIG_NOT_FOUND',
        config ? `no project file at ${configPath}` : `no ${CONFIG_FILE_NAME} in ${cwd}`,
        { hint: 'pass manifest files or folders to validate, or name the project file with --config FILE' },
      );
    }
    return { units: [{ configPath: project, useGlobs: true, files: [] }], emptyFolders: [] };
  }
  const projects: string[] = [];
  const loose: string[] = [];
  const emptyFolders: string[] = [];
  for (const path of paths) {
    const absolute = resolve(cwd, path);
    const info = await stat(absolute).catch(() => undefined);
    if (info?.isDirectory()) {
      const found = await scanDirectory(absolute);
      projects.push(...found.projects);
      loose.push(...found.files);
      if (found.projects.length === 0 && found.files.length === 0) emptyFolders.push(absolute);
    } else if (info && basename(absolute) === CONFIG_FILE_NAME) {
      projects.push(absolute);
    } else {
      // missing or unreadable paths are reported when read
      loose.push(absolute);
    }
  }
  const units: ProjectUnit[] = unique(projects).map((p) => ({ configPath: p, useGlobs: true, files: [] }));
  if (loose.length > 0 || config !== undefined) {
    units.push({
      ...defined({ configPath: config }),
      useGlobs: false,
      files: unique(loose),
    });
  }
  return { units, emptyFolders };
}

async function scanDirectory(dir: string): Promise<{ projects: string[]; files: string[] }> {
  if (existsSync(join(dir, CONFIG_FILE_NAME))) return { projects: [join(dir, CONFIG_FILE_NAME)], files: [] };
  const { files } = await glob(dir, MANIFEST_EXTENSIONS);
  const projectDirs = files
    .filter((file) => basename(file) === CONFIG_FILE_NAME)
    .map((file) => dirname(join(dir, file)));
  const inProject = (absolute: string) =>
    projectDirs.some((projectDir) => absolute.startsWith(projectDir + sep) && projectDir !== dir);
  return {
    projects: projectDirs.map((projectDir) => join(projectDir, CONFIG_FILE_NAME)),
    files: files.map((file) => join(dir, file)).filter((file) => !inProject(file)),
  };
}

/** The path users see: relative to the working directory, with `/`. */
export function displayPath(cwd: string, absolute: string): string {
  const path = relative(cwd, absolute) || basename(absolute);
  return path.split(sep).join('/');
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

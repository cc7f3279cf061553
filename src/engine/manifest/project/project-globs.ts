/**
 * The manifest files a project file's `manifests` globs name, confined to the project folder (the folder
 * of crm-schema.yaml). A glob with a `..` segment or an absolute path, a glob whose folder is reached
 * through a symbolic link leading outside, and a matched file that is a link to a file outside are
 * errors at the glob (GLOB_OUTSIDE_PROJECT): nothing outside the project is ever read.
 */
import { join, relative, resolve } from 'node:path';
import { FILE_CONCURRENCY, mapLimit } from '../../../core/map-limit.js';
import { at } from '../../../core/must.js';
import { isWithin, realPathOf } from '../../../core/inside-folder.js';
import { displayPath } from './collect.js';
import type { DiagnosticSink } from '../../../core/source/diagnostics.js';
import {
  expandBraces,
  glob,
  matchesGlob,
  MAX_ALTERNATIVES,
  normalise,
  staticBase,
  TooManyAlternatives,
} from './glob.js';
import { locate } from '../../../core/source/locate.js';
import type { ParsedDocument } from '../../../core/source/parse-yaml.js';

const HINT_WORDS =
  'globs are relative to the folder of crm-schema.yaml and stay inside it; move the manifests into that folder (or a sub-folder) and name them from there';
const HINT_LINK =
  'move the manifests into the project folder, or replace the symbolic link with the files themselves';

/** Why a glob names places outside the folder it is relative to, by its words alone. */
export function globLeavesFolder(pattern: string): string | undefined {
  const body = pattern.startsWith('!') ? pattern.slice(1) : pattern;
  for (const alternative of expandBraces(body)) {
    const path = normalise(alternative);
    if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return 'is an absolute path';
    if (path.split('/').includes('..')) return 'has a `..` segment';
  }
  return undefined;
}

export interface ProjectGlobs {
  configPath: string;
  /** the project file's display path */
  file: string;
  manifests: readonly string[];
  document: ParsedDocument;
  /** paths are shown relative to it */
  cwd: string;
}

/** Absolute paths of the project's manifest files; every problem with the globs goes to `sink`. */
export async function projectManifests(project: ProjectGlobs, sink: DiagnosticSink): Promise<string[]> {
  const { configPath, manifests, document, cwd } = project;
  const root = resolve(configPath, '..');
  const realRoot = await realPathOf(root);
  let refused = 0;
  const refuse = (index: number, message: string, hint: string) => {
    refused += 1;
    sink.at(locate(document, ['manifests', index]), {
      code: 'GLOB_OUTSIDE_PROJECT',
      message,
      hint,
      path: `manifests[${index}]`,
    });
  };

  const allowed: string[] = [];
  for (const [index, pattern] of manifests.entries()) {
    try {
      expandBraces(pattern.startsWith('!') ? pattern.slice(1) : pattern);
    } catch (error) {
      if (!(error instanceof TooManyAlternatives)) throw error;
      refused += 1;
      sink.at(locate(document, ['manifests', index]), {
        code: 'GLOB_TOO_COMPLEX',
        message: `'${pattern}' expands to more than ${MAX_ALTERNATIVES} alternatives ({a,b} groups multiply)`,
        hint: 'use fewer {a,b} groups: a * or ** usually says the same',
        path: `manifests[${index}]`,
      });
      continue;
    }
    const why = globLeavesFolder(pattern);
    if (why !== undefined) {
      refuse(index, `'${pattern}' ${why}: it leaves the project folder`, HINT_WORDS);
      continue;
    }
    // the folder walking starts in may itself be a link that leads out
    const bases = pattern.startsWith('!') ? [] : expandBraces(pattern).map((p) => staticBase(p));
    const outside = await firstOutside(
      realRoot,
      bases.map((base) => join(root, base)),
    );
    if (outside !== undefined) {
      refuse(
        index,
        `'${pattern}' reaches ${displayPath(cwd, outside.path)} through a symbolic link, outside the project folder (to ${outside.real})`,
        HINT_LINK,
      );
      continue;
    }
    allowed.push(pattern);
  }

  const found = await glob(root, allowed);
  found.unmatched.forEach((pattern) => {
    const index = manifests.indexOf(pattern);
    sink.at(locate(document, ['manifests', index]), {
      code: 'GLOB_NO_MATCH',
      message: `'${pattern}' matches no file`,
      path: `manifests[${index}]`,
    });
  });

  const candidates = found.files.map((f) => ({ relative: f, path: join(root, f) }));
  const reals = await mapLimit(candidates, FILE_CONCURRENCY, (c) => realPathOf(c.path));
  const files: string[] = [];
  for (const [i, candidate] of candidates.entries()) {
    if (candidate.path === configPath) continue;
    const real = at(reals, i);
    const index = manifests.findIndex((p) => !p.startsWith('!') && matchesGlob(candidate.relative, p));
    if (isWithin(realRoot, real)) {
      const why = notAManifest(candidate.relative, relative(realRoot, real));
      if (why === undefined) files.push(candidate.path);
      else
        sink.at(locate(document, ['manifests', index]), {
          code: 'GLOB_NOT_MANIFEST',
          message: `'${manifests[index] ?? ''}' matches ${displayPath(cwd, candidate.path)}, ${why}; it was not read`,
          hint: 'manifests are .yaml or .yml files of the project; narrow the glob (e.g. schema/**/*.yaml)',
          path: `manifests[${index}]`,
        });
      continue;
    }
    refuse(
      index,
      `'${manifests[index] ?? ''}' matches ${displayPath(cwd, candidate.path)}, a symbolic link to a file outside the project folder (${real}); it was not read`,
      HINT_LINK,
    );
  }

  if (files.length === 0 && refused === 0) {
    sink.at(locate(document, ['manifests']), {
      code: 'NO_MANIFESTS',
      message: 'the manifest globs match no file',
      hint: `globs are relative to ${project.file}; e.g. manifests: ["schema/**/*.yaml"]`,
      path: 'manifests',
    });
  }
  return files;
}

/**
 * Why a matched file is not read as a manifest: it lies in a `.git` folder (a repository's config may hold
 * a credential), or it (or the file a link leads to) is not a .yaml or .yml file. Undefined: a manifest.
 */
function notAManifest(path: string, realPath: string): string | undefined {
  const inGit = (p: string) => p.split(/[\\/]/).includes('.git');
  if (inGit(path) || inGit(realPath))
    return "which lies in a .git folder: a repository's own files are never manifests";
  const yaml = /\.ya?ml$/i;
  if (!yaml.test(path) || !yaml.test(realPath)) return 'which is not a .yaml or .yml file';
  return undefined;
}

/** The first of `paths` whose real place lies outside `realRoot`. */
async function firstOutside(
  realRoot: string,
  paths: readonly string[],
): Promise<{ path: string; real: string } | undefined> {
  for (const path of paths) {
    const real = await realPathOf(path);
    if (!isWithin(realRoot, real)) return { path, real };
  }
  return undefined;
}

/**
 * A small glob matcher for the project file's `manifests` list (Node 20 has no fs.glob):
 * `*` any characters within one path segment, `?` one character, `**` any number of segments
 * (a whole segment only), `{a,b}` alternatives (not nested), a leading `!` excludes.
 * Paths are relative, with `/` separators. Hidden folders and node_modules are not walked unless a
 * pattern names them literally.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** `{a,b}` -> each alternative; one level, which covers `*.{yaml,yml}`. */
export function expandBraces(pattern: string): string[] {
  const match = /\{([^{}]*)\}/.exec(pattern);
  if (!match) return [pattern];
  const before = pattern.slice(0, match.index);
  const [whole, inner = ''] = match;
  const after = pattern.slice(match.index + whole.length);
  return inner.split(',').flatMap((alternative) => expandBraces(`${before}${alternative}${after}`));
}

/** A pattern (without braces) -> a regular expression over a whole relative path. */
export function globToRegExp(pattern: string): RegExp {
  const segments = normalise(pattern).split('/');
  let source = '';
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    if (segment === '**') {
      // zero or more whole segments
      source += last ? '.*' : '(?:[^/]+/)*';
      return;
    }
    source += segment
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      // `**` inside a segment is `*`: runs of `[^/]*` would backtrack exponentially on a path that fails
      .replace(/\*+/g, '[^/]*')
      .replace(/\?/g, '[^/]');
    if (!last) source += '/';
  });
  return new RegExp(`^${source}$`);
}

/** Whether `path` (relative, `/`-separated) matches the glob. */
export function matchesGlob(path: string, pattern: string): boolean {
  return expandBraces(pattern).some((p) => globToRegExp(p).test(normalise(path)));
}

/** The folder before the first wildcard: where walking starts. */
export function staticBase(pattern: string): string {
  const segments = normalise(pattern).split('/');
  const base: string[] = [];
  for (const segment of segments.slice(0, -1)) {
    if (/[*?{]/.test(segment)) break;
    base.push(segment);
  }
  return base.join('/');
}

export interface GlobResult {
  /** matched files, relative to the root, sorted */
  files: string[];
  /** patterns (include ones) that matched nothing */
  unmatched: string[];
}

/**
 * Files under `root` matching the include patterns and none of the `!` ones. Walks each include
 * pattern's static base once.
 */
export async function glob(root: string, patterns: readonly string[]): Promise<GlobResult> {
  const includes = patterns.filter((p) => !p.startsWith('!'));
  const excludes = patterns.filter((p) => p.startsWith('!')).map((p) => p.slice(1));
  const found = new Set<string>();
  const unmatched: string[] = [];
  const walked = new Map<string, string[]>();
  for (const pattern of includes) {
    let matched = false;
    for (const alternative of expandBraces(pattern)) {
      const base = staticBase(alternative);
      const namesHidden = /(^|\/)\.[^/]/.test(alternative) || alternative.includes('node_modules');
      const key = `${base}\0${String(namesHidden)}`;
      let files = walked.get(key);
      if (!files) {
        files = await walk(root, base, namesHidden);
        walked.set(key, files);
      }
      const regexp = globToRegExp(alternative);
      for (const file of files) {
        if (!regexp.test(file)) continue;
        matched = true;
        if (!excludes.some((exclude) => matchesGlob(file, exclude))) found.add(file);
      }
    }
    if (!matched) unmatched.push(pattern);
  }
  return { files: [...found].sort(), unmatched };
}

/**
 * Every entry below `root/base` that is not a folder, relative to `root`; hidden folders and node_modules
 * skipped. Links are listed, never walked into.
 */
async function walk(root: string, base: string, namesHidden: boolean): Promise<string[]> {
  const files: string[] = [];
  const visit = async (relative: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(join(root, relative), { withFileTypes: true });
    } catch {
      return; // a missing base simply matches nothing
    }
    for (const entry of entries) {
      const path = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!namesHidden && (entry.name.startsWith('.') || entry.name === 'node_modules')) continue;
        await visit(path);
      } else {
        // files, links, and also FIFOs, devices and sockets: reading refuses those with an error
        files.push(path);
      }
    }
  };
  await visit(base);
  return files;
}

export function normalise(path: string): string {
  return path.replace(/\\/g, '/').replace(/^\.\//, '');
}

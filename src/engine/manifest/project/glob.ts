/**
 * A small glob matcher for the project file's `manifests` list (Node 20 has no fs.glob):
 * `*` any characters within one path segment, `?` one character, `**` any number of segments
 * (a whole segment only), `{a,b}` alternatives (not nested), a leading `!` excludes.
 * Paths are relative, with `/` separators. Hidden folders and node_modules are not walked unless a
 * pattern names them literally.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { matchesWildcard } from '../../../core/wildcard.js';

/** At most this many alternatives from `{a,b}` groups per pattern: 22 groups of two would be 4 million. */
export const MAX_ALTERNATIVES = 64;

/** More `{a,b}` alternatives than a project file may ask for; the glob is refused where it is written. */
export class TooManyAlternatives extends Error {
  constructor(readonly pattern: string) {
    super(`'${pattern}' expands to more than ${MAX_ALTERNATIVES} alternatives`);
  }
}

/** `{a,b}` -> each alternative; one level, which covers `*.{yaml,yml}`. Throws past MAX_ALTERNATIVES. */
export function expandBraces(pattern: string): string[] {
  let count = 1;
  for (const group of pattern.matchAll(/\{([^{}]*)\}/g)) {
    count *= (group[1] ?? '').split(',').length;
    if (count > MAX_ALTERNATIVES) throw new TooManyAlternatives(pattern);
  }
  return expand(pattern);
}

function expand(pattern: string): string[] {
  const match = /\{([^{}]*)\}/.exec(pattern);
  if (!match) return [pattern];
  const before = pattern.slice(0, match.index);
  const [whole, inner = ''] = match;
  const after = pattern.slice(match.index + whole.length);
  return inner.split(',').flatMap((alternative) => expand(`${before}${alternative}${after}`));
}

/**
 * Whether a relative path matches a pattern (without braces), in time polynomial in their lengths: `**`
 * segments by a table over (pattern segment, path segment), `*` and `?` within a segment by the classic
 * two-pointer match that never backtracks further than the last star. No regular expression is built
 * from the pattern, so no pattern of stars can take exponential time.
 */
export function matchesPattern(path: string, pattern: string): boolean {
  const want = normalise(pattern).split('/');
  const have = normalise(path).split('/');
  // can[i][j]: pattern segments from i match path segments from j
  const can: boolean[][] = Array.from({ length: want.length + 1 }, () =>
    new Array<boolean>(have.length + 1).fill(false),
  );
  (can[want.length] as boolean[])[have.length] = true;
  for (let i = want.length - 1; i >= 0; i -= 1) {
    const segment = want[i] ?? '';
    const row = can[i] as boolean[];
    const next = can[i + 1] as boolean[];
    for (let j = have.length; j >= 0; j -= 1) {
      if (segment === '**') {
        // a last `**` matches the rest, also inside names; elsewhere zero or more whole segments
        row[j] =
          i === want.length - 1
            ? j < have.length
            : next[j] === true || (j < have.length && row[j + 1] === true);
      } else {
        row[j] = j < have.length && next[j + 1] === true && matchesSegment(have[j] ?? '', segment);
      }
    }
  }
  return (can[0] as boolean[])[0] === true;
}

/** `*` (any run, not `/`) and `?` (one character) within one segment. */
function matchesSegment(name: string, segment: string): boolean {
  return matchesWildcard(segment, name, true);
}

/** Whether `path` (relative, `/`-separated) matches the glob. */
export function matchesGlob(path: string, pattern: string): boolean {
  return expandBraces(pattern).some((p) => matchesPattern(path, p));
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
      for (const file of files) {
        if (!matchesPattern(file, alternative)) continue;
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

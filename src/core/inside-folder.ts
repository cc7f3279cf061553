/**
 * Whether a path stays inside a folder, by its words (`..`, absolute paths) and by where it really is
 * (symbolic links resolved): what keeps manifest globs and pull's writes inside the project folder.
 */
import { realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/** Whether absolute `path` is `folder` itself or below it (no links resolved). */
export function isWithin(folder: string, path: string): boolean {
  const rel = relative(resolve(folder), resolve(path));
  return rel === '' || (!isAbsolute(rel) && rel !== '..' && !rel.startsWith(`..${sep}`));
}

/**
 * Where `path` really is: its real path when it exists, else the real path of its deepest existing
 * folder with the rest of the path appended (the place a write would land).
 */
export async function realPathOf(path: string): Promise<string> {
  const rest: string[] = [];
  let current = resolve(path);
  for (;;) {
    try {
      return join(await realpath(current), ...rest.reverse());
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const parent = dirname(current);
      if ((code !== 'ENOENT' && code !== 'ENOTDIR') || parent === current) return resolve(path);
      rest.push(basename(current));
      current = parent;
    }
  }
}

/**
 * The real place of `path` when it lies outside `folder` (both resolved through their links), else
 * undefined.
 */
export async function realPathOutside(folder: string, path: string): Promise<string | undefined> {
  const [realFolder, real] = await Promise.all([realPathOf(folder), realPathOf(path)]);
  return isWithin(realFolder, real) ? undefined : real;
}

/**
 * The three tiers of the test suite, found from the files themselves so that a new test lands in the
 * right one without a list to keep:
 *
 * - **slow**: `test/reliability/` and `test/fuzz/` (kills, crashes, hostile files, generated inputs by
 *   the hundred) and any `*.slow.test.ts` (inputs large enough that time is the bound). CI runs them;
 *   the edit loop need not.
 * - **integration**: every other test that starts a server or a process, directly or through a helper it
 *   imports: the emulator, a scripted HTTP server, the CLI's `main` in process, `bin/run.js` in a child.
 *   They run in forked workers (the CLI changes the working directory), which load modules once and run
 *   file after file; a file that replaces modules (`vi.mock`) runs in a process of its own.
 * - **unit**: the rest, pure code. They run in threads that share loaded modules between files (no
 *   process per file), so the tier takes seconds.
 *
 * A file's tier follows its relative imports inside `test/` (helpers included): one that reaches any of
 * SERVER_OR_PROCESS makes it an integration test.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export type Tier = 'unit' | 'integration' | 'slow';

/** What starts a server or a process, in a test file or a helper it imports. */
const SERVER_OR_PROCESS =
  /from '(node:)?(child_process|http|https|net)'|src\/emulator\/(index|server)\.js|start(Test)?Emulator|src\/cli\/main|bin\/run|\.listen\(|in-process\.js/;
const SLOW_FOLDERS = ['test/reliability/', 'test/fuzz/'];
const RELATIVE_IMPORT = /(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g;

function testFiles(root: string): string[] {
  return readdirSync(join(root, 'test'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => join('test', file).split('\\').join('/'))
    .sort();
}

/** Whether a file, or any test-side file it imports, starts a server or a process. */
function startsSomething(root: string, file: string, seen = new Map<string, boolean>()): boolean {
  const known = seen.get(file);
  if (known !== undefined) return known;
  seen.set(file, false); // an import cycle reads as "not through this path"
  let text: string;
  try {
    text = readFileSync(join(root, file), 'utf8');
  } catch {
    return false;
  }
  let found = SERVER_OR_PROCESS.test(text);
  for (const match of text.matchAll(RELATIVE_IMPORT)) {
    if (found) break;
    const target = relative(root, resolve(root, dirname(file), match[1]!.replace(/\.js$/, '.ts')));
    if (!target.startsWith('test/') && !target.startsWith('test\\')) continue;
    found = startsSomething(root, target.split('\\').join('/'), seen);
  }
  seen.set(file, found);
  return found;
}

/** A file that replaces modules (`vi.mock`): it needs a process of its own, whatever its tier. */
export function replacesModules(root: string, file: string): boolean {
  return /\bvi\.(do)?mock\(/.test(readFileSync(join(root, file), 'utf8'));
}

export function tierOf(root: string, file: string): Tier {
  if (file.endsWith('.slow.test.ts') || SLOW_FOLDERS.some((folder) => file.startsWith(folder))) return 'slow';
  return startsSomething(root, file) ? 'integration' : 'unit';
}

/** Every test file of the project by tier, as paths relative to the root. */
export function tiers(root: string): Record<Tier, string[]> {
  const result: Record<Tier, string[]> = { unit: [], integration: [], slow: [] };
  for (const file of testFiles(root)) result[tierOf(root, file)].push(file);
  return result;
}

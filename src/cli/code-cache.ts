/**
 * Loads the bundled CLI (`dist/bundle/cli.cjs`, one CommonJS file) with V8's code cache: the code a
 * command compiled on earlier runs is read back instead of being parsed and compiled again, which takes
 * about a quarter off a short command's start-up. bin/run.js is the only caller; it imports nothing else
 * before. Where the cache is kept and how its files are checked: code-cache-store.ts.
 *
 * - **What is kept.** After a command succeeds (exit 0, or 2 for "changes present"), the bytecode of
 *   every function compiled so far, one file per command (`run-validate.bin`...). The first three
 *   successful runs each write it, so that it holds what they ran between them (a first run may be an
 *   unusual one); after that only when V8 refused it (another V8, other flags). Only for the commands the
 *   CLI has (and `help`, `autocomplete`, none): a typo never makes a file.
 * - **Never in the way.** Anything that fails here (no home folder, a read-only disk, a damaged file)
 *   only means no cache: the command runs as it would without one, and says nothing.
 *
 * The bundle loads ES modules (oclif's plugins) with `import()`. On Node 20, code compiled from a code
 * cache cannot, so the build routes those calls through IMPORT_HOOK (bundle-rewrite.ts), which the
 * loader hands in: a plain `import()` made here, in an ES module Node compiled itself.
 */
import Module, { createRequire } from 'node:module';
import { isAscii } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import vm from 'node:vm';
import {
  HOST,
  buildKey,
  cacheFileName,
  codeCacheDir,
  commandOf,
  readCache,
  writeCache,
  type CacheEnvironment,
} from './code-cache-store.js';

/** Exit codes after which the run's compiled code is kept: success, and "changes present". */
const KEPT_AFTER = new Set([0, 2]);

/** Successful runs whose code goes into a command's cache; later runs only read it. */
const RUNS_KEPT = 3;

/** Names of what runs without a command of the bundle: oclif's plugins, and no command at all. */
const OTHER_COMMANDS = new Set(['help', 'autocomplete', 'root']);

export interface LoadedBundle {
  /** what the bundle exports */
  exports: Record<string, unknown>;
  /** writes the cache when this run should (see above); never throws */
  save(exitCode: number): void;
}

/**
 * What the bundle calls for `import()` (bundle.ts writes it in): the loader's own import when the bundle
 * was loaded here, Node's when it was loaded with `require` (the bundle's first lines see which).
 */
export const IMPORT_HOOK = '__crmSchemaImport';

const importHook = (specifier: string, options?: ImportCallOptions): Promise<unknown> =>
  import(specifier, options);

/** The text around the bundle: the body of a CommonJS module that also takes IMPORT_HOOK. */
const WRAPPER_HEAD = `(function (exports, require, module, __filename, __dirname, ${IMPORT_HOOK}) { `;
const WRAPPER_TAIL = '\n});';

/**
 * Loads the CommonJS bundle at `file` (a real path) as `require` would, into `require.cache`, so that a
 * later `require(file)` (oclif's, for the commands) gets this same copy.
 */
export function loadBundle(
  file: string,
  argv: readonly string[],
  host: CacheEnvironment = HOST,
): LoadedBundle {
  const require = createRequire(file);
  const base = codeCacheDir(host);
  if (base === undefined) {
    return { exports: require(file) as Record<string, unknown>, save: () => undefined };
  }
  const bytes = readFileSync(file);
  const key = buildKey(bytes, WRAPPER_HEAD + WRAPPER_TAIL);
  const command = commandOf(argv);
  const name = cacheFileName(command, `${host.env.NODE_OPTIONS ?? ''} ${process.execArgv.join(' ')}`);
  const cached = readCache(base, key, name);
  // an all-ASCII bundle (the build makes it one) is read as Latin-1, faster than decoding UTF-8
  const source = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
  const script = new vm.Script(WRAPPER_HEAD + source + WRAPPER_TAIL, {
    filename: file,
    cachedData: cached?.data,
  });
  const module = new Module(file);
  module.filename = file;
  require.cache[file] = module;
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, require, module, file, dirname(file), importHook);
  module.loaded = true;
  const runs = cached === undefined || script.cachedDataRejected === true ? 0 : cached.runs;
  const exports = module.exports as Record<string, unknown>;
  return {
    exports,
    save(exitCode) {
      if (runs >= RUNS_KEPT || !KEPT_AFTER.has(exitCode)) return;
      const commands = exports.commands as Record<string, unknown> | undefined;
      if (!OTHER_COMMANDS.has(command) && !(commands !== undefined && command in commands)) return;
      try {
        writeCache(base, key, name, { data: script.createCachedData(), runs: runs + 1 });
      } catch {
        // no cache this time
      }
    },
  };
}

/**
 * Loads the bundled CLI (`dist/bundle/cli.cjs`, one CommonJS file) with V8's code cache: the code a
 * command compiled on an earlier run is read back instead of being parsed and compiled again, which
 * takes about a quarter off a short command's start-up. bin/run.js is the only caller; it imports nothing
 * else before.
 *
 * - **What is kept.** After a command succeeds (exit 0, or 2 for "changes present"), the bytecode of
 *   every function that run compiled, one file per command (`validate.bin`, `plan.bin`...), written only
 *   when there was none or V8 refused it. V8 refuses a cache made by another V8 version, with other V8
 *   flags, or for a source of another length; the folder's name holds a checksum of the bundle besides,
 *   so a rebuilt or upgraded CLI never runs code compiled from another build. The caches of the four
 *   builds written to last are kept (another install, another Node), older ones removed.
 * - **Where.** The user's cache folder: `$XDG_CACHE_HOME/crm-schema/code-cache` (else
 *   `~/.cache/crm-schema/code-cache`), `~/Library/Caches/crm-schema/code-cache` on macOS,
 *   `%LOCALAPPDATA%\crm-schema\code-cache` on Windows. `CRM_SCHEMA_CODE_CACHE` names another folder, or
 *   `off` turns the cache off (so does `NODE_DISABLE_COMPILE_CACHE=1`, Node's own switch). A folder
 *   that is another user's, or that others may write to, is not used: what is read from it runs.
 * - **Never in the way.** Anything that fails here (no home folder, a read-only disk, a damaged file)
 *   only means no cache: the command runs as it would without one, and says nothing.
 *
 * The bundle loads ES modules (oclif's plugins) with `import()`. On Node 20, code compiled from a code
 * cache cannot, so the build routes those calls through IMPORT_HOOK (bundle-rewrite.ts), which the
 * loader hands in: a plain `import()` made here, in an ES module Node compiled itself.
 */
import Module, { createRequire } from 'node:module';
import { isAscii } from 'node:buffer';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import vm from 'node:vm';
import { crc32 } from 'node:zlib';

/** A cache file larger than this is not read (the CLI's own are 1 to 3 MB). */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;

/** Exit codes after which the run's compiled code is kept: success, and "changes present". */
const KEPT_AFTER = new Set([0, 2]);

export interface LoadedBundle {
  /** what the bundle exports */
  exports: Record<string, unknown>;
  /** writes the cache when this run should (see above); never throws */
  save(exitCode: number): void;
}

export interface CacheEnvironment {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  home: () => string;
}

const HOST: CacheEnvironment = { env: process.env, platform: process.platform, home: homedir };

/** The folder the cache goes to, or undefined when it is turned off or there is no home folder. */
export function codeCacheDir(host: CacheEnvironment = HOST): string | undefined {
  const { env } = host;
  const named = env.CRM_SCHEMA_CODE_CACHE?.trim();
  if (named === 'off' || named === '0' || env.NODE_DISABLE_COMPILE_CACHE === '1') return undefined;
  if (named) return named;
  try {
    if (host.platform === 'win32') {
      const local = env.LOCALAPPDATA || join(host.home(), 'AppData', 'Local');
      return join(local, 'crm-schema', 'code-cache');
    }
    if (host.platform === 'darwin') return join(host.home(), 'Library', 'Caches', 'crm-schema', 'code-cache');
    return join(env.XDG_CACHE_HOME || join(host.home(), '.cache'), 'crm-schema', 'code-cache');
  } catch {
    return undefined;
  }
}

/**
 * The cache file's name for a command line: the command's name when it looks like one (`plan`, `help`),
 * `other` for anything else (a typo, a path), `root` for none (`--version`); never a path. Node options
 * (V8 refuses a cache made under other V8 flags) add their checksum, so that runs with and without them
 * do not keep replacing each other's file.
 */
export function cacheFileName(argv: readonly string[], nodeOptions = ''): string {
  const command = argv.find((arg) => !arg.startsWith('-'));
  const name = command === undefined ? 'root' : /^[a-z][a-z-]{0,31}$/.test(command) ? command : 'other';
  const options = nodeOptions.trim();
  return options === '' ? `${name}.bin` : `${name}-${checksum(Buffer.from(options))}.bin`;
}

function checksum(bytes: Buffer): string {
  return crc32(bytes).toString(16).padStart(8, '0');
}

/** The folder of one build's caches: the V8 version, the architecture and the bundle's checksum. */
export function buildKey(source: Buffer): string {
  const v8 = process.versions.v8.replace(/[^\w.]/g, '_');
  return `v8-${v8}-${process.arch}-${source.length}-${checksum(source)}`;
}

/** Ours and only ours: owned by this user and writable by nobody else (where the system says so). */
function isPrivate(dir: string): boolean {
  const stats = statSync(dir);
  if (!stats.isDirectory()) return false;
  if (typeof process.getuid !== 'function') return true;
  return stats.uid === process.getuid() && (stats.mode & 0o022) === 0;
}

/** The folder name of one build's caches (buildKey) */
const BUILD_FOLDER = /^v8-[\w.]+-\w+-\d+-[0-9a-f]{8}$/;

function readCache(base: string, key: string, name: string): Buffer | undefined {
  try {
    const file = join(base, key, name);
    if (!isPrivate(base) || !isPrivate(join(base, key)) || statSync(file).size > MAX_CACHE_BYTES)
      return undefined;
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Builds whose caches are kept: this one and the most recently written others (another install, Node). */
const KEPT_BUILDS = 4;

/** Removes the caches of all but the KEPT_BUILDS - 1 builds written to last, before adding one more. */
function dropOldBuilds(base: string): void {
  const builds = readdirSync(base)
    .filter((entry) => BUILD_FOLDER.test(entry))
    .map((entry) => ({ path: join(base, entry), written: statSync(join(base, entry)).mtimeMs }))
    .sort((a, b) => b.written - a.written);
  for (const old of builds.slice(KEPT_BUILDS - 1)) rmSync(old.path, { recursive: true, force: true });
}

function writeCache(base: string, key: string, name: string, data: Buffer): void {
  const dir = join(base, key);
  // written whole, then renamed: a reader sees the old file or the new one, never a part
  const temporary = join(dir, `${name}.${process.pid}.tmp`);
  try {
    mkdirSync(base, { recursive: true, mode: 0o700 });
    if (!isPrivate(base)) return;
    if (!existsSync(dir)) {
      dropOldBuilds(base);
      mkdirSync(dir, { recursive: true, mode: 0o700 });
    }
    if (!isPrivate(dir)) return;
    writeFileSync(temporary, data, { mode: 0o600 });
    renameSync(temporary, join(dir, name));
  } catch {
    // no cache this time, and no half-written file left behind (a full disk)
    rmSync(temporary, { force: true });
  }
}

/**
 * What the bundle calls for `import()` (bundle.ts writes it in): the loader's own import when the bundle
 * was loaded here, Node's when it was loaded with `require` (the bundle's first line sees which).
 */
export const IMPORT_HOOK = '__crmSchemaImport';

const importHook = (specifier: string): Promise<unknown> => import(specifier);

/** Compiles `source` as the body of a CommonJS module that also takes IMPORT_HOOK. */
function compile(source: string, filename: string, cachedData: Buffer | undefined) {
  const wrapped = `(function (exports, require, module, __filename, __dirname, ${IMPORT_HOOK}) { ${source}\n});`;
  return new vm.Script(wrapped, { filename, cachedData });
}

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
  const key = buildKey(bytes);
  const name = cacheFileName(argv, `${host.env.NODE_OPTIONS ?? ''} ${process.execArgv.join(' ')}`);
  const cachedData = readCache(base, key, name);
  const script = compile(bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8'), file, cachedData);
  const module = new Module(file);
  module.filename = file;
  require.cache[file] = module;
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, require, module, file, dirname(file), importHook);
  module.loaded = true;
  const stale = cachedData === undefined || script.cachedDataRejected === true;
  return {
    exports: module.exports as Record<string, unknown>,
    save(exitCode) {
      if (!stale || !KEPT_AFTER.has(exitCode)) return;
      try {
        writeCache(base, key, name, script.createCachedData());
      } catch {
        // no cache this time
      }
    },
  };
}

/**
 * Where the CLI's code cache (code-cache.ts) is kept and how its files are written and read back.
 *
 * - **The folder**: the user's cache folder, `$XDG_CACHE_HOME/crm-schema/code-cache` (else
 *   `~/.cache/crm-schema/code-cache`), `~/Library/Caches/crm-schema/code-cache` on macOS,
 *   `%LOCALAPPDATA%\crm-schema\code-cache` on Windows; `CRM_SCHEMA_CODE_CACHE` names another (an
 *   absolute path), or `off` turns the cache off (so does `NODE_DISABLE_COMPILE_CACHE=1`, Node's own
 *   switch). Only absolute folders: a relative one would be the current folder's, a checkout's. What is
 *   read from it runs, so a folder another user owns, or others may write to, is not used (Windows has
 *   no such owner to compare; there the user's own profile folder is what keeps it private).
 * - **One subfolder per build** (buildKey): V8's version, the architecture, and the length and checksum
 *   of the code as it is compiled. A rebuilt or upgraded CLI never reads another build's files. The
 *   four builds written to last are kept (another install, another Node), older ones removed.
 * - **One file per command** (cacheFileName), written whole and renamed into place, readable by the user
 *   alone, with a header: a magic number, how many runs it holds the code of, and a checksum of the rest.
 *   V8 checks only its own header, not what follows (a flipped bit can crash it), so a file whose
 *   checksum does not match is not given to V8.
 */
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
import { join, posix, win32 } from 'node:path';
import { crc32 } from 'node:zlib';

export interface CacheEnvironment {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  home: () => string;
}

export const HOST: CacheEnvironment = { env: process.env, platform: process.platform, home: homedir };

const OFF = new Set(['off', '0', 'false', 'no']);

/** The folder the cache goes to, or undefined when it is turned off or there is no absolute one. */
export function codeCacheDir(host: CacheEnvironment = HOST): string | undefined {
  const { env } = host;
  const paths = host.platform === 'win32' ? win32 : posix;
  const absolute = (path: string | undefined) => (path && paths.isAbsolute(path) ? path : undefined);
  const named = env.CRM_SCHEMA_CODE_CACHE?.trim();
  if ((named !== undefined && OFF.has(named.toLowerCase())) || env.NODE_DISABLE_COMPILE_CACHE === '1')
    return undefined;
  if (named) return absolute(named);
  let home: string | undefined;
  try {
    home = absolute(host.home());
  } catch {
    home = undefined;
  }
  if (host.platform === 'win32') {
    const local = absolute(env.LOCALAPPDATA) ?? (home && paths.join(home, 'AppData', 'Local'));
    return local && paths.join(local, 'crm-schema', 'code-cache');
  }
  if (host.platform === 'darwin')
    return home && paths.join(home, 'Library', 'Caches', 'crm-schema', 'code-cache');
  const cacheHome = absolute(env.XDG_CACHE_HOME) ?? (home && paths.join(home, '.cache'));
  return cacheHome && paths.join(cacheHome, 'crm-schema', 'code-cache');
}

/**
 * The command a command line runs, as its cache is named: `help` for any help (`plan --help` shows help,
 * not a plan), `root` for none (`--version`), the first word otherwise, `other` when that is not a word.
 */
export function commandOf(argv: readonly string[]): string {
  if (argv.includes('--help') || argv.includes('-h')) return 'help';
  const command = argv.find((arg) => !arg.startsWith('-'));
  if (command === undefined) return 'root';
  return /^[a-z][a-z-]{0,31}$/.test(command) ? command : 'other';
}

/**
 * The cache file of a command. Never a path, and never a Windows device name (`con`, `nul`) however the
 * command is spelled. Node options add their checksum: V8 refuses a cache made under other V8 flags, and
 * runs with and without them would otherwise keep replacing each other's file.
 */
export function cacheFileName(command: string, nodeOptions = ''): string {
  const options = nodeOptions.trim();
  return options === '' ? `run-${command}.bin` : `run-${command}-${hex(crc32(options))}.bin`;
}

const hex = (n: number) => n.toString(16).padStart(8, '0');

/**
 * The folder of one build's caches: from the bundle's bytes and the text the loader wraps them in (V8
 * compares only lengths, so either changing alone must change the key).
 */
export function buildKey(bundle: Buffer, wrapper: string): string {
  const v8 = process.versions.v8.replace(/[^\w.]/g, '_');
  const sum = crc32(bundle, crc32(wrapper));
  return `v8-${v8}-${process.arch}-${bundle.length + wrapper.length}-${hex(sum)}`;
}

/** The folder name of one build's caches (buildKey) */
const BUILD_FOLDER = /^v8-[\w.]+-\w+-\d+-[0-9a-f]{8}$/;

/** Ours and only ours: owned by this user and writable by nobody else (where the system says so). */
function isPrivate(dir: string): boolean {
  const stats = statSync(dir);
  if (!stats.isDirectory()) return false;
  if (typeof process.getuid !== 'function') return true;
  return stats.uid === process.getuid() && (stats.mode & 0o022) === 0;
}

/** `CRMC`, then the format's version, the number of runs, two unused bytes, the checksum, the length. */
const MAGIC = 0x434d5243;
const FORMAT = 1;
const HEADER_BYTES = 16;
/** A cache file larger than this is not read (the CLI's own are 1 to 2.5 MB). */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;

export interface CacheEntry {
  /** V8's code cache */
  data: Buffer;
  /** how many successful runs added their code to it */
  runs: number;
}

export function encodeCacheFile(entry: CacheEntry): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt32LE(MAGIC, 0);
  header.writeUInt8(FORMAT, 4);
  header.writeUInt8(Math.min(entry.runs, 255), 5);
  header.writeUInt32LE(crc32(entry.data), 8);
  header.writeUInt32LE(entry.data.length, 12);
  return Buffer.concat([header, entry.data]);
}

/** The entry a file holds, or undefined when it is not one whole, as written (damaged, cut, foreign). */
export function decodeCacheFile(file: Buffer): CacheEntry | undefined {
  if (file.length < HEADER_BYTES) return undefined;
  if (file.readUInt32LE(0) !== MAGIC || file.readUInt8(4) !== FORMAT) return undefined;
  const data = file.subarray(HEADER_BYTES);
  if (file.readUInt32LE(12) !== data.length || file.readUInt32LE(8) !== crc32(data)) return undefined;
  return { data, runs: file.readUInt8(5) };
}

export function readCache(base: string, key: string, name: string): CacheEntry | undefined {
  try {
    const dir = join(base, key);
    const file = join(dir, name);
    if (!isPrivate(base) || !isPrivate(dir) || statSync(file).size > MAX_CACHE_BYTES) return undefined;
    return decodeCacheFile(readFileSync(file));
  } catch {
    return undefined;
  }
}

/** Builds whose caches are kept: this one and the most recently written others (another install, Node). */
const KEPT_BUILDS = 4;

/** Removes the caches of all but the KEPT_BUILDS - 1 builds written to last, before adding one more. */
function dropOldBuilds(base: string): void {
  const builds: { path: string; written: number }[] = [];
  for (const entry of readdirSync(base)) {
    if (!BUILD_FOLDER.test(entry)) continue;
    try {
      builds.push({ path: join(base, entry), written: statSync(join(base, entry)).mtimeMs });
    } catch {
      // gone meanwhile
    }
  }
  builds.sort((a, b) => b.written - a.written);
  for (const old of builds.slice(KEPT_BUILDS - 1)) {
    try {
      rmSync(old.path, { recursive: true, force: true });
    } catch {
      // left for the next build to remove; it never stops this one's cache
    }
  }
}

export function writeCache(base: string, key: string, name: string, entry: CacheEntry): void {
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
    writeFileSync(temporary, encodeCacheFile(entry), { mode: 0o600 });
    renameSync(temporary, join(dir, name));
  } catch {
    // no cache this time, and no half-written file left behind (a full disk)
    rmSync(temporary, { force: true });
  }
}

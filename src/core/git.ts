/**
 * The few git plumbing commands crm-schema runs: reading a tree and its blobs at a ref (a drift baseline,
 * the shared record store) and adding files to a branch without touching the working tree or the index
 * (publishing apply records). Paths cross git only NUL-separated (`-z`), and blobs are read by object id,
 * so a tracked path holding a line feed or any other byte is read like any other. Every call is bounded
 * in time and in the bytes it returns.
 */
import { execFile, spawn } from 'node:child_process';

/** What one call may print (a tree listing, a blob batch). */
export const MAX_GIT_BYTES = 64 * 1024 * 1024;

const TIMEOUT_MS = 60_000;

export class GitError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message);
  }
}

export interface GitOptions {
  input?: string | Buffer;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

/** Runs `git -C cwd ...args`; its stdout, or a GitError with what git said. */
export function git(cwd: string, args: readonly string[], options: GitOptions = {}): Promise<string> {
  return new Promise((done, fail) => {
    const child = execFile(
      'git',
      ['-C', cwd, ...args],
      {
        maxBuffer: MAX_GIT_BYTES,
        encoding: 'utf8',
        timeout: options.timeoutMs ?? TIMEOUT_MS,
        windowsHide: true,
        ...(options.env === undefined ? {} : { env: options.env }),
      },
      (error, stdout, stderr) => {
        if (error)
          fail(new GitError(`git ${args[0] ?? ''} failed: ${firstLine(stderr) || error.message}`, stderr));
        else done(stdout);
      },
    );
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}

/** Runs git and answers undefined instead of failing (no git, no repository, no such ref). */
export async function gitOrUndefined(
  cwd: string,
  args: readonly string[],
  options: GitOptions = {},
): Promise<string | undefined> {
  try {
    return await git(cwd, args, options);
  } catch {
    return undefined;
  }
}

export interface TreeEntry {
  mode: string;
  type: string;
  oid: string;
  /** the blob's size in bytes (0 for what is not a blob) */
  size: number;
  /** from the repository's root (`--full-name`), any bytes but NUL */
  path: string;
}

/** Every entry under `paths` of the tree at `treeish`, recursively, with each blob's size. */
export async function listTree(
  cwd: string,
  treeish: string,
  paths: readonly string[] = [],
): Promise<TreeEntry[]> {
  const out = await git(cwd, ['ls-tree', '-r', '-z', '--long', '--full-name', treeish, '--', ...paths]);
  return out
    .split('\0')
    .filter((line) => line !== '')
    .flatMap((line) => {
      const tab = line.indexOf('\t');
      const [mode, type, oid, size] = line
        .slice(0, tab)
        .split(' ')
        .filter((word) => word !== '');
      if (mode === undefined || type === undefined || oid === undefined) return [];
      const bytes = Number(size);
      return [{ mode, type, oid, size: Number.isSafeInteger(bytes) ? bytes : 0, path: line.slice(tab + 1) }];
    });
}

/**
 * Entries grouped so that each group's blobs are at most `maxBytes` in all (an entry larger than that
 * alone is a group of its own): read a group at a time, a large tree never needs one large read.
 */
export function inGroups<T extends { size: number }>(entries: readonly T[], maxBytes: number): T[][] {
  const groups: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const entry of entries) {
    if (current.length > 0 && bytes + entry.size > maxBytes) {
      groups.push(current);
      current = [];
      bytes = 0;
    }
    current.push(entry);
    bytes += entry.size;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/**
 * The content of each blob, by object id, through one `git cat-file --batch`. More than `maxBytes` in all
 * is an error (`onTooLarge` makes it).
 */
export function readBlobs(
  cwd: string,
  oids: readonly string[],
  maxBytes: number,
  onTooLarge: () => Error,
): Promise<Map<string, Buffer>> {
  if (oids.length === 0) return Promise.resolve(new Map<string, Buffer>());
  return new Promise((done, fail) => {
    const child = spawn('git', ['-C', cwd, 'cat-file', '--batch'], {
      stdio: ['pipe', 'pipe', 'ignore'],
      windowsHide: true,
    });
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    const timer = setTimeout(() => {
      failed = true;
      child.kill();
      fail(new GitError('git cat-file took too long', ''));
    }, TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes + oids.length * 64) {
        if (!failed) fail(onTooLarge());
        failed = true;
        child.kill();
        return;
      }
      chunks.push(chunk);
    });
    child.on('error', (error) => {
      failed = true;
      fail(error);
    });
    // git may end before it read every id (no repository): the write's EPIPE is settled by 'close'
    child.stdin.on('error', () => undefined);
    child.on('close', () => {
      clearTimeout(timer);
      if (failed) return;
      const out = Buffer.concat(chunks);
      const blobs = new Map<string, Buffer>();
      let at = 0;
      for (const oid of oids) {
        const end = out.indexOf(0x0a, at);
        if (end < 0) break;
        const header = out.subarray(at, end).toString('utf8').split(' ');
        const length = Number(header[2]);
        if (header[1] !== 'blob' || !Number.isInteger(length)) {
          // `<oid> missing`: nothing follows the header
          at = end + 1;
          continue;
        }
        blobs.set(oid, out.subarray(end + 1, end + 1 + length));
        at = end + 1 + length + 1;
      }
      done(blobs);
    });
    // object ids are hexadecimal: one per line is safe
    child.stdin.end(oids.map((oid) => `${oid}\n`).join(''));
  });
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0] ?? '';
}

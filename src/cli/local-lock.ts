/**
 * One `--local` run at a time per state file. Two runs on one `.crm-schema/local.json` would each load
 * the state, change it and save it, and the later save would drop the earlier run's changes. So a run
 * first takes `<state file>.lock`, created exclusively (O_CREAT|O_EXCL) holding its pid, start time and
 * host, and gives it back on close and when the process exits. A second run waits for it (saying so on
 * one line), for a bounded time, then fails clearly. A lock whose process is gone (killed, crashed) is
 * taken over.
 */
import { readFileSync, unlinkSync } from 'node:fs';
import { mkdir, open, stat, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CrmSchemaError } from '../core/errors.js';
import { isFileRefusal, readRegularFile } from '../core/regular-file.js';
import { defined } from '../core/defined.js';

/** How long a run waits for another one before it gives up. */
export const LOCAL_LOCK_TIMEOUT_MS = 120_000;
/** A lock file still empty or unreadable after this long was left by a run that died while taking it. */
const HALF_WRITTEN_MS = 10_000;

export interface LockHolder {
  pid: number;
  /** when the holder's process started (ISO) */
  startedAt: string;
  host: string;
  /** Linux: the process start in clock ticks since boot (/proc/PID/stat), to tell a reused pid */
  procStart?: string;
}

export interface LockOptions {
  /** default LOCAL_LOCK_TIMEOUT_MS */
  timeoutMs?: number;
  /** time between two attempts; default 100 ms */
  pollMs?: number;
  /** called once, when the lock is found held by another live process */
  onWait?: (holder: LockHolder) => void;
  /** shown in errors instead of the lock's absolute path */
  display?: string;
}

export interface HeldLock {
  readonly file: string;
  /** gives the lock back (only if it is still ours); safe to call more than once */
  release(): Promise<void>;
}

/** Takes the lock at `file`, waiting while another live process holds it. */
export async function acquireLock(file: string, options: LockOptions = {}): Promise<HeldLock> {
  const timeoutMs = options.timeoutMs ?? LOCAL_LOCK_TIMEOUT_MS;
  const pollMs = options.pollMs ?? 100;
  const deadline = Date.now() + timeoutMs;
  const content = `${JSON.stringify(ownHolder())}\n`;
  let announced = false;
  await mkdir(dirname(file), { recursive: true }).catch((error: unknown) => {
    throw new CrmSchemaError(
      'LOCAL_LOCK_FAILED',
      `Cannot create the folder of the lock file ${file}: ${(error as Error).message}`,
      {
        hint: 'Check that .crm-schema in the current directory is a folder (or can be created) and is writable.',
      },
    );
  });
  let holder: LockHolder | undefined;
  for (;;) {
    if (await tryCreate(file, content)) return held(file, content);
    const seen = await readLock(file);
    // undefined: released meanwhile, try again at once
    if (seen !== undefined) {
      holder = parseHolder(seen.text);
      const stale = holder === undefined ? seen.ageMs > HALF_WRITTEN_MS : !isAlive(holder);
      if (stale) {
        await takeOver(file, seen.text);
      } else {
        if (!announced && holder !== undefined) {
          announced = true;
          options.onWait?.(holder);
        }
        await sleep(pollMs);
      }
    }
    if (Date.now() >= deadline) throw busy(options.display ?? file, holder, timeoutMs);
  }
}

async function tryCreate(file: string, content: string): Promise<boolean> {
  const failed = (error: unknown) =>
    new CrmSchemaError(
      'LOCAL_LOCK_FAILED',
      `Cannot create the lock file ${file}: ${(error as Error).message}`,
      {
        hint: 'Check that the folder .crm-schema/ of the current directory is writable.',
        cause: error,
      },
    );
  let handle;
  try {
    handle = await open(file, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw failed(error);
  }
  try {
    await handle.writeFile(content, 'utf8');
  } catch (error) {
    // a lock that says nothing would make the others wait for nobody
    await handle.close().catch(() => undefined);
    await unlink(file).catch(() => undefined);
    throw failed(error);
  }
  await handle.close();
  return true;
}

function held(file: string, content: string): HeldLock {
  let released = false;
  // the process may end without close (an error, a signal handler calling exit): the lock goes with it
  const onExit = () => {
    try {
      if (readFileSync(file, 'utf8') === content) unlinkSync(file);
    } catch {
      // already gone
    }
  };
  process.on('exit', onExit);
  return {
    file,
    release: async () => {
      if (released) return;
      released = true;
      process.off('exit', onExit);
      const seen = await readLock(file);
      if (seen?.text === content) await unlink(file).catch(() => undefined);
    },
  };
}

/** The lock's text and age; undefined when there is no lock file any more. */
async function readLock(file: string): Promise<{ text: string; ageMs: number } | undefined> {
  try {
    const [bytes, info] = await Promise.all([readRegularFile(file, { maxBytes: 4096 }), stat(file)]);
    return { text: bytes.toString('utf8'), ageMs: Date.now() - info.mtimeMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if (isFileRefusal(error)) {
      throw new CrmSchemaError(
        'LOCAL_LOCK_FAILED',
        `The lock file ${file} is ${error.kind}, not a regular file; it was not read.`,
        { hint: `Remove ${file}; crm-schema creates it while a --local run works.` },
      );
    }
    throw error;
  }
}

/**
 * Removes a dead run's lock. Two waiting runs may both find it dead: a second, short-lived lock makes
 * only one of them remove it, and only while it still holds what was found dead (never a new run's lock).
 */
async function takeOver(file: string, deadText: string): Promise<void> {
  const guard = `${file}.takeover`;
  if (!(await tryCreate(guard, `${process.pid}\n`))) {
    const info = await stat(guard).catch(() => undefined);
    // a takeover lasts milliseconds: an old guard was left by a run that died in the middle of one
    if (info !== undefined && Date.now() - info.mtimeMs > HALF_WRITTEN_MS)
      await unlink(guard).catch(() => undefined);
    await sleep(20);
    return;
  }
  try {
    const seen = await readLock(file);
    if (seen?.text === deadText) await unlink(file).catch(() => undefined);
  } finally {
    await unlink(guard).catch(() => undefined);
  }
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockHolder> | null;
    if (
      value === null ||
      typeof value !== 'object' ||
      typeof value.pid !== 'number' ||
      !Number.isInteger(value.pid) ||
      value.pid <= 0 ||
      typeof value.host !== 'string' ||
      typeof value.startedAt !== 'string'
    )
      return undefined;
    return {
      pid: value.pid,
      startedAt: value.startedAt,
      host: value.host,
      ...(typeof value.procStart === 'string' ? { procStart: value.procStart } : {}),
    };
  } catch {
    return undefined;
  }
}

function ownHolder(): LockHolder {
  const procStart = processStart(process.pid);
  return {
    pid: process.pid,
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    host: hostname(),
    ...defined({ procStart }),
  };
}

/** Whether the holder's process still runs (a process of another host is taken to run). */
export function isAlive(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return true;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  // the pid may have been given to a new process since
  const start = processStart(holder.pid);
  return start === undefined || holder.procStart === undefined || start === holder.procStart;
}

/** Linux: field 22 of /proc/PID/stat (start time in clock ticks since boot); undefined elsewhere. */
function processStart(pid: number): string | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name (field 2) is in parentheses and may hold spaces: count from after it
    return text.slice(text.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function busy(file: string, holder: LockHolder | undefined, timeoutMs: number): CrmSchemaError {
  const who =
    holder === undefined
      ? 'another crm-schema --local run'
      : `another crm-schema --local run (pid ${holder.pid})`;
  return new CrmSchemaError(
    'LOCAL_BUSY',
    `${who[0]?.toUpperCase() ?? ''}${who.slice(1)} still holds ${file} after ${Math.ceil(timeoutMs / 1000)} s; this run did nothing.`,
    {
      hint: `Wait for the other run to finish and run the command again. If no such run is left (e.g. a crash on another machine sharing this folder), delete ${file}.`,
      meta: { file, ...(holder === undefined ? {} : { pid: holder.pid, host: holder.host }) },
    },
  );
}

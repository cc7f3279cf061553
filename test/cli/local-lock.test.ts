/**
 * The lock of `--local` (.crm-schema/local.json.lock): created exclusively, holding pid, start time and
 * host; a second taker waits (told once), for a bounded time, then fails clearly; a lock whose process is
 * gone is taken over; release and process exit remove only the taker's own lock.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireLock, type LockHolder } from '../../src/cli/local-lock.js';
import { ROOT } from '../helpers/cli.js';

const FAST = { pollMs: 10 };

/** A pid no process has any more: a child that already ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(child.stdout);
}

describe('the --local lock', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'crm-schema-lock-'));
    file = join(dir, '.crm-schema', 'local.json.lock');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is a new file holding pid, start time and host, removed on release', async () => {
    const lock = await acquireLock(file);
    const holder = JSON.parse(await readFile(file, 'utf8')) as LockHolder;
    expect(holder).toMatchObject({ pid: process.pid, host: hostname() });
    expect(Date.parse(holder.startedAt)).toBeLessThanOrEqual(Date.now());
    await lock.release();
    expect(existsSync(file)).toBe(false);
    await lock.release(); // twice is fine
  });

  it('makes a second taker wait, saying so once, then fail clearly after the time limit', async () => {
    const first = await acquireLock(file);
    const waits: LockHolder[] = [];
    const started = Date.now();
    const error = await acquireLock(file, {
      ...FAST,
      timeoutMs: 300,
      display: '.crm-schema/local.json.lock',
      onWait: (h) => waits.push(h),
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(waits.map((h) => h.pid)).toEqual([process.pid]);
    expect(error).toMatchObject({
      code: 'LOCAL_BUSY',
      message: `Another crm-schema --local run (pid ${process.pid}) still holds .crm-schema/local.json.lock after 1 s; this run did nothing.`,
    });
    expect((error as { hint: string }).hint).toMatch(/Wait for the other run to finish/);
    // the first run's lock is untouched
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ pid: process.pid });
    await first.release();
  });

  it('lets the waiting taker in as soon as the holder releases', async () => {
    const first = await acquireLock(file);
    let waited = 0;
    const second = acquireLock(file, { ...FAST, onWait: () => waited++ });
    await sleep(100);
    await first.release();
    const lock = await second;
    expect(waited).toBe(1);
    expect(existsSync(file)).toBe(true);
    await lock.release();
  });

  it('keeps takers apart: five at once each hold it alone', async () => {
    const events: string[] = [];
    await Promise.all(
      [1, 2, 3, 4, 5].map(async (n) => {
        const lock = await acquireLock(file, FAST);
        events.push(`in ${n}`);
        await sleep(15);
        events.push(`out ${n}`);
        await lock.release();
      }),
    );
    for (let i = 0; i < events.length; i += 2) {
      expect(events[i]!.replace('in', 'out')).toBe(events[i + 1]);
    }
  });

  it('takes over the lock of a process that is gone, without waiting', async () => {
    const dead = { pid: deadPid(), startedAt: new Date().toISOString(), host: hostname() };
    await acquireLock(file).then((l) => l.release()); // creates the folder
    await writeFile(file, JSON.stringify(dead));
    let waited = 0;
    const lock = await acquireLock(file, { ...FAST, timeoutMs: 2000, onWait: () => waited++ });
    expect(waited).toBe(0);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ pid: process.pid });
    await lock.release();
  });

  it.skipIf(process.platform !== 'linux')(
    'takes over a lock whose pid now belongs to another process (the start time differs)',
    async () => {
      const first = await acquireLock(file);
      const holder = JSON.parse(await readFile(file, 'utf8')) as LockHolder;
      expect(holder.procStart).toMatch(/^\d+$/);
      await writeFile(file, JSON.stringify({ ...holder, procStart: '1' }));
      const lock = await acquireLock(file, { ...FAST, timeoutMs: 2000 });
      await lock.release();
      await first.release(); // not its lock any more: nothing to remove
    },
  );

  it('waits for a lock still being written, and takes over one left half-written long ago', async () => {
    await acquireLock(file).then((l) => l.release());
    await writeFile(file, '');
    await expect(acquireLock(file, { ...FAST, timeoutMs: 150 })).rejects.toMatchObject({
      code: 'LOCAL_BUSY',
      message: expect.stringMatching(/^Another crm-schema --local run still holds /),
    });
    const old = new Date(Date.now() - 60_000);
    await utimes(file, old, old);
    const lock = await acquireLock(file, { ...FAST, timeoutMs: 2000 });
    await lock.release();
  });

  it('waits for a run of another host (it cannot tell whether that one still runs)', async () => {
    await acquireLock(file).then((l) => l.release());
    const other = { pid: deadPid(), startedAt: new Date().toISOString(), host: `not-${hostname()}` };
    await writeFile(file, JSON.stringify(other));
    await expect(acquireLock(file, { ...FAST, timeoutMs: 100 })).rejects.toMatchObject({
      code: 'LOCAL_BUSY',
      meta: { pid: other.pid, host: other.host },
    });
  });

  it('releases only its own lock', async () => {
    const lock = await acquireLock(file);
    await writeFile(file, JSON.stringify({ pid: 1, startedAt: 'x', host: 'elsewhere' }));
    await lock.release();
    expect(existsSync(file)).toBe(true);
  });

  it('is removed when the process exits without releasing it', () => {
    const url = pathToFileURL(join(ROOT, 'dist', 'cli', 'local-lock.js')).href;
    const script = `const { acquireLock } = await import(${JSON.stringify(url)});
await acquireLock(${JSON.stringify(file)});
process.stdout.write('held');
process.exit(3);`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(child.stdout).toBe('held');
    expect(child.status).toBe(3);
    expect(existsSync(file)).toBe(false);
  });

  it.skipIf(process.platform === 'win32')(
    'refuses a FIFO in place of the lock file',
    { timeout: 5000 },
    async () => {
      await acquireLock(file).then((l) => l.release());
      execFileSync('mkfifo', [file]);
      await expect(acquireLock(file, FAST)).rejects.toMatchObject({
        code: 'LOCAL_LOCK_FAILED',
        message: `The lock file ${file} is a FIFO (named pipe), not a regular file; it was not read.`,
      });
    },
  );
});

/**
 * Files and processes under hostile conditions, through the real binary:
 *
 * - 2,000 manifest files read under `ulimit -n 256` (a bounded number of open files, never EMFILE);
 * - special files (a FIFO, /dev/zero) in every place a file is read: a manifest, the project file, a
 *   plan file, the emulator's seed file and data file, `.crm-schema/local.json`: a clear error naming the
 *   file, exit 1, at once (reading a FIFO would block forever);
 * - two `apply --local --yes` runs at once in one folder, each adding its own properties: the second waits
 *   for the first (one line says so) and nothing is lost: `plan --local` shows both applied (the plans
 *   around the race run the CLI's main in this process; only the racing runs need processes).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireLock } from '../../src/cli/local-lock.js';
import { readStateFile } from '../../src/emulator/persistence.js';
import { BIN, runCli } from '../helpers/cli.js';
import { finished, runBin, spawnBin, STACK_LINE, type BinRun } from './cli.js';

const MANIFEST = (n: number) =>
  `kind: Properties\nobjectType: tickets\ngroups:\n  - name: group_${n}\n    label: Group ${n}\n`;

function properties(prefix: string, count: number): string {
  const entries = Array.from(
    { length: count },
    (_, i) =>
      `  - name: ${prefix}_${i}\n    label: ${prefix} ${i}\n    type: string\n    fieldType: text\n    groupName: ${prefix}_group\n`,
  );
  return `kind: Properties\nobjectType: tickets\ngroups:\n  - name: ${prefix}_group\n    label: ${prefix}\nproperties:\n${entries.join('')}`;
}

/** A run of the binary that must end by itself within `ms` (a blocked read would not). */
async function runWithin(args: string[], cwd: string, ms = 20_000): Promise<BinRun> {
  const child = spawnBin(args, { cwd });
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  try {
    const run = await finished(child);
    expect(run.signal, `${args.join(' ')} did not end by itself`).toBeNull();
    return run;
  } finally {
    clearTimeout(timer);
  }
}

function expectClearError(run: BinRun, ...words: string[]): void {
  const output = `${run.stdout}\n${run.stderr}`;
  expect(run.code, output).toBe(1);
  expect(output).not.toMatch(STACK_LINE);
  for (const word of words) expect(output).toContain(word);
}

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'crm-schema-hostile-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe.skipIf(process.platform === 'win32')('thousands of manifests, few open files', () => {
  it('validates 2,000 manifest files under ulimit -n 256', { timeout: 60_000 }, async () => {
    const dir = join(root, 'many');
    await mkdir(join(dir, 'schema'), { recursive: true });
    await writeFile(join(dir, 'crm-schema.yaml'), "manifests: ['schema/**/*.yaml']\n");
    for (let n = 0; n < 2000; n++) {
      if (n % 100 === 0) await mkdir(join(dir, 'schema', `part${n / 100}`));
      await writeFile(join(dir, 'schema', `part${Math.floor(n / 100)}`, `m${n}.yaml`), MANIFEST(n));
    }
    const child = spawn('bash', ['-c', 'ulimit -n 256 && exec "$0" "$1" validate', process.execPath, BIN], {
      cwd: dir,
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const run = await finished(child);
    expect(run.stderr).not.toContain('EMFILE');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('No problems in 2001 files.');
  });
});

describe.skipIf(process.platform === 'win32')('special files are refused, never read', () => {
  let dir: string;
  beforeAll(async () => {
    dir = join(root, 'special');
    await mkdir(join(dir, 'schema'), { recursive: true });
    await writeFile(join(dir, 'crm-schema.yaml'), "manifests: ['schema/*.yaml']\n");
    await writeFile(join(dir, 'schema', 'tickets.yaml'), MANIFEST(1));
    for (const fifo of ['fifo.yaml', 'plan-fifo.json', 'seed-fifo.yaml', 'data-fifo.json'])
      execFileSync('mkfifo', [join(dir, fifo)]);
  });

  it('a FIFO manifest: located error, exit 1', async () => {
    const project = join(root, 'fifo-manifest');
    await mkdir(join(project, 'schema'), { recursive: true });
    await writeFile(join(project, 'crm-schema.yaml'), "manifests: ['schema/*.yaml']\n");
    await writeFile(join(project, 'schema', 'tickets.yaml'), MANIFEST(1));
    execFileSync('mkfifo', [join(project, 'schema', 'pipe.yaml')]);
    const run = await runWithin(['plan', '--local'], project);
    expectClearError(
      run,
      'schema/pipe.yaml  error  FILE_UNREADABLE  not a regular file: it is a FIFO (named pipe); refused without reading it',
    );
  });

  it('a FIFO as the project file', async () => {
    const run = await runWithin(['validate', '--config', 'fifo.yaml'], dir);
    expectClearError(run, 'fifo.yaml  error  FILE_UNREADABLE  not a regular file: it is a FIFO (named pipe)');
  });

  it.each([
    ['a FIFO', 'plan-fifo.json', 'is a FIFO (named pipe), not a regular file'],
    ['/dev/zero', '/dev/zero', 'is a character device, not a regular file'],
  ])('%s as the plan file of apply', async (_, file, words) => {
    const run = await runWithin(['apply', file, '--local'], dir);
    expectClearError(run, `Error: The plan file ${file} ${words}; it was not read.`);
  });

  it.each([
    ['a FIFO', 'seed-fifo.yaml', 'it is a FIFO (named pipe)'],
    ['/dev/zero', '/dev/zero', 'it is a character device'],
  ])('%s as the seed file of the emulator', async (_, file, words) => {
    const run = await runWithin(['emulator', '--seed-file', file], dir);
    expectClearError(run, `Error: Cannot read the seed file ${file}: not a regular file: ${words}`);
  });

  it.each([
    ['a FIFO', 'data-fifo.json', 'is a FIFO (named pipe)'],
    ['/dev/zero', '/dev/zero', 'is a character device'],
  ])('%s as the data file of the emulator', async (_, file, words) => {
    const run = await runWithin(['emulator', '--data', file], dir);
    expectClearError(run, `Error: The emulator data file `, `${words}, not a regular file; it was not read.`);
  });

  it('a FIFO as .crm-schema/local.json', async () => {
    const project = join(root, 'fifo-local');
    await mkdir(join(project, 'schema'), { recursive: true });
    await mkdir(join(project, '.crm-schema'));
    await writeFile(join(project, 'crm-schema.yaml'), "manifests: ['schema/*.yaml']\n");
    await writeFile(join(project, 'schema', 'tickets.yaml'), MANIFEST(1));
    execFileSync('mkfifo', [join(project, '.crm-schema', 'local.json')]);
    const run = await runWithin(['plan', '--local'], project);
    expectClearError(run, 'local.json is a FIFO (named pipe), not a regular file; it was not read.');
  });
});

describe('--local runs take turns', () => {
  it(
    'two apply --local --yes at once in one folder: the second waits, and no update is lost',
    { timeout: 90_000 },
    async () => {
      const dir = join(root, 'turns');
      await mkdir(join(dir, 'first'), { recursive: true });
      await mkdir(join(dir, 'second'), { recursive: true });
      await writeFile(join(dir, 'first.yaml'), "manifests: ['first/*.yaml']\n");
      await writeFile(join(dir, 'second.yaml'), "manifests: ['second/*.yaml']\n");
      await writeFile(join(dir, 'first', 'tickets.yaml'), properties('first', 40));
      await writeFile(join(dir, 'second', 'tickets.yaml'), properties('second', 40));
      // an account both start from
      expect((await runCli(['plan', '--local', '--config', 'first.yaml'], { cwd: dir })).code).toBe(0);

      // this test holds the lock while both start, so both must wait, then take turns
      const held = await acquireLock(join(dir, '.crm-schema', 'local.json.lock'));
      const runs = ['first.yaml', 'second.yaml'].map((config) =>
        spawnBin(['apply', '--local', '--yes', '--config', config], { cwd: dir }),
      );
      const waiting = runs.map(
        (child) =>
          new Promise<void>((resolve) => {
            let text = '';
            child.stderr!.on('data', (chunk: Buffer) => {
              text += chunk.toString('utf8');
              if (text.includes('waiting for another crm-schema --local run')) resolve();
            });
          }),
      );
      const results = runs.map((child) => finished(child));
      await Promise.all(waiting);
      await held.release();
      const [first, second] = await Promise.all(results);

      for (const run of [first, second]) {
        expect(run!.code, run!.stderr).toBe(0);
        expect(run!.stdout).toContain('Apply: 41 applied');
        // one line, naming the holder
        expect(run!.stderr.match(/waiting for another/g)).toHaveLength(1);
        expect(run!.stderr).toContain(
          `waiting for another crm-schema --local run (pid ${process.pid}) to finish`,
        );
      }
      for (const config of ['first.yaml', 'second.yaml']) {
        const plan = await runCli(['plan', '--local', '--config', config], { cwd: dir });
        expect(plan.stdout).toContain('No changes. The live account matches the manifests.');
      }
      const state = (await readStateFile(join(dir, '.crm-schema', 'local.json')))!;
      const names = Object.keys(state.objectTypes['0-5']!.properties);
      expect(names.filter((n) => n.startsWith('first_'))).toHaveLength(40);
      expect(names.filter((n) => n.startsWith('second_'))).toHaveLength(40);
    },
  );

  it(
    'two apply --local --yes started together without help both apply everything',
    { timeout: 90_000 },
    async () => {
      const dir = join(root, 'race');
      await mkdir(join(dir, 'a'), { recursive: true });
      await mkdir(join(dir, 'b'), { recursive: true });
      await writeFile(join(dir, 'a.yaml'), "manifests: ['a/*.yaml']\n");
      await writeFile(join(dir, 'b.yaml'), "manifests: ['b/*.yaml']\n");
      await writeFile(join(dir, 'a', 'tickets.yaml'), properties('alpha', 30));
      await writeFile(join(dir, 'b', 'tickets.yaml'), properties('beta', 30));
      const runs = await Promise.all(
        ['a.yaml', 'b.yaml'].map((config) =>
          runBin(['apply', '--local', '--yes', '--config', config], { cwd: dir }),
        ),
      );
      for (const run of runs) expect(run.code, run.stderr).toBe(0);
      for (const config of ['a.yaml', 'b.yaml']) {
        const plan = await runCli(['plan', '--local', '--config', config], { cwd: dir });
        expect(plan.code, plan.stderr).toBe(0);
        expect(plan.stdout).toContain('No changes. The live account matches the manifests.');
      }
    },
  );

  it('takes over the lock of a run that is gone (killed, crashed)', { timeout: 30_000 }, async () => {
    const dir = join(root, 'stale');
    await mkdir(join(dir, 'schema'), { recursive: true });
    await mkdir(join(dir, '.crm-schema'));
    await writeFile(join(dir, 'crm-schema.yaml'), "manifests: ['schema/*.yaml']\n");
    await writeFile(join(dir, 'schema', 'tickets.yaml'), MANIFEST(1));
    // a pid no process has: the highest possible pid is far below this
    const dead = { pid: 2 ** 22 + 12345, startedAt: new Date().toISOString(), host: hostname() };
    await writeFile(join(dir, '.crm-schema', 'local.json.lock'), JSON.stringify(dead));
    const run = await runBin(['plan', '--local'], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('waiting');
  });
});

/**
 * The fuzz suite's harness: the CLI's own `main` in a child process with a capped heap (test/fuzz/child.ts;
 * one child for many runs, fast enough for many cases), in a project folder inside a sandbox folder whose
 * other contents must never change, with only the variables a case gives; and the checks every run must
 * pass whatever it was given. Each case (the project's files, the command line, the variables) is written
 * to a file before it runs: a case that kills the child (out of memory, a fatal error) fails the test with
 * that file's path and the child's last words, so it can be replayed.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { Outcome } from '../helpers/in-process.js';

/** The child's heap cap, MB: a case that needs more is a finding, named by its case file. */
export const HEAP_CAP_MB = 384;
export const TOKEN = 'fuzz-secret-token-4f9a7c2e1b';

/**
 * A fuzz test's time bound: `msPerRun` for each of its `runs` (generous: a loaded machine runs slower),
 * never less than 30 s, so that `FUZZ_RUNS=1000` searches longer rather than timing out.
 */
export function timeFor(runs: number, msPerRun: number): number {
  return Math.max(30_000, runs * msPerRun);
}

/** C0 (but tab and line feed), DEL, C1, zero-width and bidirectional formatting characters. */
const RAW_CONTROL =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200B-\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;
/**
 * A stack frame, as Node prints them: `at fn (/abs/file.js:1:2)`, `at file:///...:1:2`, `at node:...`
 * (a plan's own `at schema/a.yaml:4:5` locations are relative to the project).
 */
const STACK_FRAME = /\n\s+at (?:[^\n(]+ \()?(?:file:\/\/|node:|\/)[^\n]*:\d+:\d+\)?\n/;

export interface Sandbox {
  /** the project folder: the only place a run may write */
  project: string;
  write(files: Record<string, string>): Promise<void>;
  /** what is outside the project folder, to compare before and after a run */
  outside(): Promise<string[]>;
  close(): Promise<void>;
}

export async function sandbox(): Promise<Sandbox> {
  const outer = await mkdtemp(join(tmpdir(), 'crm-schema-fuzz-'));
  const project = join(outer, 'project');
  await mkdir(project);
  await writeFile(join(outer, 'sentinel.txt'), 'must not change\n');
  return {
    project,
    async write(files) {
      await rm(project, { recursive: true, force: true });
      await mkdir(project);
      for (const [path, content] of Object.entries(files)) {
        await mkdir(dirname(join(project, path)), { recursive: true });
        await writeFile(join(project, path), content);
      }
    },
    async outside() {
      const entries = await readdir(outer, { recursive: true });
      const listed: string[] = [];
      for (const entry of entries.sort()) {
        if (entry === 'project' || entry.startsWith(`project/`)) continue;
        const info = await stat(join(outer, entry));
        listed.push(`${entry} ${info.size} ${info.mtimeMs}`);
      }
      return listed;
    },
    close: () => rm(outer, { recursive: true, force: true }),
  };
}

interface Answer {
  id?: number;
  ready?: boolean;
  outcome?: Outcome;
  failed?: string;
  rss?: number;
}

let child: { process: ChildProcess; ready: Promise<void>; stderr: string } | undefined;
let next = 0;
/** the largest resident memory the child reported after a case, bytes */
let peakRss = 0;

function startChild(): NonNullable<typeof child> {
  const started = fork(fileURLToPath(new URL('child.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx', `--max-old-space-size=${HEAP_CAP_MB}`],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  const state = {
    process: started,
    stderr: '',
    ready: new Promise<void>((resolve) => {
      const onReady = (answer: Answer) => {
        if (answer.ready !== true) return;
        started.off('message', onReady);
        resolve();
      };
      started.on('message', onReady);
    }),
  };
  // the last 4 KB of what it printed: its last words, if it dies
  started.stderr?.on(
    'data',
    (chunk: Buffer) => (state.stderr = (state.stderr + chunk.toString()).slice(-4096)),
  );
  started.on('exit', () => {
    if (child === state) child = undefined;
  });
  return state;
}

/** Where each case is written before it runs: it outlives the sandbox, for a replay. */
const CASES = join(tmpdir(), 'crm-schema-fuzz-cases');

async function writeCase(argv: string[], cwd: string, env: Record<string, string>): Promise<string> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(cwd, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[path.slice(cwd.length + 1)] = await readFile(path, 'utf8');
  }
  await mkdir(CASES, { recursive: true });
  const file = join(CASES, `case-${process.pid}.json`);
  await writeFile(file, `${JSON.stringify({ argv, env: Object.keys(env), files }, null, 2)}\n`);
  return file;
}

const CRM_VARIABLES = ['CRM_ACCESS_TOKEN', 'CRM_BASE_URL', 'CRM_TIMEOUT', 'GITHUB_STEP_SUMMARY', 'NO_COLOR'];

/**
 * `crm-schema <argv>` in `cwd`, in the fuzz child, with exactly the crm-schema variables given. The case
 * is written first; a child that dies on it fails the run with the case's file.
 */
export async function run(argv: string[], cwd: string, env: Record<string, string> = {}): Promise<Outcome> {
  const removed = Object.fromEntries(CRM_VARIABLES.map((name) => [name, undefined]));
  const caseFile = await writeCase(argv, cwd, env);
  child ??= startChild();
  const current = child;
  await current.ready;
  const id = ++next;
  return new Promise<Outcome>((resolve, reject) => {
    const onMessage = (answer: Answer) => {
      if (answer.id !== id) return;
      current.process.off('message', onMessage);
      current.process.off('exit', onExit);
      if (answer.outcome === undefined) {
        reject(new Error(`the CLI threw in the fuzz child on the case in ${caseFile}:\n${answer.failed}`));
        return;
      }
      peakRss = Math.max(peakRss, answer.rss ?? 0);
      resolve(answer.outcome);
    };
    const onExit = (code: number | null, signal: string | null) => {
      current.process.off('message', onMessage);
      reject(
        new Error(
          `the fuzz child died (exit ${code}, signal ${signal}) on the case in ${caseFile}; ` +
            `its last words:\n${current.stderr}`,
        ),
      );
    };
    current.process.on('message', onMessage);
    current.process.on('exit', onExit);
    current.process.send({ id, argv, cwd, env: { ...removed, NO_COLOR: '1', ...env } });
  });
}

/** Ends the fuzz child (after a file's cases) and gives the largest memory it reported, MB. */
export async function stopChild(): Promise<number> {
  const running = child;
  child = undefined;
  if (running !== undefined && running.process.exitCode === null) {
    const exited = new Promise((resolve) => running.process.once('exit', resolve));
    running.process.kill();
    await exited;
  }
  return Math.round(peakRss / 2 ** 20);
}

/** What every run must be, whatever it was given. */
export function expectSafe(outcome: Outcome, what: string): void {
  const output = `${outcome.stdout}\n${outcome.stderr}`;
  expect([0, 1, 2], `${what}: exit code\n${output}`).toContain(outcome.code);
  expect(output, `${what}: a stack trace`).not.toMatch(STACK_FRAME);
  expect(output, `${what}: a bug`).not.toContain('this is a bug');
  expect(RAW_CONTROL.exec(output)?.[0], `${what}: a raw control character in the output`).toBeUndefined();
  expect(output.includes(TOKEN), `${what}: the token in the output`).toBe(false);
}

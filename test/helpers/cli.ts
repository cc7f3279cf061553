/**
 * The built CLI (dist/ is built by test/global-setup.ts) as users run it: never a terminal (so no colour),
 * with only the crm-schema variables a test passes, never those of the shell that runs the tests.
 *
 * `runCli` runs the CLI's own `main` in this process (test/helpers/in-process.ts: the same code as the
 * binary, without a process start per run); given stdin, it runs the real binary, whose stdin that is.
 * `runBinary` and `spawnCli` always run the real binary (`node bin/run.js`): for what only a process has
 * (its exit, signals, kills, stdin, limits, two runs at once) and one smoke test per command.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runMain } from './in-process.js';

export const ROOT = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
export const BIN = join(ROOT, 'bin', 'run.js');

/** Variables of the test's own environment that would change what the binary does. */
const CRM_VARIABLES = ['CRM_ACCESS_TOKEN', 'CRM_BASE_URL', 'CRM_TOKEN_STAGING', 'GITHUB_STEP_SUMMARY'];

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** default: the repository root */
  cwd?: string;
  /** added last, over the cleaned environment */
  env?: NodeJS.ProcessEnv;
  /** written to stdin, which is then closed; `null`: no stdin at all (either: the real binary) */
  stdin?: string | null;
}

/** The cleaned environment, then the run's own variables over it (`undefined`: not set). */
function runEnv(options: RunOptions): NodeJS.ProcessEnv {
  const removed = Object.fromEntries(CRM_VARIABLES.map((name) => [name, undefined]));
  return { ...removed, NO_COLOR: '1', FORCE_COLOR: '', ...options.env };
}

export function spawnCli(args: readonly string[], options: RunOptions = {}): ChildProcess {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, ...runEnv(options) },
    stdio: [options.stdin === null ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (options.stdin !== null) child.stdin!.end(options.stdin ?? '');
  return child;
}

/** Waits for the end of a spawned run and collects its output (and the signal that ended it, if any). */
export function finished(child: ChildProcess): Promise<Run & { signal: NodeJS.Signals | null }> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      resolve({ code: code ?? 1, signal, stdout, stderr });
    });
  });
}

/** `node bin/run.js <args>` in a child process. */
export async function runBinary(args: readonly string[], options: RunOptions = {}): Promise<Run> {
  const { code, stdout, stderr } = await finished(spawnCli(args, options));
  return { code, stdout, stderr };
}

/** `crm-schema <args>` in this process, with `output`: stdout and stderr as written, in order, as a terminal shows them. */
export async function runCliShown(
  args: readonly string[],
  options: RunOptions = {},
): Promise<Run & { output: string }> {
  let output = '';
  const run = await runMain(args, {
    cwd: options.cwd ?? ROOT,
    env: runEnv(options),
    onWrite: (text) => (output += text),
  });
  return { ...run, output };
}

/** `crm-schema <args>` in this process; with `stdin` given, the real binary. */
export function runCli(args: readonly string[], options: RunOptions = {}): Promise<Run> {
  if (options.stdin !== undefined) return runBinary(args, options);
  return runMain(args, { cwd: options.cwd ?? ROOT, env: runEnv(options) });
}

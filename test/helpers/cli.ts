/**
 * The built binary (dist/ is built by test/global-setup.ts) in a child process, as users run it: never a
 * terminal (so no colour), with only the crm-schema variables a test passes, never those of the shell that
 * runs the tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
  /** written to stdin, which is then closed; `null`: no stdin at all */
  stdin?: string | null;
}

export function spawnCli(args: readonly string[], options: RunOptions = {}): ChildProcess {
  const base = { ...process.env };
  for (const name of CRM_VARIABLES) delete base[name];
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? ROOT,
    env: { ...base, NO_COLOR: '1', FORCE_COLOR: '', ...options.env },
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
    child.on('close', (code, signal) => resolve({ code: code ?? 1, signal, stdout, stderr }));
  });
}

export async function runCli(args: readonly string[], options: RunOptions = {}): Promise<Run> {
  const { code, stdout, stderr } = await finished(spawnCli(args, options));
  return { code, stdout, stderr };
}

/**
 * The built binary (dist/ is built by test/global-setup.ts) in a child process: stdin closed (never a
 * terminal), no colour, the token only in the environment.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { BIN } from '../bench/cli-process.js';

export interface BinRun {
  code: number;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface BinOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
}

export function spawnBin(args: readonly string[], options: BinOptions): ChildProcess {
  return spawn(process.execPath, [BIN, ...args], {
    cwd: options.cwd,
    env: {
      ...process.env,
      NO_COLOR: '1',
      FORCE_COLOR: '',
      CRM_BASE_URL: '',
      GITHUB_STEP_SUMMARY: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Waits for the end of a spawned run and collects its output. */
export function finished(child: ChildProcess): Promise<BinRun> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? 1, signal, stdout, stderr }));
  });
}

export function runBin(args: readonly string[], options: BinOptions): Promise<BinRun> {
  return finished(spawnBin(args, options));
}

/** A stack trace line (`    at fn (file:1:2)`): never in what users see. */
export const STACK_LINE = /^\s+at .+/m;

/** A small deterministic generator (mulberry32), for kill points and corpus variations. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

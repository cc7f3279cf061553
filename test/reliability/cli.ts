/**
 * The reliability tests' view of the binary (test/helpers/cli.ts): no stdin at all (never a terminal), the
 * signal that ended a run kept, the token only in the environment.
 */
import type { ChildProcess } from 'node:child_process';
import { finished, spawnCli, type Run } from '../helpers/cli.js';

export { finished };
export { seeded } from '../helpers/seeded.js';

export interface BinRun extends Run {
  signal: NodeJS.Signals | null;
}

export interface BinOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
}

export function spawnBin(args: readonly string[], options: BinOptions): ChildProcess {
  return spawnCli(args, { ...options, stdin: null });
}

export function runBin(args: readonly string[], options: BinOptions): Promise<BinRun> {
  return finished(spawnBin(args, options));
}

/** A stack trace line (`    at fn (file:1:2)`): never in what users see. */
export const STACK_LINE = /^\s+at .+/m;

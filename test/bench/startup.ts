/**
 * Start-up case of `npm run bench`: `node bin/run.js --version` spawned N times (after one warm-up run,
 * so the file cache is warm as it is for a user's second command); the median wall time, and `node -e 0`
 * the same way for the share that is Node's own start.
 */
import { spawn } from 'node:child_process';
import { BIN, ROOT, median } from './cli-process.js';
import type { CaseResult } from './report.js';

export const STARTUP_TARGET_MS = 300;

function timeOnce(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(performance.now() - started);
      else reject(new Error(`${args.join(' ')} exited ${code}`));
    });
  });
}

async function medianOf(args: string[], runs: number): Promise<number> {
  await timeOnce(args);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await timeOnce(args));
  return Math.round(median(times));
}

export async function benchStartup(runs = Number(process.env.BENCH_STARTUP_RUNS ?? 15)): Promise<CaseResult> {
  const versionMs = await medianOf([BIN, '--version'], runs);
  const nodeMs = await medianOf(['-e', '0'], runs);
  return {
    figures: { runs, versionMedianMs: versionMs, nodeAloneMedianMs: nodeMs },
    targets: [
      { metric: 'versionMedianMs', target: `< ${STARTUP_TARGET_MS} ms`, met: versionMs < STARTUP_TARGET_MS },
    ],
    commands: { versionMedianMs: 'node bin/run.js --version', nodeAloneMedianMs: 'node -e 0' },
  };
}

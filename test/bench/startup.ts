/**
 * Start-up case of `npm run bench`: the fixed cost of a command. Each command is spawned N times (after
 * one warm-up run, so the file cache is warm as it is for a user's second command) and its median wall
 * time compared with `node -e 0` measured the same way:
 *
 *   node bin/run.js --version                  the command line alone
 *   node bin/run.js validate                   one manifest of 100 properties
 *   node bin/run.js plan --base-url URL         the same project against an emulator holding it (3 calls)
 *
 * The target for validate and the small plan is under 3 x `node -e 0` on the same machine.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ROOT, callCount, median, runCli, startEmulatorProcess } from './cli-process.js';
import type { CaseResult } from './report.js';
import { writeSyntheticProject } from './synthetic-account.js';

export const STARTUP_TARGET_MS = 300;
/** validate and a small plan: under this many times `node -e 0` */
export const FIXED_COST_FACTOR = 3;

const SMALL = { objectTypes: 1, propertiesPerType: 100, events: 0, propertiesPerEvent: 0, pairs: 0 };

function timeOnce(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd, stdio: 'ignore', env: { ...process.env, ...env } });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(performance.now() - started);
      else reject(new Error(`${args.join(' ')} exited ${code}`));
    });
  });
}

async function medianOf(args: string[], runs: number, cwd = ROOT, env: NodeJS.ProcessEnv = {}) {
  await timeOnce(args, cwd, env);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await timeOnce(args, cwd, env));
  return Math.round(median(times));
}

export async function benchStartup(runs = Number(process.env.BENCH_STARTUP_RUNS ?? 15)): Promise<CaseResult> {
  const dir = await mkdtemp(join(tmpdir(), 'crm-schema-bench-startup-'));
  const emulator = await startEmulatorProcess(['--token', 'bench-small']);
  try {
    await writeSyntheticProject(dir, SMALL);
    const env = { CRM_ACCESS_TOKEN: 'bench-small', CRM_BASE_URL: '', NO_COLOR: '1' };
    const plan = ['plan', '--base-url', emulator.url];
    // the account holds the project, so the small plan is the everyday "no changes" run
    const applied = await runCli(['apply', '--yes', '--base-url', emulator.url], { cwd: dir, env });
    if (applied.code !== 0) throw new Error(`apply of the small project exited ${applied.code}`);
    const calls = callCount((await runCli([...plan, '--verbose'], { cwd: dir, env })).stderr).calls;
    // the account's details (read first by every command), one batch read of the 100 names and the group
    // list: the small plan this case is about
    if (calls !== 3) throw new Error(`the small plan made ${calls} calls, not 3`);

    const nodeMs = await medianOf(['-e', '0'], runs);
    const versionMs = await medianOf([BIN, '--version'], runs);
    const validateMs = await medianOf([BIN, 'validate'], runs, dir, env);
    const planMs = await medianOf([BIN, ...plan], runs, dir, env);
    const bound = FIXED_COST_FACTOR * nodeMs;
    return {
      figures: {
        runs,
        nodeAloneMedianMs: nodeMs,
        versionMedianMs: versionMs,
        validateMedianMs: validateMs,
        smallPlanCalls: calls,
        smallPlanMedianMs: planMs,
      },
      targets: [
        {
          metric: 'versionMedianMs',
          target: `< ${STARTUP_TARGET_MS} ms`,
          met: versionMs < STARTUP_TARGET_MS,
        },
        {
          metric: 'validateMedianMs',
          target: `< ${FIXED_COST_FACTOR} x node -e 0 (${bound} ms)`,
          met: validateMs < bound,
        },
        {
          metric: 'smallPlanMedianMs',
          target: `< ${FIXED_COST_FACTOR} x node -e 0 (${bound} ms)`,
          met: planMs < bound,
        },
      ],
      commands: {
        nodeAloneMedianMs: 'node -e 0',
        versionMedianMs: 'node bin/run.js --version',
        validateMedianMs: 'node bin/run.js validate (one manifest, 100 properties)',
        smallPlanMedianMs: 'node bin/run.js plan --base-url URL (the same project, applied: no changes)',
      },
    };
  } finally {
    await emulator.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

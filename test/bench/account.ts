/**
 * Account case of `npm run bench`: the synthetic account of synthetic-account.ts (10 object types x 1,000
 * properties, 50 event definitions x 20 properties, 20 association pairs with labels and limits) against
 * the emulator (the built binary, in its own process) with 50 ms latency and 190 requests per 10 s, run
 * through the built CLI exactly as users run it:
 *
 *   plan --out plan.json --verbose       calls (against the lower bound computed from the scope), wall time,
 *                                         peak memory; the CPU time of the diff is measured in-process on
 *                                         the same manifests and live state (the pure planner call)
 *   apply plan.json --json --verbose     from an empty account: calls (stale check + writes, against the
 *                                         fewest possible), wall time against the rate-limit bound
 *                                         calls / 190 x 10 s
 *   plan --detailed-exitcode --verbose   after apply: must be empty (exit 0)
 *   drift --verbose                      must find no drift (exit 0)
 *
 * Each step uses its own token (the emulator limits each token on its own), so no step pays for the
 * calls of the one before. Each bound counts the read of the account's details every command makes first.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '../../src/api/index.js';
import { dryRun } from '../../src/engine/apply/dry-run.js';
import { scopeOfChanges } from '../../src/engine/apply/read-back.js';
import type { ApplyReport } from '../../src/engine/apply/types.js';
import { loadCommandProject } from '../../src/engine/pipeline/project.js';
import { toPlanPolicy } from '../../src/engine/live/managed-scope.js';
import { minimumCalls, readLiveState } from '../../src/engine/live/read-live.js';
import { scopeFromDesired } from '../../src/engine/live/scope.js';
import type { PlanDocument } from '../../src/engine/plan/plan-document.js';
import { plan } from '../../src/engine/plan/plan.js';
import { callCount, rateLimited, runCli, startEmulatorProcess, type CliRun } from './cli-process.js';
import type { CaseResult, Figures, Target } from './report.js';
import { FULL_SIZE, totalCreates, writeSyntheticProject, type SyntheticSize } from './synthetic-account.js';

export interface AccountBenchOptions {
  size?: SyntheticSize;
  latencyMs?: number;
  rateLimit?: number;
}

const TOKENS = ['bench-plan', 'bench-diff', 'bench-apply', 'bench-replan', 'bench-drift'] as const;
type Step = (typeof TOKENS)[number];

/** Targets of issue 8. */
export const TARGETS = { diffCpuMs: 300, peakRssMb: 200, applyToBound: 1.3 };

const seconds = (ms: number) => Math.round(ms) / 1000;

/** Every command reads the account's details first (the account pin's check): one call before its own. */
const ACCOUNT_READ = 1;

export async function benchAccount(options: AccountBenchOptions = {}): Promise<CaseResult> {
  const size = options.size ?? FULL_SIZE;
  const latencyMs = options.latencyMs ?? 50;
  const rateLimit = options.rateLimit ?? 190;
  const dir = await mkdtemp(join(tmpdir(), 'crm-schema-bench-account-'));
  await writeSyntheticProject(dir, size);
  const emulatorArgs = ['--latency', String(latencyMs), '--rate-limit', String(rateLimit)];
  const emulator = await startEmulatorProcess([...emulatorArgs, ...TOKENS.flatMap((t) => ['--token', t])]);
  const cli = (step: Step, args: string[]) =>
    runCli([...args, '--base-url', emulator.url], {
      cwd: dir,
      env: { CRM_ACCESS_TOKEN: step, CRM_BASE_URL: '', GITHUB_STEP_SUMMARY: '' },
    });
  const figures: Figures = {};
  const targets: Target[] = [];
  const failures: string[] = [];
  const check = (ok: boolean, what: string): void => {
    if (!ok) failures.push(what);
  };
  try {
    // the lower bound of the plan's reads, from the same scope the CLI computes
    const project = await loadCommandProject({ cwd: dir });
    const policy = toPlanPolicy(project.config.policy);
    const scope = scopeFromDesired(project.desired, policy);
    // the account as the plan finds it (read with a token of its own): the bound depends on what exists
    const client = createClient({ baseUrl: emulator.url, token: 'bench-diff' });
    const before = await readLiveState(client, scope);
    const planBound = ACCOUNT_READ + minimumCalls(scope, before);

    const first = await cli('bench-plan', ['plan', '--out', 'plan.json', '--verbose']);
    check(first.code === 0, `plan exited ${first.code}: ${first.stderr.slice(-300)}`);
    const saved = JSON.parse(await readFile(join(dir, 'plan.json'), 'utf8')) as PlanDocument;
    check(
      saved.changes.length === totalCreates(size),
      `plan: ${saved.changes.length} changes, expected ${totalCreates(size)}`,
    );
    record('plan', first, planBound);
    figures['plan.changes'] = saved.changes.length;

    // the pure planner on the same manifests and live state, in this process: CPU time of the diff
    const live = before;
    const cpu = process.cpuUsage();
    const inProcess = plan(project.desired, live, { policy });
    const used = process.cpuUsage(cpu);
    const diffCpuMs = Math.round((used.user + used.system) / 1000);
    check(inProcess.changes.length === saved.changes.length, 'the in-process plan differs from the CLI plan');
    figures['plan.diffCpuMs'] = diffCpuMs;
    targets.push({
      metric: 'plan.diffCpuMs',
      target: `< ${TARGETS.diffCpuMs} ms`,
      met: diffCpuMs < TARGETS.diffCpuMs,
    });

    // apply from empty: the stale check reads back what the changes touch, then the writes
    const applyBound =
      ACCOUNT_READ + minimumCalls(scopeOfChanges(saved.changes), before) + dryRun(saved).requests.length;
    const applied = await cli('bench-apply', ['apply', 'plan.json', '--json', '--verbose']);
    check(applied.code === 0, `apply exited ${applied.code}: ${applied.stderr.slice(-300)}`);
    const report = JSON.parse(applied.stdout) as ApplyReport;
    check(
      report.summary.applied === saved.changes.length,
      `apply: ${JSON.stringify(report.summary)}, expected all ${saved.changes.length} applied`,
    );
    const { calls } = record('apply', applied, applyBound);
    const boundMs = (calls / rateLimit) * 10_000;
    figures['apply.applied'] = report.summary.applied;
    figures['apply.writes'] = report.writes;
    figures['apply.rateLimitBoundS'] = seconds(boundMs);
    figures['apply.wallToBound'] = Math.round((applied.wallMs / boundMs) * 100) / 100;
    targets.push({
      metric: 'apply.wallToBound',
      target: `<= ${TARGETS.applyToBound} x (calls / ${rateLimit} x 10 s)`,
      met: applied.wallMs / boundMs <= TARGETS.applyToBound,
    });

    const again = await cli('bench-replan', ['plan', '--detailed-exitcode', '--verbose']);
    check(
      again.code === 0 && again.stdout.includes('No changes.'),
      `plan after apply is not empty (exit ${again.code}): ${again.stdout.slice(0, 300)}`,
    );
    const after = await readLiveState(client, scope).finally(() => client.close());
    const afterBound = ACCOUNT_READ + minimumCalls(scope, after);
    record('planAfterApply', again, afterBound);
    figures['planAfterApply.changes'] = again.code === 0 ? 0 : 'some';
    targets.push({ metric: 'planAfterApply.changes', target: '= 0', met: again.code === 0 });

    const drift = await cli('bench-drift', ['drift', '--verbose']);
    check(drift.code === 0, `drift exited ${drift.code}: ${drift.stdout.slice(0, 300)}`);
    record('drift', drift, afterBound);
    figures['drift.exitCode'] = drift.code;
    targets.push({ metric: 'drift.exitCode', target: '= 0 (no drift)', met: drift.code === 0 });

    const emulatorCommand = `crm-schema emulator ${emulatorArgs.join(' ')}`;
    return {
      figures,
      targets,
      failures,
      commands: {
        plan: `crm-schema plan --out plan.json --verbose (emulator: ${emulatorCommand}); plan.diffCpuMs: the planner call in-process`,
        apply: 'crm-schema apply plan.json --json --verbose',
        planAfterApply: 'crm-schema plan --detailed-exitcode --verbose',
        drift: 'crm-schema drift --verbose',
      },
    };
  } finally {
    await emulator.stop();
    await rm(dir, { recursive: true, force: true });
  }

  /** calls (against the lower bound), 429s, wall time and peak memory of one CLI run */
  function record(step: string, run: CliRun, lowerBound: number) {
    const count = callCount(run.stderr);
    figures[`${step}.calls`] = count.calls;
    figures[`${step}.callsLowerBound`] = lowerBound;
    figures[`${step}.retried429`] = rateLimited(run.stderr);
    figures[`${step}.wallS`] = seconds(run.wallMs);
    figures[`${step}.peakRssMb`] = run.peakRssMb;
    targets.push({
      metric: `${step}.calls`,
      target: `= ${lowerBound} (lower bound)`,
      met: count.calls === lowerBound,
    });
    targets.push({
      metric: `${step}.peakRssMb`,
      target: `< ${TARGETS.peakRssMb} MB`,
      met: run.peakRssMb < TARGETS.peakRssMb,
    });
    return count;
  }
}

/**
 * Apply case of `npm run bench`: apply from empty of 10 object types x 1,000 properties (one group each)
 * against the emulator as its own process, at 50 ms latency and the rate limit of 190 calls per rolling
 * 10 s, with the client's bucket at 190. Timed: the plan (reads) and the apply (writes), as
 * `crm-schema apply --yes` runs them. The figures that matter: the calls made against their lower bound
 * (reads: 10 x ceil(1,000 / 100) batch reads + 10 group lists; writes: 10 group creates +
 * 10 x ceil(1,000 / 100) batch creates), and the wall time against the bound the rate limit sets.
 *
 * Two bounds are reported: `rateBoundMs`, the sustained-rate bound (calls / 190 x 10 s), and
 * `windowBoundMs`, the rolling-window bound (call k, 0-based, cannot start before floor(k / 190) x 10 s,
 * so the last one starts at floor((calls - 1) / 190) x 10 s at the earliest), plus one round trip.
 */
import { minimumCalls } from '../../src/engine/live/read-live.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '../../src/api/index.js';
import { applyPlan } from '../../src/engine/apply/executor.js';
import { computePlan } from '../../src/engine/pipeline/compute-plan.js';
import { loadCommandProject } from '../../src/engine/pipeline/project.js';
import { toPlanPolicy } from '../../src/engine/live/managed-scope.js';
import { childEmulator } from '../apply/cli-helpers.js';
import { PROJECT_FILE, writeFiles } from '../apply/helpers.js';
import { manyProperties } from '../apply/scenario.js';
import type { Figures } from './client.js';
import { BATCH_SIZE } from '../../src/wire/platform-limits.js';

export interface ApplyBenchOptions {
  objectTypes?: number;
  propertiesPerType?: number;
  latencyMs?: number;
  rateLimit?: number;
  parallelism?: number;
}

const OBJECT_TYPES = [
  'contacts',
  'companies',
  'deals',
  'tickets',
  'products',
  'subscriptions',
  'orders',
  'services',
  'courses',
  'projects',
];

const WINDOW_MS = 10_000;

export async function benchApply(options: ApplyBenchOptions = {}): Promise<Figures> {
  const types = OBJECT_TYPES.slice(0, options.objectTypes ?? 10);
  const perType = options.propertiesPerType ?? 1000;
  const latencyMs = options.latencyMs ?? 50;
  const rate = options.rateLimit ?? 190;
  const dir = await mkdtemp(join(tmpdir(), 'crm-schema-bench-apply-'));
  const emulator = await childEmulator(['--latency', String(latencyMs), '--rate-limit', String(rate)], dir);
  let reads = 0;
  let writes = 0;
  let attempts = 0;
  let phase: 'plan' | 'apply' | 'check' = 'plan';
  const client = createClient({
    baseUrl: emulator.url,
    token: emulator.token,
    rateLimit: { requests: rate, intervalMs: WINDOW_MS },
    onResponse: (event) => {
      if (phase === 'check') return;
      attempts += 1;
      if (event.attempt !== 1) return;
      if (phase === 'plan') reads += 1;
      else writes += 1;
    },
  });
  try {
    await writeFiles(dir, {
      'crm-schema.yaml': PROJECT_FILE,
      ...Object.fromEntries(
        types.map((t) => [`schema/${t}.yaml`, manyProperties(t, `bench_${t}`, perType, 'bench')]),
      ),
    });
    const project = await loadCommandProject({ cwd: dir });
    const policy = toPlanPolicy(project.config.policy);

    const started = performance.now();
    const { plan, scope, live } = await computePlan(client, project.desired, { policy, dataCheck: false });
    const planMs = performance.now() - started;
    phase = 'apply';
    const report = await applyPlan(plan, client, { parallelism: options.parallelism ?? 4 });
    const wallMs = performance.now() - started;

    const expectedChanges = types.length * (perType + 1);
    if (report.summary.applied !== expectedChanges || !report.ok) {
      throw new Error(
        `applied ${report.summary.applied} of ${expectedChanges} changes (${report.summary.failed} failed)`,
      );
    }
    const figures = { reads, writes, retries: attempts - reads - writes };
    const batches = types.length * Math.ceil(perType / BATCH_SIZE);
    const calls = reads + writes;
    const rateBoundMs = (calls / rate) * WINDOW_MS;
    const windowBoundMs = Math.floor((calls - 1) / rate) * WINDOW_MS + latencyMs;

    phase = 'check';
    const after = await computePlan(client, project.desired, { policy, dataCheck: false });
    if (after.plan.changes.length !== 0)
      throw new Error(`plan after apply has ${after.plan.changes.length} changes`);

    return {
      properties: types.length * perType,
      latencyMs,
      rateLimitPer10s: rate,
      // apply's own calls: the writes, plus read-backs when a write is uncertain (none here)
      readCalls: figures.reads,
      // the fewest reads of that scope and account (the adaptive read: per type, the list and what it missed)
      readLowerBound: minimumCalls(scope, live),
      applyCalls: figures.writes,
      writeLowerBound: batches + types.length,
      writeRequests: report.writes,
      retries: figures.retries,
      planMs: Math.round(planMs),
      applyMs: Math.round(wallMs - planMs),
      wallMs: Math.round(wallMs),
      rateBoundMs: Math.round(rateBoundMs),
      windowBoundMs,
      wallVsRateBound: Number((wallMs / rateBoundMs).toFixed(2)),
      wallVsWindowBound: Number((wallMs / windowBoundMs).toFixed(2)),
      planAfterApplyChanges: after.plan.changes.length,
    };
  } finally {
    await client.close();
    await emulator.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

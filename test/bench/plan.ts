/**
 * Plan case of `npm run bench`: 10 object types x 1,000 properties declared in manifests; the emulator
 * (the built binary, in its own process) holds half of them, one in ten of those with another label, at
 * 50 ms latency and a rate limit of 190 requests per 10 s. Figures: API calls against the lower bound
 * (computed from the scope: ceil(1,000 / 100) batch reads and one group list per object type), wall
 * time of the whole plan (manifests, live read, planner), CPU time of the pure planner call, and peak
 * memory of this process.
 */
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '../../src/api/index.js';
import { loadCommandProject } from '../../src/engine/pipeline/project.js';
import { toPlanPolicy } from '../../src/engine/live/managed-scope.js';
import { minimumCalls, readLiveState } from '../../src/engine/live/read-live.js';
import { scopeFromDesired } from '../../src/engine/live/scope.js';
import { plan } from '../../src/engine/plan/plan.js';
import { startEmulatorProcess } from './cli-process.js';
import type { Figures } from './client.js';
import { DEFAULT_POLICY } from '../../src/engine/model/policy.js';

const TOKEN = 'bench-token';
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
  'goal_targets',
];

export interface PlanBenchOptions {
  propertiesPerType?: number;
  latencyMs?: number;
  rateLimit?: number;
}

const nameOf = (i: number) => `bench_p_${String(i).padStart(4, '0')}`;
const labelOf = (i: number) => `Bench ${i}`;

function manifest(objectType: string, count: number): string {
  const lines = [
    'kind: Properties',
    `objectType: ${objectType}`,
    'groups:',
    '  - { name: bench_group, label: Bench }',
    'properties:',
  ];
  for (let i = 0; i < count; i++) {
    lines.push(
      `  - { name: ${nameOf(i)}, label: ${labelOf(i)}, type: string, fieldType: text, groupName: bench_group }`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Half of the declared properties exist live; every tenth of those has another label. */
function seed(count: number): unknown {
  const groups: Record<string, unknown[]> = {};
  const properties: Record<string, unknown[]> = {};
  for (const objectType of OBJECT_TYPES) {
    groups[objectType] = [{ name: 'bench_group', label: 'Bench' }];
    properties[objectType] = Array.from({ length: count / 2 }, (_, i) => ({
      name: nameOf(i),
      label: i % 10 === 0 ? `${labelOf(i)} (old)` : labelOf(i),
      type: 'string',
      fieldType: 'text',
      groupName: 'bench_group',
    }));
  }
  return { groups, properties };
}

/** The highest resident set size seen while `run` runs (sampled every 10 ms, and at the end). */
async function withPeakRss<T>(run: () => Promise<T>): Promise<{ result: T; peakRssMb: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  try {
    const result = await run();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, peakRssMb: Math.round(peak / 1e6) };
  } finally {
    clearInterval(timer);
  }
}

export async function benchPlan(options: PlanBenchOptions = {}): Promise<Figures> {
  const perType = options.propertiesPerType ?? 1000;
  const latencyMs = options.latencyMs ?? 50;
  const rateLimit = options.rateLimit ?? 190;
  const dir = await mkdtemp(join(tmpdir(), 'crm-schema-bench-plan-'));
  await mkdir(join(dir, 'schema'));
  await writeFile(join(dir, 'crm-schema.yaml'), "manifests: ['schema/*.yaml']\n");
  for (const objectType of OBJECT_TYPES)
    await writeFile(join(dir, 'schema', `${objectType}.yaml`), manifest(objectType, perType));
  await writeFile(join(dir, 'seed.json'), JSON.stringify(seed(perType)));
  const emulator = await startEmulatorProcess([
    '--token',
    TOKEN,
    '--latency',
    String(latencyMs),
    '--rate-limit',
    String(rateLimit),
    '--seed-file',
    join(dir, 'seed.json'),
  ]);
  let calls = 0;
  let propertyReads = 0;
  let rateLimited = 0;
  const client = createClient({
    baseUrl: emulator.url,
    token: TOKEN,
    onResponse: (e) => {
      calls += 1;
      if (e.path.endsWith('/batch/read')) propertyReads += 1;
      if (e.status === 429) rateLimited += 1;
    },
  });
  try {
    const { result, peakRssMb } = await withPeakRss(async () => {
      const started = performance.now();
      const project = await loadCommandProject({ cwd: dir });
      const manifestsMs = performance.now() - started;
      const policy = toPlanPolicy(DEFAULT_POLICY);
      const scope = scopeFromDesired(project.desired, policy);
      const readStarted = performance.now();
      const live = await readLiveState(client, scope);
      const readMs = performance.now() - readStarted;
      const cpu = process.cpuUsage();
      const planStarted = performance.now();
      const doc = plan(project.desired, live, { policy });
      const planCpu = process.cpuUsage(cpu);
      const planWallMs = performance.now() - planStarted;
      return {
        doc,
        lowerBound: minimumCalls(scope, live),
        manifestsMs,
        readMs,
        planCpuMs: (planCpu.user + planCpu.system) / 1000,
        planWallMs,
        wallMs: performance.now() - started,
      };
    });
    const { doc } = result;
    const expected = {
      create: (OBJECT_TYPES.length * perType) / 2,
      update: (OBJECT_TYPES.length * perType) / 20,
    };
    if (doc.summary.create !== expected.create || doc.summary.update !== expected.update) {
      throw new Error(`plan: ${JSON.stringify(doc.summary)}, expected ${JSON.stringify(expected)}`);
    }
    if (calls !== result.lowerBound)
      throw new Error(`${calls} calls, expected the lower bound ${result.lowerBound}`);
    return {
      objectTypes: OBJECT_TYPES.length,
      propertiesPerType: perType,
      latencyMs,
      rateLimitPer10s: rateLimit,
      changes: doc.changes.length,
      calls,
      callsLowerBound: result.lowerBound,
      propertyReads,
      rateLimited,
      wallMs: Math.round(result.wallMs),
      manifestsMs: Math.round(result.manifestsMs),
      liveReadMs: Math.round(result.readMs),
      planCpuMs: Math.round(result.planCpuMs),
      planWallMs: Math.round(result.planWallMs),
      peakRssMb,
      maxRssMb: Math.round(process.resourceUsage().maxRSS / 1000),
    };
  } finally {
    await client.close();
    await emulator.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

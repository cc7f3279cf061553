/**
 * Migration case of `npm run bench`: rename of a property held by 100,000 records, against the emulator
 * as its own process at 50 ms latency and the rate limit of 190 calls per rolling 10 s (the client's
 * bucket at 190), as `crm-schema apply --yes` runs it: the plan (reads, the count) and the apply (create,
 * copy, check, archive).
 *
 * The calls, against their lower bound: a copy must read every record (list pages of 100) and write
 * every value (batch updates of 100): `pages + batches`. The rename makes one more pass of list pages, the
 * check that finds every value copied (and copies what was written to the old property meanwhile), and
 * the three schema writes (create, the mark on the old property, archive): `2 x pages + batches + 3` is
 * what it should make. Wall time is set against the
 * bound the rate limit sets for the calls made (calls / 190 x 10 s).
 *
 * `BENCH_MIGRATION_RECORDS=10000 npm run bench -- migration` runs a smaller account.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '../../src/api/index.js';
import { applyPlan } from '../../src/engine/apply/executor.js';
import { computePlan } from '../../src/engine/pipeline/compute-plan.js';
import { loadCommandProject } from '../../src/engine/pipeline/project.js';
import { toPlanPolicy } from '../../src/engine/live/managed-scope.js';
import { BATCH_SIZE } from '../../src/wire/platform-limits.js';
import { childEmulator } from '../apply/cli-helpers.js';
import { writeFiles } from '../apply/helpers.js';
import type { Figures } from './client.js';

const WINDOW_MS = 10_000;

export async function benchMigration(
  options: { records?: number; latencyMs?: number; rateLimit?: number } = {},
): Promise<Figures> {
  const records = options.records ?? Number(process.env.BENCH_MIGRATION_RECORDS ?? 100_000);
  const latencyMs = options.latencyMs ?? 50;
  const rate = options.rateLimit ?? 190;
  const dir = await mkdtemp(join(tmpdir(), 'crm-schema-bench-migration-'));
  const seed = {
    properties: {
      tickets: [
        {
          name: 'support_level',
          label: 'Support level',
          type: 'string',
          fieldType: 'text',
          groupName: 'ticketinformation',
        },
      ],
    },
    records: {
      tickets: Array.from({ length: records }, (_, i) => ({
        properties: { subject: `Ticket ${i}`, support_level: `level-${i % 13}` },
      })),
    },
  };
  await writeFile(join(dir, 'seed.json'), JSON.stringify(seed));
  const emulator = await childEmulator(
    ['--latency', String(latencyMs), '--rate-limit', String(rate), '--seed-file', join(dir, 'seed.json')],
    dir,
  );
  let calls = 0;
  let attempts = 0;
  let counting = true;
  const client = createClient({
    baseUrl: emulator.url,
    token: emulator.token,
    rateLimit: { requests: rate, intervalMs: WINDOW_MS },
    onResponse: (event) => {
      if (!counting) return;
      attempts += 1;
      if (event.attempt === 1) calls += 1;
    },
  });
  try {
    await writeFiles(dir, {
      'crm-schema.yaml': `manifests: ['schema/**/*.yaml']\n`,
      'schema/tickets.yaml':
        'kind: Properties\nobjectType: tickets\nproperties:\n' +
        '  - { name: support_tier, renamedFrom: support_level, label: Support tier, type: string, fieldType: text, groupName: ticketinformation }\n',
    });
    const project = await loadCommandProject({ cwd: dir });
    const policy = toPlanPolicy(project.config.policy);
    const started = performance.now();
    const { plan } = await computePlan(client, project.desired, { policy });
    const planCalls = calls;
    const planMs = performance.now() - started;
    const report = await applyPlan(plan, client);
    const wallMs = performance.now() - started;
    const outcome = report.outcomes[0];
    if (!report.ok || outcome?.records?.written !== records || !outcome.records.verified)
      throw new Error(`the rename did not copy every value: ${JSON.stringify(outcome)}`);
    counting = false;
    const after = await computePlan(client, project.desired, { policy });
    if (after.plan.changes.length !== 0)
      throw new Error(`plan after apply has ${after.plan.changes.length} changes`);

    const pages = Math.ceil(records / BATCH_SIZE);
    const applyCalls = calls - planCalls;
    const rateBoundMs = (calls / rate) * WINDOW_MS;
    return {
      records,
      latencyMs,
      rateLimitPer10s: rate,
      planCalls,
      applyCalls,
      copyLowerBound: pages + pages,
      renameExpected: 2 * pages + pages + 3,
      retries: attempts - calls,
      counted: plan.changes[0]?.affected?.count ?? -1,
      planMs: Math.round(planMs),
      applyMs: Math.round(wallMs - planMs),
      wallMs: Math.round(wallMs),
      rateBoundMs: Math.round(rateBoundMs),
      wallVsRateBound: Number((wallMs / rateBoundMs).toFixed(2)),
      planAfterApplyChanges: after.plan.changes.length,
    };
  } finally {
    await client.close();
    await emulator.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

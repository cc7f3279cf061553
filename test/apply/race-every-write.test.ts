/**
 * Two applies of one plan at once, raced at every write: run B is held at its k-th write while run A
 * applies the whole plan, then B goes on. Whatever k, both end with nothing failed (each change applied by
 * one, found already done by the other: never a raw 404 or 409), the plan after them is empty and every
 * record value is where the manifests say. The plan holds every change kind that sends more than one write
 * or runs a data step (test/helpers/every-kind-plan.ts). Each run has its own token, so the proxy in front
 * of the emulator tells them apart.
 */
import { afterEach, expect, it } from 'vitest';
import { createClient, type CrmClient } from '../../src/api/index.js';
import { applyPlan } from '../../src/engine/apply/executor.js';
import type { ApplyReport } from '../../src/engine/apply/types.js';
import { toPlanPolicy } from '../../src/engine/live/managed-scope.js';
import { computePlan } from '../../src/engine/pipeline/compute-plan.js';
import { loadCommandProject } from '../../src/engine/pipeline/project.js';
import type { PlanDocument } from '../../src/engine/plan/plan-document.js';
import type { TestEmulator } from '../helpers/emulator.js';
import {
  accountBefore,
  expected,
  freshAccount,
  gateProxy,
  RECORDS,
  V2,
  values,
  type GateProxy,
} from '../helpers/every-kind-plan.js';
import { removeDir, tempDir, writeFiles } from '../live/helpers.js';

const TOKENS = ['run-a', 'run-b'];

let emulator: TestEmulator | undefined;
let proxy: GateProxy | undefined;
let dir: string | undefined;
const clients: CrmClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  await proxy?.close();
  await emulator?.close();
  if (dir !== undefined) await removeDir(dir);
});

function client(baseUrl: string, token: string): CrmClient {
  const made = createClient({
    baseUrl,
    token,
    rateLimit: { requests: 10_000, intervalMs: 1000, adaptive: false },
  });
  clients.push(made);
  return made;
}

async function planOn(api: CrmClient, where: string): Promise<PlanDocument> {
  const project = await loadCommandProject({ cwd: where });
  const { plan } = await computePlan(api, project.desired, {
    policy: toPlanPolicy(project.config.policy),
    dataCheck: false,
    allowances: { destructive: true, dangerous: true },
  });
  return plan;
}

const failures = (report: ApplyReport) =>
  report.outcomes
    .filter((o) => o.status === 'failed')
    .map((o) => `${o.id}: ${o.error?.message ?? ''} ${o.reason ?? ''}`);

it('two applies of one plan, B held at each of its writes while A applies the whole plan: both finish', async () => {
  dir = await tempDir('crm-schema-race-');
  const where = dir;
  const before = await accountBefore(where);
  await writeFiles(where, V2);

  emulator = await freshAccount(before, where, 0, TOKENS);
  proxy = await gateProxy(emulator.url);
  const plan = await planOn(client(emulator.url, 'run-a'), where);
  let writes = 0;
  proxy.gate = ({ token }) => {
    if (token === 'run-b') writes += 1;
    return 'pass';
  };
  const whole = await applyPlan(plan, client(proxy.url, 'run-b'), { parallelism: 1 });
  expect(failures(whole)).toEqual([]);
  const total = writes;
  expect(total).toBeGreaterThan(12);

  const problems: string[] = [];
  for (let k = 1; k <= total; k += 1) {
    await emulator.close();
    emulator = await freshAccount(before, where, k, TOKENS);
    proxy.target = emulator.url;
    let seen = 0;
    let arrived: () => void = () => undefined;
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    proxy.gate = ({ token }) => {
      if (token !== 'run-b') return 'pass';
      seen += 1;
      if (seen !== k) return 'pass';
      arrived();
      return held;
    };
    const b = applyPlan(plan, client(proxy.url, 'run-b'), { parallelism: 1 });
    await reached;
    const a = await applyPlan(plan, client(emulator.url, 'run-a'), { parallelism: 1 });
    release();
    const bReport = await b;
    for (const [run, report] of [
      ['A', a],
      ['B', bReport],
    ] as const)
      for (const failure of failures(report)) problems.push(`k=${String(k)} run ${run}: ${failure}`);
    const after = await planOn(client(emulator.url, 'run-a'), where);
    if (after.changes.length > 0)
      problems.push(`k=${String(k)}: left to do: ${after.changes.map((c) => c.id).join(', ')}`);
    const now = await values(emulator);
    for (let i = 0; i < RECORDS; i += 1)
      if (JSON.stringify(now.get(`R${String(i)}`)) !== JSON.stringify(expected(i))) {
        problems.push(`k=${String(k)}: R${String(i)} holds ${JSON.stringify(now.get(`R${String(i)}`))}`);
        break;
      }
  }
  expect(problems).toEqual([]);
}, 300_000);

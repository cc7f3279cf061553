/**
 * An in-process emulator with the synthetic project (test/bench/synthetic-account.ts) written to a temp
 * folder, and a real client with quick retries (faults are injected with `Retry-After: 0`, so the suite
 * stays fast) whose log hook records every attempt. `plan()` plans the project as the plan command does.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type CrmClient } from '../../src/api/index.js';
import type { ResponseLogEvent } from '../../src/api/log.js';
import { computePlan } from '../../src/engine/pipeline/compute-plan.js';
import { loadCommandProject, type Project } from '../../src/engine/pipeline/project.js';
import type { EmulatorOptions } from '../../src/emulator/index.js';
import { toPlanPolicy } from '../../src/engine/live/managed-scope.js';
import type { PlanDocument } from '../../src/engine/plan/plan-document.js';
import { writeSyntheticProject, type SyntheticSize } from '../bench/synthetic-account.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';

export interface SyntheticFixture {
  emulator: TestEmulator;
  client: CrmClient;
  /** every attempt the client made, in order */
  attempts: ResponseLogEvent[];
  dir: string;
  project: Project;
  plan(): Promise<PlanDocument>;
  close(): Promise<void>;
}

export async function syntheticFixture(
  size: SyntheticSize,
  options: EmulatorOptions = {},
): Promise<SyntheticFixture> {
  const dir = await mkdtemp(join(tmpdir(), 'crm-schema-reliability-'));
  await writeSyntheticProject(dir, size);
  const project = await loadCommandProject({ cwd: dir });
  const emulator = await startTestEmulator(options);
  const attempts: ResponseLogEvent[] = [];
  const client = createClient({
    baseUrl: emulator.url,
    token: emulator.token,
    rateLimit: { requests: 100_000, intervalMs: 1000, adaptive: false },
    retry: { baseDelayMs: 2, maxDelayMs: 20 },
    onResponse: (event) => attempts.push(event),
  });
  return {
    emulator,
    client,
    attempts,
    dir,
    project,
    plan: async () =>
      (
        await computePlan(client, project.desired, {
          policy: toPlanPolicy(project.config.policy),
          dataCheck: false,
        })
      ).plan,
    async close() {
      await client.close();
      await emulator.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

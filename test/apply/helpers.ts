/**
 * Apply test helpers: an emulator on a free port with a real client whose log hook records every
 * attempt, a temp project whose manifests the test writes, and the plan of that project against the
 * emulator (the real planner and live reader), plus counts of what the emulator holds.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createClient, type Clock, type CrmClient } from '../../src/api/index.js';
import type { ResponseLogEvent } from '../../src/api/log.js';
import { computePlan } from '../../src/engine/pipeline/compute-plan.js';
import { loadCommandProject, type Project } from '../../src/engine/pipeline/project.js';
import type { EmulatorOptions } from '../../src/emulator/index.js';
import type { EmulatorState } from '../../src/emulator/state/model.js';
import { toPlanPolicy } from '../../src/engine/live/managed-scope.js';
import type { PlanDocument } from '../../src/engine/plan/plan-document.js';
import type { DecisionContext } from '../../src/engine/plan/plan.js';
import { renderDiagnosticsText } from '../../src/engine/render/common/diagnostics.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';

export interface ApplyFixture {
  emulator: TestEmulator;
  client: CrmClient;
  /** every attempt, in order */
  calls: ResponseLogEvent[];
  dir: string;
  close(): Promise<void>;
}

export async function applyFixture(
  options: EmulatorOptions = {},
  client: { rateLimit?: number; clock?: Clock } = {},
): Promise<ApplyFixture> {
  const emulator = await startTestEmulator(options);
  const calls: ResponseLogEvent[] = [];
  const api = createClient({
    baseUrl: emulator.url,
    token: emulator.token,
    rateLimit: { requests: client.rateLimit ?? 10_000, intervalMs: 1000, adaptive: false },
    // fault tests: quick retries
    retry: { baseDelayMs: 5, maxDelayMs: 50 },
    onResponse: (event) => calls.push(event),
    ...(client.clock ? { clock: client.clock } : {}),
  });
  const dir = await mkdtemp(join(tmpdir(), 'crm-schema-apply-'));
  return {
    emulator,
    client: api,
    calls,
    dir,
    async close() {
      await api.close();
      await emulator.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
}

export const PROJECT_FILE = `manifests: ['schema/**/*.yaml']\n`;

/** Writes the manifests (replacing schema/) and loads the project. */
export async function project(
  dir: string,
  manifests: Record<string, string>,
  config = PROJECT_FILE,
): Promise<Project> {
  await rm(join(dir, 'schema'), { recursive: true, force: true });
  await writeFiles(dir, { 'crm-schema.yaml': config });
  await writeFiles(
    dir,
    Object.fromEntries(Object.entries(manifests).map(([name, text]) => [`schema/${name}`, text])),
  );
  let problems = '';
  try {
    return await loadCommandProject({
      cwd: dir,
      onReport: (report) => {
        problems = renderDiagnosticsText(report, { color: false });
      },
    });
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${problems}`);
  }
}

/** Every change allowed: the policy decisions of most apply tests. */
export const ALLOW_ALL: DecisionContext = { allowances: { destructive: true, dangerous: true } };

/**
 * The plan of the manifests against the emulator, as `plan` computes it (no data check); by default with
 * every change allowed, as `plan --allow-destructive --allow-dangerous` makes it.
 */
export async function planOf(
  fx: ApplyFixture,
  manifests: Record<string, string>,
  decisions: DecisionContext = ALLOW_ALL,
): Promise<PlanDocument> {
  const p = await project(fx.dir, manifests);
  const { plan } = await computePlan(fx.client, p.desired, {
    policy: toPlanPolicy(p.config.policy),
    dataCheck: false,
    ...decisions,
  });
  return plan;
}

/** `METHOD path` of each first attempt (query dropped). */
export function callKeys(calls: readonly ResponseLogEvent[]): string[] {
  return calls.filter((c) => c.attempt === 1).map((c) => `${c.method} ${c.path.split('?')[0]}`);
}

export function writeCalls(calls: readonly ResponseLogEvent[]): string[] {
  return callKeys(calls).filter((key) => !key.startsWith('GET ') && !key.endsWith('/batch/read'));
}

/** Custom (not built-in) active properties of an object type in the emulator, by name. */
export function customProperties(state: EmulatorState, objectType: string): string[] {
  const type = Object.values(state.objectTypes).find((t) => t.name === objectType);
  return Object.values(type?.properties ?? {})
    .filter((p) => p.platformDefined !== true && p.archived !== true)
    .map((p) => p.name)
    .sort();
}

/** User labels of every pair: `label` texts in the emulator, one entry per direction type. */
export function userLabels(state: EmulatorState): string[] {
  return Object.values(state.associationTypes)
    .filter((t) => t.category === 'USER_DEFINED' && t.label !== null)
    .map((t) => `${t.fromObjectTypeId}->${t.toObjectTypeId}:${t.label}`)
    .sort();
}

export function eventProperties(state: EmulatorState, eventName: string): string[] {
  return (state.eventDefinitions[eventName]?.properties ?? [])
    .filter((p) => p.platformDefined !== true)
    .map((p) => p.name)
    .sort();
}

/** Creates a custom event definition; retried (under fault injection) until it exists. */
export async function createEventDefinition(emulator: TestEmulator, name: string): Promise<void> {
  for (let attempt = 1; attempt <= 20; attempt++) {
    try {
      const answer = await emulator.call('POST', '/events/v3/event-definitions', {
        label: name,
        name,
        propertyDefinitions: [],
      });
      if (answer.status < 300 || answer.status === 409) return;
    } catch {
      // a dropped connection: try again
    }
    if (emulator.state.eventDefinitions[name] !== undefined) return;
  }
  throw new Error(`could not create the event definition ${name}`);
}

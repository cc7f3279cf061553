/**
 * Test helpers for the live reader and the plan flow: an emulator on a free port with an API client
 * whose log hook records every call, a temp project folder, and a small sender of a plan's requests
 * (enough to bring the account to the manifests in tests; the real applier is src/engine/apply).
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createClient, type CrmClient } from '../../src/api/index.js';
import type { ResponseLogEvent } from '../../src/api/log.js';
import type { EmulatorOptions } from '../../src/emulator/index.js';
import type { PlanDocument } from '../../src/engine/plan/plan-document.js';
import { resolveRefs } from '../../src/engine/plan/requests/refs.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { runCli, type Run } from '../helpers/cli.js';

export interface LiveFixture {
  emulator: TestEmulator;
  client: CrmClient;
  /** every attempt the client made, in order */
  calls: ResponseLogEvent[];
  close(): Promise<void>;
}

export async function liveFixture(options: EmulatorOptions = {}): Promise<LiveFixture> {
  const emulator = await startTestEmulator(options);
  const calls: ResponseLogEvent[] = [];
  const client = createClient({
    baseUrl: emulator.url,
    token: emulator.token,
    rateLimit: { requests: 10_000, intervalMs: 1000, adaptive: false },
    onResponse: (event) => calls.push(event),
  });
  return {
    emulator,
    client,
    calls,
    async close() {
      await client.close();
      await emulator.close();
    },
  };
}

/** `METHOD path` (query dropped) of each call, e.g. `POST /crm/v3/properties/tickets/batch/read`. */
export function callKeys(calls: readonly ResponseLogEvent[]): string[] {
  return calls.map((c) => `${c.method} ${c.path.split('?')[0]}`);
}

/**
 * Runs the CLI in `dir` against the fixture's emulator over HTTP, with its token (and `--base-url`
 * appended): what a team's CI does against a CRM.
 */
export function cliAgainst(
  fx: LiveFixture,
  dir: string,
): (args: string[], env?: Record<string, string>) => Promise<Run> {
  return (args, env = {}) =>
    runCli([...args, '--base-url', fx.emulator.url], {
      cwd: dir,
      env: { CRM_ACCESS_TOKEN: fx.emulator.token, CRM_BASE_URL: '', ...env },
    });
}

export async function tempDir(prefix = 'crm-schema-plan-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

/** Writes files (relative paths) under `dir`. */
export async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

export const PROJECT_FILE = `manifests: ['schema/**/*.yaml']\n`;

/**
 * Sends each change's own requests in plan order over HTTP, resolving `{ ref }` typeIds from the label
 * creates; throws on the first failure.
 */
export async function sendPlan(emulator: TestEmulator, plan: PlanDocument): Promise<void> {
  const typeIds = new Map<string, number>();
  for (const change of plan.changes) {
    for (const request of change.requests) {
      const body =
        request.body === undefined ? undefined : resolveRefs(request.body, (ref) => typeIds.get(ref));
      const answer = await emulator.call(request.method, request.path, body);
      if (answer.status >= 300) {
        throw new Error(`${change.id}: ${request.method} ${request.path} -> ${answer.status} ${answer.text}`);
      }
      if (change.type === 'label.create') {
        typeIds.set(change.address, (answer.body as { results: { typeId: number }[] }).results[0]!.typeId);
      }
    }
  }
}

/**
 * An apply (the built binary) killed with SIGKILL at a point drawn from a seed, then run again: the
 * account ends exactly as declared, nothing exists twice, and the plan is empty. The emulator runs in
 * this process and kills the binary itself when the k-th write arrives: before processing it (the write
 * is then processed with nobody waiting for the answer) or after, just before the answer is sent. So the
 * kill lands mid-run at a point that depends only on the seed. The second run applies the same saved
 * plan again (the stale check finds what the first run did), or plans anew (`apply --yes`). Only the
 * killed run needs a process of its own; the plan before it and the run after it run the CLI's main in
 * this process.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { createClient } from '../../src/api/index.js';
import { computePlan } from '../../src/engine/pipeline/compute-plan.js';
import { loadCommandProject } from '../../src/engine/pipeline/project.js';
import { toPlanPolicy } from '../../src/engine/live/managed-scope.js';
import { writeSyntheticProject, type SyntheticSize } from '../bench/synthetic-account.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { runCli } from '../helpers/cli.js';
import { finished, seeded, spawnBin, STACK_LINE } from './cli.js';
import { duplicates, expectedInventory, inventory } from './inventory.js';

const SIZE: SyntheticSize = {
  objectTypes: 3,
  propertiesPerType: 150,
  events: 2,
  propertiesPerEvent: 6,
  pairs: 3,
};
/** write requests of one apply from empty: groups 6, property batches 6, definitions 2 (each with its properties), labels 6, limit batches 3 */
const WRITES = 23;

const isWrite = (request: FastifyRequest) =>
  request.method !== 'GET' && !request.url.endsWith('/batch/read') && !request.url.endsWith('/search');

let emulator: TestEmulator | undefined;
let dir: string | undefined;
afterEach(async () => {
  await emulator?.close();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  emulator = undefined;
  dir = undefined;
});

/** The plan of the project against the emulator, in this process (as `plan` computes it). */
async function planChanges(url: string, token: string, cwd: string): Promise<number> {
  const project = await loadCommandProject({ cwd });
  const client = createClient({ baseUrl: url, token, rateLimit: { requests: 10_000, intervalMs: 1000 } });
  try {
    const { plan } = await computePlan(client, project.desired, {
      policy: toPlanPolicy(project.config.policy),
      dataCheck: false,
    });
    return plan.changes.length;
  } finally {
    await client.close();
  }
}

it.each([1, 2, 3])(
  'seed %i: killed at a write, run again: exactly as declared, no duplicate',
  async (seed) => {
    const random = seeded(seed);
    const killAt = 1 + Math.floor(random() * (WRITES - 1));
    const when = random() < 0.5 ? 'onRequest' : 'onSend';
    // odd seeds apply the same saved plan again, even ones plan anew
    const reapplySaved = seed % 2 === 1;

    let victim: ChildProcess | undefined;
    let writes = 0;
    const maybeKill = (request: FastifyRequest) => {
      if (isWrite(request) && victim !== undefined && ++writes === killAt) victim.kill('SIGKILL');
    };
    dir = await mkdtemp(join(tmpdir(), 'crm-schema-crash-'));
    await writeSyntheticProject(dir, SIZE);
    emulator = await startTestEmulator({
      latencyMs: 5,
      // announced in headers, so the client does not keep to its default of 100 calls per 10 s
      rateLimit: 100_000,
      extend: (app) => {
        if (when === 'onRequest') {
          app.addHook('onRequest', (request, _reply, done) => {
            maybeKill(request);
            done();
          });
        } else {
          app.addHook('onSend', (request, _reply, payload, done) => {
            maybeKill(request);
            done(null, payload);
          });
        }
      },
    });
    const env = { CRM_ACCESS_TOKEN: emulator.token };
    const target = ['--base-url', emulator.url];

    const planned = await runCli(['plan', '--out', 'plan.json', ...target], { cwd: dir, env });
    expect(planned.code).toBe(0);

    victim = spawnBin(['apply', 'plan.json', ...target], { cwd: dir, env });
    const killed = await finished(victim);
    expect(killed.signal).toBe('SIGKILL');
    victim = undefined;
    expect(writes).toBeGreaterThanOrEqual(killAt);
    expect(duplicates(inventory(emulator.state))).toEqual({});

    const again = await runCli(
      reapplySaved ? ['apply', 'plan.json', ...target] : ['apply', '--yes', ...target],
      {
        cwd: dir,
        env,
      },
    );
    expect(again.code).toBe(0);
    expect(again.stderr).not.toMatch(STACK_LINE);
    // the saved plan's stale check names what the killed run had done
    if (reapplySaved) expect(again.stderr + again.stdout).toMatch(/already done/i);

    const found = inventory(emulator.state);
    expect(duplicates(found)).toEqual({});
    expect(found).toEqual(expectedInventory(SIZE));
    expect(await planChanges(emulator.url, emulator.token, dir)).toBe(0);
  },
);

/**
 * `npm run soak`: the reliability suite's scenarios, longer and through the built binary, round after
 * round with a new seed each time (SOAK_ROUNDS, default 5; SOAK_SIZE=small|medium|large, default medium):
 *
 * - faults: `apply --yes` against the emulator injecting 10% 429s, 5% 5xx and 2% dropped connections with
 *   the real `Retry-After: 1`; runs until it exits 0 (counted), then the account must hold exactly what
 *   the manifests declare, nothing twice, and `plan --detailed-exitcode` must exit 0;
 * - crash: a saved plan applied and killed with SIGKILL at three write counts drawn from the seed, one
 *   after the other, then applied to the end;
 * - concurrency: three applies of one saved plan at once.
 *
 * Prints one line per scenario and round, then a summary; exit 1 if any check failed.
 */
import { deepStrictEqual, strictEqual } from 'node:assert';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { EmulatorOptions } from '../../src/emulator/index.js';
import { totalCreates, writeSyntheticProject, type SyntheticSize } from '../bench/synthetic-account.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { finished, runBin, seeded, spawnBin } from './cli.js';
import { duplicates, expectedInventory, inventory } from './inventory.js';

const SIZES: Record<string, SyntheticSize> = {
  small: { objectTypes: 3, propertiesPerType: 150, events: 3, propertiesPerEvent: 10, pairs: 3 },
  medium: { objectTypes: 6, propertiesPerType: 400, events: 10, propertiesPerEvent: 20, pairs: 10 },
  large: { objectTypes: 10, propertiesPerType: 1000, events: 50, propertiesPerEvent: 20, pairs: 20 },
};
const ISSUE_FAULTS = { '429': 0.1, '500': 0.025, '503': 0.025, 'drop-before': 0.01, 'drop-after': 0.01 };

interface Line {
  round: number;
  scenario: string;
  ok: boolean;
  detail: string;
  seconds: number;
}

const isWrite = (request: FastifyRequest) =>
  request.method !== 'GET' && !request.url.endsWith('/batch/read') && !request.url.endsWith('/search');

/** A project and an emulator for one scenario; `check` asserts the account is exactly as declared. */
async function setup(size: SyntheticSize, options: EmulatorOptions) {
  const dir = await mkdtemp(join(tmpdir(), 'crm-schema-soak-'));
  await writeSyntheticProject(dir, size);
  // announced in headers, so the client paces itself to it rather than to its default of 100 per 10 s
  const emulator = await startTestEmulator({ rateLimit: 100_000, ...options });
  const env = { CRM_ACCESS_TOKEN: emulator.token };
  const target = ['--base-url', emulator.url];
  return {
    dir,
    emulator,
    env,
    target,
    async check(): Promise<void> {
      const found = inventory(emulator.state);
      deepStrictEqual(duplicates(found), {});
      deepStrictEqual(found, expectedInventory(size));
      const plan = await runBin(['plan', '--detailed-exitcode', ...target], { cwd: dir, env });
      strictEqual(plan.code, 0, `plan after apply: exit ${plan.code}\n${plan.stdout.slice(0, 500)}`);
    },
    close: async () => {
      await emulator.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function faults(size: SyntheticSize, seed: number): Promise<string> {
  const s = await setup(size, { faultWeights: ISSUE_FAULTS, seed });
  try {
    let runs = 0;
    for (; runs < 5;) {
      runs += 1;
      const run = await runBin(['apply', '--yes', ...s.target], { cwd: s.dir, env: s.env });
      if (run.code === 0) break;
    }
    await s.check();
    return `${totalCreates(size)} changes applied in ${runs} run${runs === 1 ? '' : 's'}`;
  } finally {
    await s.close();
  }
}

async function crash(size: SyntheticSize, seed: number): Promise<string> {
  let victim: ChildProcess | undefined;
  let writes = 0;
  let killAt = 0;
  const s = await setup(size, {
    latencyMs: 5,
    extend: (app) =>
      app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
        if (isWrite(request) && victim !== undefined && ++writes === killAt) victim.kill('SIGKILL');
        done();
      }),
  });
  try {
    strictEqual(
      (await runBin(['plan', '--out', 'plan.json', ...s.target], { cwd: s.dir, env: s.env })).code,
      0,
    );
    const random = seeded(seed);
    const kills: number[] = [];
    for (let k = 0; k < 3; k++) {
      writes = 0;
      killAt = 1 + Math.floor(random() * 30);
      victim = spawnBin(['apply', 'plan.json', ...s.target], { cwd: s.dir, env: s.env });
      const ended = await finished(victim);
      victim = undefined;
      kills.push(ended.signal === 'SIGKILL' ? killAt : -1);
      deepStrictEqual(duplicates(inventory(s.emulator.state)), {});
    }
    const last = await runBin(['apply', 'plan.json', ...s.target], { cwd: s.dir, env: s.env });
    strictEqual(last.code, 0, `the apply after the kills: exit ${last.code}\n${last.stderr.slice(-800)}`);
    await s.check();
    return `killed at writes ${kills.join(', ')} (-1: finished first), then finished`;
  } finally {
    await s.close();
  }
}

async function concurrency(size: SyntheticSize): Promise<string> {
  // each run has its own token; writes wait until all three have sent one, so they really race
  const tokens = ['soak-a', 'soak-b', 'soak-c'];
  const writers = new Set<string>();
  let armed = false;
  let release: () => void = () => undefined;
  const allWriting = new Promise<void>((resolve) => (release = resolve));
  const s = await setup(size, {
    latencyMs: 5,
    tokens,
    extend: (app) =>
      app.addHook('onRequest', async (request: FastifyRequest) => {
        if (!armed || !isWrite(request)) return;
        writers.add(request.headers.authorization ?? '');
        if (writers.size >= tokens.length) release();
        await Promise.race([allWriting, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      }),
  });
  try {
    strictEqual(
      (await runBin(['plan', '--out', 'plan.json', ...s.target], { cwd: s.dir, env: s.env })).code,
      0,
    );
    armed = true;
    const runs = await Promise.all(
      tokens.map((token, i) =>
        finished(
          spawnBin(['apply', 'plan.json', '--json', '--parallelism', String(2 + 2 * i), ...s.target], {
            cwd: s.dir,
            env: { CRM_ACCESS_TOKEN: token },
          }),
        ),
      ),
    );
    for (const run of runs) strictEqual(run.code, 0, run.stderr.slice(-800));
    await s.check();
    const reports = runs.map(
      (r) => JSON.parse(r.stdout) as { summary: { applied: number }; readBacks: number },
    );
    const applied = reports.map((r) => r.summary.applied);
    const readBacks = reports.map((r) => r.readBacks).join(', ');
    return `three runs applied ${applied.join(' + ')} = ${applied.reduce((a, b) => a + b, 0)} changes (read-backs after lost races: ${readBacks})`;
  } finally {
    await s.close();
  }
}

async function main(): Promise<void> {
  const rounds = Number(process.env.SOAK_ROUNDS ?? 5);
  const size = SIZES[process.env.SOAK_SIZE ?? 'medium'];
  if (size === undefined) throw new Error(`SOAK_SIZE must be one of ${Object.keys(SIZES).join(', ')}`);
  const scenarios: [string, (seed: number) => Promise<string>][] = [
    ['faults', (seed) => faults(size, seed)],
    ['crash', (seed) => crash(size, seed)],
    ['concurrency', () => concurrency(size)],
  ];
  const lines: Line[] = [];
  for (let round = 1; round <= rounds; round++) {
    for (const [scenario, run] of scenarios) {
      const started = performance.now();
      let line: Line;
      try {
        line = { round, scenario, ok: true, detail: await run(1000 + round), seconds: 0 };
      } catch (error) {
        line = { round, scenario, ok: false, detail: (error as Error).message.split('\n')[0]!, seconds: 0 };
      }
      line.seconds = Math.round((performance.now() - started) / 100) / 10;
      lines.push(line);
      process.stdout.write(
        `round ${round} ${scenario}: ${line.ok ? 'ok' : 'FAILED'} (${line.seconds} s) ${line.detail}\n`,
      );
    }
  }
  const failed = lines.filter((l) => !l.ok);
  process.stdout.write(
    `\nsoak: ${lines.length - failed.length} of ${lines.length} scenario runs passed (${rounds} rounds, ${totalCreates(size)} changes each)\n`,
  );
  if (failed.length > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`soak failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});

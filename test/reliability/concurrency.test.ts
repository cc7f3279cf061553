/**
 * Two applies (the built binary) of the same saved plan at once: the account ends as declared with
 * nothing twice, neither fails, each change is applied by one of them, and the other reports it found
 * that change already done (in its JSON report and in its text). The emulator holds the first writes
 * until both runs have sent one, so both pass the stale check on an untouched account and then really
 * race (each run has its own token, which tells them apart). The runs before and after the race need no
 * process of their own: they run the CLI's main in this process.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { ApplyReport } from '../../src/engine/apply/types.js';
import { totalCreates, writeSyntheticProject, type SyntheticSize } from '../bench/synthetic-account.js';
import { runCli } from '../helpers/cli.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { finished, spawnBin } from './cli.js';
import { duplicates, expectedInventory, inventory } from './inventory.js';

const SIZE: SyntheticSize = {
  objectTypes: 3,
  propertiesPerType: 150,
  events: 2,
  propertiesPerEvent: 8,
  pairs: 3,
};
const TOKENS = ['run-a', 'run-b'] as const;

let emulator: TestEmulator | undefined;
let dir: string | undefined;
afterEach(async () => {
  await emulator?.close();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

it('two applies of one saved plan at once: as declared, no duplicate, the other found it done', async () => {
  dir = await mkdtemp(join(tmpdir(), 'crm-schema-concurrent-'));
  await writeSyntheticProject(dir, SIZE);
  const writers = new Set<string>();
  let armed = false;
  let release: () => void = () => undefined;
  const bothWriting = new Promise<void>((resolve) => (release = resolve));
  emulator = await startTestEmulator({
    tokens: [...TOKENS],
    latencyMs: 5,
    // a limit the runs never reach, announced in headers: without them the client keeps to its default
    // of 100 calls per 10 s, and a run needs about 100
    rateLimit: 100_000,
    extend: (app) =>
      app.addHook('onRequest', async (request) => {
        if (!armed || request.method === 'GET' || request.url.endsWith('/batch/read')) return;
        writers.add(request.headers.authorization ?? '');
        if (writers.size >= 2) release();
        // never a deadlock: should one run not write at all, the other goes on after 10 s (and the test fails)
        await Promise.race([bothWriting, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      }),
  });
  const target = ['--base-url', emulator.url];
  const planned = await runCli(['plan', '--out', 'plan.json', ...target], {
    cwd: dir,
    env: { CRM_ACCESS_TOKEN: TOKENS[0] },
  });
  expect(planned.code).toBe(0);
  armed = true;

  const [a, b] = await Promise.all(
    TOKENS.map((token, i) =>
      finished(
        spawnBin(['apply', 'plan.json', '--json', '--parallelism', String(3 + 2 * i), ...target], {
          cwd: dir!,
          env: { CRM_ACCESS_TOKEN: token },
        }),
      ),
    ),
  );
  expect([...writers].sort()).toEqual(['Bearer run-a', 'Bearer run-b']);
  for (const run of [a, b]) expect([run!.code, run!.stderr.includes('Error')]).toEqual([0, false]);
  const reports = [a, b].map((run) => JSON.parse(run!.stdout) as ApplyReport);
  const total = totalCreates(SIZE);
  for (const report of reports) {
    expect(report.summary.failed).toBe(0);
    expect(report.summary.applied + report.summary.alreadyDone).toBe(total);
  }
  // every change was applied by exactly one run; the other found it already done
  const [first, second] = reports;
  const split = first!.outcomes.map((o, i) => [o.status, second!.outcomes[i]!.status].sort().join('+'));
  expect(new Set(split)).toEqual(new Set(['already-done+applied']));
  expect(first!.summary.alreadyDone + second!.summary.alreadyDone).toBe(total);
  const done = reports.flatMap((r) => r.outcomes.filter((o) => o.status === 'already-done'));
  expect(done.every((o) => typeof o.reason === 'string' && o.reason.length > 0)).toBe(true);
  // both passed the stale check on an untouched account, so a run that lost a race learned it from the
  // answer to its write (a conflict) and a read-back, never by writing twice
  expect(reports.some((r) => r.readBacks > 0)).toBe(true);

  const found = inventory(emulator.state);
  expect(duplicates(found)).toEqual({});
  expect(found).toEqual(expectedInventory(SIZE));
  const env = { CRM_ACCESS_TOKEN: TOKENS[0] };
  const after = await runCli(['plan', '--detailed-exitcode', ...target], { cwd: dir, env });
  expect([after.code, after.stdout]).toEqual([0, expect.stringContaining('No changes.') as unknown]);

  // a third run of the plan, in text: everything already done, said so
  const text = await runCli(['apply', 'plan.json', ...target], { cwd: dir, env });
  expect(text.code).toBe(0);
  expect(text.stdout + text.stderr).toMatch(new RegExp(`${total.toLocaleString('en-US')} already done`));
}, 90_000); // two real processes applying a few hundred changes: slow on a loaded 2-core machine

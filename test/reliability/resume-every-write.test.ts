/**
 * A saved plan stopped between any two of its writes is accepted again and finishes, as the docs promise.
 * One plan holds every kind that sends more than one write or runs a data step (a rename copying the
 * values of 250 records, a remap rewriting records with `replaces`, a replace (archive, then create), an
 * event property whose type changes (delete, then create), a new label with a limit on it, a new group
 * with a property in it). For each k from 0 to the number of writes an uninterrupted run sends, a fresh
 * account gets the first k writes of that run exactly (a proxy lets k writes through and refuses every
 * write after them, as a kill between two writes leaves it), then the same saved plan is applied again:
 * it must finish with exit 0, the plan after it must be empty, and every record value must be where the
 * manifests say. Through the CLI against the emulator over HTTP.
 */
import { afterEach, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
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

let emulator: TestEmulator | undefined;
let cut: GateProxy | undefined;
let dir: string | undefined;
afterEach(async () => {
  await cut?.close();
  await emulator?.close();
  if (dir !== undefined) await removeDir(dir);
});

it('a saved plan stopped after any number of its writes is applied again and finishes', async () => {
  dir = await tempDir('crm-schema-resume-');
  const where = dir;
  const before = await accountBefore(where);
  await writeFiles(where, V2);
  const env = () => ({ CRM_ACCESS_TOKEN: 'test-token', CRM_BASE_URL: '' });
  const cli = (args: string[]) => runCli([...args, '--base-url', cut!.url], { cwd: where, env: env() });

  // the plan, saved through the proxy (its target), and the writes an uncut run sends
  emulator = await freshAccount(before, where, 0);
  cut = await gateProxy(emulator.url);
  let passed = 0;
  let allowed = Number.MAX_SAFE_INTEGER;
  cut.gate = () => {
    if (passed >= allowed) return 'refuse';
    passed += 1;
    return 'pass';
  };
  const saved = await cli(['plan', '--out', 'plan.json']);
  expect(saved.code, saved.stderr).toBe(0);
  const whole = await cli(['apply', 'plan.json']);
  expect(whole.code, whole.stderr).toBe(0);
  const total = passed;
  expect(total).toBeGreaterThan(12);

  const failures: string[] = [];
  for (let k = 0; k < total; k += 1) {
    await emulator.close();
    emulator = await freshAccount(before, where, k + 1);
    cut.target = emulator.url;
    passed = 0;
    allowed = k;
    const stopped = await cli(['apply', 'plan.json', '--parallelism', '1']);
    expect(stopped.code, `after ${String(k)} writes`).toBe(1);
    allowed = Number.MAX_SAFE_INTEGER;
    const again = await cli(['apply', 'plan.json']);
    if (again.code !== 0) {
      failures.push(`after ${String(k)} writes: ${again.stderr}${again.stdout}`);
      continue;
    }
    const after = await cli(['plan', '--detailed-exitcode']);
    if (after.code !== 0) failures.push(`after ${String(k)} writes, the plan after: ${after.stdout}`);
    const now = await values(emulator);
    for (let i = 0; i < RECORDS; i += 1) {
      const got = now.get(`R${String(i)}`);
      if (JSON.stringify(got) !== JSON.stringify(expected(i))) {
        failures.push(`after ${String(k)} writes: R${String(i)} holds ${JSON.stringify(got)}`);
        break;
      }
    }
  }
  expect(failures).toEqual([]);
}, 600_000);

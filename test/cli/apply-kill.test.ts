/**
 * An apply killed with SIGKILL at a random point (several seeds), then run again: it finishes the job,
 * the plan is empty, and nothing exists twice. The emulator runs as its own process, the binary as another.
 * The killed run's answers come back late (a proxy holds each for 100 ms after the emulator has done the
 * request), so the writes take long enough for the kill to land mid-run; the runs after it are not slowed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, expect, it } from 'vitest';
import { createClient } from '../../src/api/index.js';
import { childEmulator, type ChildEmulator } from '../apply/cli-helpers.js';
import { runCli, spawnCli } from '../helpers/cli.js';
import { proxyTo } from '../helpers/proxy.js';
import { seeded } from '../helpers/seeded.js';
import { PROJECT_FILE, writeFiles } from '../apply/helpers.js';
import { manyProperties } from '../apply/scenario.js';

const TYPES = ['tickets', 'orders', 'products'];
const PER_TYPE = 120;
const EVENT_PROPERTIES = 12;

const MANIFESTS: Record<string, string> = {
  ...Object.fromEntries(
    TYPES.map((t) => [`schema/${t}.yaml`, manyProperties(t, `k_${t}`, PER_TYPE, 'killed')]),
  ),
  'schema/associations.yaml': `kind: Associations
from: tickets
to: orders
types:
  - { label: Kill label, inverseLabel: Kill inverse, maxToObjectIds: 3 }
`,
  'schema/events.yaml': `kind: EventProperties
eventName: kill_event
definition: { label: Kill event }
properties:
${Array.from({ length: EVENT_PROPERTIES }, (_, i) => `  - { name: kp_${i}, label: KP ${i}, type: string }`).join('\n')}
`,
};

let emulator: ChildEmulator | undefined;
let proxy: { url: string; close(): Promise<void> } | undefined;
let dir: string | undefined;
afterEach(async () => {
  await proxy?.close();
  await emulator?.stop();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

/** What the account holds, read over HTTP: every resource by name, with its number of copies. */
async function inventory(url: string, token: string) {
  const client = createClient({ baseUrl: url, token, rateLimit: { requests: 10_000, intervalMs: 1000 } });
  try {
    const properties = await Promise.all(
      TYPES.map(async (t) => (await client.properties.list(t)).filter((p) => p.name.startsWith('k_')).length),
    );
    const labels = (await client.associations.listLabels('tickets', 'orders')).filter(
      (l) => l.label === 'Kill label',
    );
    const inverse = (await client.associations.listLabels('orders', 'tickets')).filter(
      (l) => l.label === 'Kill inverse',
    );
    const event = await client.events.get('kill_event').catch(() => undefined);
    const names = (event?.properties ?? []).map((p) => p.name).filter((n) => n.startsWith('kp_'));
    return {
      properties,
      labels: labels.length,
      inverse: inverse.length,
      eventProperties: names.length,
      unique: new Set(names).size,
    };
  } finally {
    await client.close();
  }
}

it.each([
  [11, 'apply --yes'],
  [22, 'apply PLANFILE'],
  [33, 'apply --yes'],
  [44, 'apply PLANFILE'],
])('seed %i: %s killed mid-run, run again, ends as declared with no duplicate', async (seed, mode) => {
  dir = await mkdtemp(join(tmpdir(), 'crm-schema-kill-'));
  await writeFiles(dir, { 'crm-schema.yaml': PROJECT_FILE, ...MANIFESTS });
  emulator = await childEmulator([], dir);
  let slow = false;
  proxy = await proxyTo(
    emulator.url,
    () => Promise.resolve(),
    () => (slow ? sleep(100) : Promise.resolve()),
  );
  // a saved plan names its target: every run goes through the proxy
  const target = ['--base-url', proxy.url];
  const env = { CRM_ACCESS_TOKEN: emulator.token, CRM_BASE_URL: '' };
  // with a saved plan, the second run applies the same file: the stale check finds the first run's work done
  if (mode === 'apply PLANFILE')
    expect((await runCli(['plan', '--out', 'plan.json', ...target], { cwd: dir, env })).code).toBe(0);
  const args = mode === 'apply PLANFILE' ? ['apply', 'plan.json', ...target] : ['apply', '--yes', ...target];

  // the kill lands at a seeded point after the first phase of writes has started (its progress line), so it
  // always hits the run mid-way however fast the machine is
  const delay = Math.floor(seeded(seed)() * 400);
  slow = true;
  const first = spawnCli(args, { cwd: dir, env });
  first.stdout!.resume();
  let progress = '';
  let timer: NodeJS.Timeout | undefined;
  first.stderr!.on('data', (chunk: Buffer) => {
    progress += chunk.toString();
    if (timer === undefined && /^[\w.]+: \d+ changes?$/m.test(progress)) {
      timer = setTimeout(() => first.kill('SIGKILL'), delay);
    }
  });
  const signal = await new Promise<NodeJS.Signals | null>((resolve) => {
    first.on('exit', (_code, sig) => {
      clearTimeout(timer);
      resolve(sig);
    });
  });
  expect(signal).toBe('SIGKILL');
  slow = false;

  const second = await runCli(args, { cwd: dir, env });
  expect(second.stderr).not.toContain('Error');
  expect(second.code).toBe(0);
  const plan = await runCli(['plan', '--detailed-exitcode', ...target], { cwd: dir, env });
  expect(plan.stderr).toBe('');
  expect(plan.stdout).toContain('No changes. The live account matches the manifests.');
  expect(plan.code).toBe(0);
  expect(await inventory(emulator.url, emulator.token)).toEqual({
    properties: [PER_TYPE, PER_TYPE, PER_TYPE],
    labels: 1,
    inverse: 1,
    eventProperties: EVENT_PROPERTIES,
    unique: EVENT_PROPERTIES,
  });
});

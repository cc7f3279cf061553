/**
 * An apply stopped part-way leaves a record that says what it sent. 24 property updates (one write each,
 * one at a time), run through a proxy that holds the eighth write while the test stops the binary:
 *
 * - SIGKILL: the record is left as written before the first write, with its journal beside it; `history`
 *   lists it as incomplete (7 applied, 1 interrupted, 16 not run) and `rollback` reverses what was applied
 *   (the interrupted one too, since the proxy lets it through after the kill);
 * - SIGINT and SIGTERM: the run starts nothing more, lets the write in flight finish, folds the record
 *   (stopped by the signal, 8 applied, 16 not run), says so and exits 1; the same saved plan then
 *   finishes the job.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApplyRecord } from '../../src/engine/record/shape/record-shape.js';
import { finished, runCli, spawnCli } from '../helpers/cli.js';
import { proxyTo } from '../helpers/proxy.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { removeDir, tempDir, writeFiles } from '../live/helpers.js';

const COUNT = 24;
const PROJECT = `manifests: ['schema/*.yaml']\n`;
const manifest = (label: string) => `kind: Properties
objectType: tickets
properties:
${Array.from(
  { length: COUNT },
  (_, i) =>
    `  - { name: int_${String(i).padStart(2, '0')}, label: ${label} ${i}, type: string, fieldType: text, groupName: ticketinformation }`,
).join('\n')}
`;

let emulator: TestEmulator;
let proxy: { url: string; close(): Promise<void> };
let dir: string;
/** resolves when the eighth write reaches the proxy; the write is held until `release` */
let eighth: Promise<void>;
let release: () => void;
/** resolves once the emulator answered the eighth write */
let answered: Promise<void>;

beforeEach(async () => {
  emulator = await startTestEmulator();
  dir = await tempDir('crm-schema-interrupted-');
  let writes = 0;
  let arrived: () => void = () => undefined;
  eighth = new Promise((resolve) => (arrived = resolve));
  const held = new Promise<void>((resolve) => (release = resolve));
  let answeredEighth: () => void = () => undefined;
  answered = new Promise((resolve) => (answeredEighth = resolve));
  let holding = false;
  proxy = await proxyTo(
    emulator.url,
    async (method, path) => {
      if (method !== 'PATCH' || !path.includes('/properties/')) return;
      writes += 1;
      if (writes === 8) {
        holding = true;
        arrived();
        await held;
      }
    },
    () => {
      // the answer to the held write, once the emulator gave it
      if (holding) {
        holding = false;
        answeredEighth();
      }
      return Promise.resolve();
    },
  );
  await writeFiles(dir, { 'crm-schema.yaml': PROJECT, 'schema/tickets.yaml': manifest('V1') });
  expect((await cli(['apply', '--yes'], emulator.url)).code).toBe(0);
  await writeFiles(dir, { 'schema/tickets.yaml': manifest('V2') });
});

afterEach(async () => {
  release();
  await proxy.close();
  await emulator.close();
  await removeDir(dir);
});

const env = () => ({ CRM_ACCESS_TOKEN: emulator.token, CRM_BASE_URL: '' });
const cli = (args: string[], url = proxy.url) =>
  runCli([...args, '--base-url', url], { cwd: dir, env: env() });

async function records(): Promise<{ names: string[]; latest: ApplyRecord }> {
  const folder = join(dir, '.crm-schema', 'applies');
  const names = (await readdir(folder)).sort();
  const json = names.filter((name) => name.endsWith('.json'));
  const latest = JSON.parse(await readFile(join(folder, json.at(-1)!), 'utf8')) as ApplyRecord;
  return { names, latest };
}

async function labels(): Promise<string[]> {
  const all = await emulator.call<{ results: { name: string; label: string }[] }>(
    'GET',
    '/crm/v3/properties/tickets',
  );
  return all.body.results
    .filter((p) => p.name.startsWith('int_'))
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .map((p) => p.label);
}

/**
 * Starts the saved plan's apply (one write at a time) and stops it with `signal` while its eighth write is
 * held. The write goes through once the run has taken the signal in (its message, for SIGINT and
 * SIGTERM), or once it is gone (SIGKILL: the answer reaches nobody); the promise settles when the
 * emulator has answered it.
 */
async function stopAtEighth(signal: NodeJS.Signals) {
  expect((await cli(['plan', '--out', 'plan.json'])).code).toBe(0);
  const child = spawnCli(['apply', 'plan.json', '--parallelism', '1', '--base-url', proxy.url], {
    cwd: dir,
    env: env(),
  });
  let stderr = '';
  const heard = new Promise<void>((resolve) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes(`${signal} received`)) resolve();
    });
  });
  const done = finished(child);
  await eighth;
  child.kill(signal);
  if (signal === 'SIGKILL') await done;
  else await heard;
  release();
  await answered;
  return done;
}

describe('an apply stopped part-way', () => {
  it('SIGKILL leaves an incomplete record that history lists and rollback reverses', async () => {
    const run = await stopAtEighth('SIGKILL');
    expect(run.signal).toBe('SIGKILL');
    const { names, latest } = await records();
    expect(names.filter((name) => name.endsWith('.journal'))).toHaveLength(1);
    expect(latest.complete).toBe(false);

    const history = await runCli(['history', '--json'], { cwd: dir, env: { CRM_ACCESS_TOKEN: '' } });
    const listed = (
      JSON.parse(history.stdout) as {
        records: { id: string; complete: boolean; counts: Record<string, number> }[];
      }
    ).records;
    const killed = listed.find((r) => r.id === latest.id)!;
    expect(killed.complete).toBe(false);
    expect(killed.counts).toMatchObject({ applied: 7, interrupted: 1, 'not-run': 16 });
    const text = await runCli(['history'], { cwd: dir, env: { CRM_ACCESS_TOKEN: '' } });
    expect(text.stdout).toContain(
      '7 applied, 1 interrupted, 16 not run  (incomplete: killed, or still running)',
    );

    const back = await cli(['rollback', latest.id, '--out', 'back.json']);
    expect(back.code, back.stdout + back.stderr).toBe(0);
    expect(back.stdout).toContain('Plan: 8 to update.');
    expect(back.stdout).toContain('16 changes of apply');
    const undone = await cli(['apply', 'back.json']);
    expect(undone.code, undone.stderr).toBe(0);
    expect(await labels()).toEqual(Array.from({ length: COUNT }, (_, i) => `V1 ${i}`));
  });

  it.each(['SIGINT', 'SIGTERM'] as const)(
    '%s stops starting changes, finishes the one in flight, records it, and the same plan finishes',
    async (signal) => {
      const run = await stopAtEighth(signal);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`${signal} received: no further change is started`);
      expect(run.stderr).toContain(
        `Apply stopped by ${signal}: 8 changes of 24 done, 16 changes not started.`,
      );
      const { names, latest } = await records();
      expect(names.filter((name) => name.endsWith('.journal'))).toEqual([]);
      expect(latest).toMatchObject({ complete: false, stoppedBy: signal, ok: false });
      const outcomes = latest.changes.map((c) => c.outcome);
      expect(outcomes.filter((o) => o === 'applied')).toHaveLength(8);
      expect(outcomes.filter((o) => o === 'not-run')).toHaveLength(16);

      const again = await cli(['apply', 'plan.json']);
      expect(again.code, again.stderr).toBe(0);
      expect(await labels()).toEqual(Array.from({ length: COUNT }, (_, i) => `V2 ${i}`));
    },
  );
});

/**
 * Two applies of one saved plan at once through the CLI (the binary for the one held back, the CLI's main
 * for the other): run B is held at its rename's mark while run A applies the whole plan, which archives
 * the old property; B's mark then meets an archived property (404). B reports the rename as already done
 * by another run and exits 0: never a raw API error. When the other run left it otherwise (someone
 * relabels the new property meanwhile), B stops with a message naming the resource.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { finished, runCli, spawnCli } from '../helpers/cli.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { gateProxy, type GateProxy } from '../helpers/every-kind-plan.js';
import { removeDir, tempDir, writeFiles } from '../live/helpers.js';

const PROJECT = `manifests: ['schema/*.yaml']\n`;
const manifest = (renamed: boolean) => `kind: Properties
objectType: tickets
properties:
  - { name: race_${renamed ? 'tier' : 'level'},${renamed ? ' renamedFrom: race_level,' : ''} label: Level, type: string, fieldType: text, groupName: ticketinformation }
`;

let emulator: TestEmulator;
let proxy: GateProxy;
let dir: string;

beforeEach(async () => {
  emulator = await startTestEmulator({ tokens: ['run-a', 'run-b'], rateLimit: 100_000 });
  proxy = await gateProxy(emulator.url);
  dir = await tempDir('crm-schema-race-cli-');
  await writeFiles(dir, { 'crm-schema.yaml': PROJECT, 'schema/tickets.yaml': manifest(false) });
  expect((await cli('run-a', ['apply', '--yes'])).code).toBe(0);
  await emulator.call('POST', '/crm/v3/objects/tickets/batch/create', {
    inputs: [{ properties: { subject: 'A', race_level: 'gold' } }],
  });
  await writeFiles(dir, { 'schema/tickets.yaml': manifest(true) });
  expect((await cli('run-a', ['plan', '--out', 'plan.json'])).code).toBe(0);
});

afterEach(async () => {
  await proxy.close();
  await emulator.close();
  await removeDir(dir);
});

const env = (token: string) => ({ CRM_ACCESS_TOKEN: token, CRM_BASE_URL: '' });
const cli = (token: string, args: string[]) =>
  runCli([...args, '--base-url', proxy.url], { cwd: dir, env: env(token) });

/** B runs until its rename's mark (a PATCH of race_level), held there while `meanwhile` runs. */
async function raceAtMark(meanwhile: () => Promise<void>) {
  let arrived: () => void = () => undefined;
  const reached = new Promise<void>((resolve) => (arrived = resolve));
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  proxy.gate = ({ method, path, token }) => {
    if (token !== 'run-b' || method !== 'PATCH' || !path.endsWith('/race_level')) return 'pass';
    arrived();
    return held;
  };
  const b = finished(
    spawnCli(['apply', 'plan.json', '--base-url', proxy.url], { cwd: dir, env: env('run-b') }),
  );
  await reached;
  await meanwhile();
  release();
  return b;
}

it('the run that finds its change done by the other reports it already done and exits 0', async () => {
  const b = await raceAtMark(async () => {
    const a = await cli('run-a', ['apply', 'plan.json']);
    expect(a.code, a.stderr).toBe(0);
  });
  expect(b.code, b.stderr + b.stdout).toBe(0);
  expect(b.stdout).toContain('another run of the plan (an apply at the same time), or someone else, did it');
  expect(b.stdout + b.stderr).not.toMatch(/OBJECT_NOT_FOUND|is archived; read it/);
  const after = await cli('run-a', ['plan', '--detailed-exitcode']);
  expect(after.code, after.stdout).toBe(0);
});

it('when the other run left it otherwise, the run stops naming the resource', async () => {
  const b = await raceAtMark(async () => {
    const a = await cli('run-a', ['apply', 'plan.json']);
    expect(a.code, a.stderr).toBe(0);
    // someone changes the new property before B goes on
    await emulator.call('PATCH', '/crm/v3/properties/tickets/race_tier', { label: 'Edited meanwhile' });
  });
  expect(b.code).toBe(1);
  expect(b.stdout).toContain(
    'tickets.race_tier changed while this apply ran (another apply at the same time, or someone else)',
  );
  expect(b.stdout).toContain('it differs from the plan in label');
});

/**
 * A saved plan's apply killed (SIGKILL) in the middle of a data step, then the same saved plan applied
 * again: it is accepted, finishes the copy, archives the old property once, and the plan after it is
 * empty. The rename copies 300 records' values in three batches; a proxy holds the second batch while
 * the test kills the binary, then lets it through (the write is done, its answer reaches nobody).
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { finished, runCli, spawnCli } from '../helpers/cli.js';
import { proxyTo } from '../helpers/proxy.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { removeDir, tempDir, writeFiles } from '../live/helpers.js';

const RECORDS = 300;
const PROJECT = `manifests: ['schema/*.yaml']\n`;
const entry = (name: string, renamedFrom?: string) => `kind: Properties
objectType: tickets
properties:
  - { name: ${name},${renamedFrom === undefined ? '' : ` renamedFrom: ${renamedFrom},`} label: Code, type: string, fieldType: text, groupName: ticketinformation }
`;

let emulator: TestEmulator;
let proxy: { url: string; close(): Promise<void> };
let dir: string;
let secondBatch: Promise<void>;
let release: () => void;

beforeEach(async () => {
  emulator = await startTestEmulator({ rateLimit: 100_000 });
  dir = await tempDir('crm-schema-step-kill-');
  let batches = 0;
  let arrived: () => void = () => undefined;
  secondBatch = new Promise((resolve) => (arrived = resolve));
  const held = new Promise<void>((resolve) => (release = resolve));
  proxy = await proxyTo(emulator.url, async (method, path) => {
    if (method !== 'POST' || !path.endsWith('/objects/tickets/batch/update')) return;
    batches += 1;
    if (batches === 2) {
      arrived();
      await held;
    }
  });
  await writeFiles(dir, { 'crm-schema.yaml': PROJECT, 'schema/tickets.yaml': entry('kill_code') });
  expect((await cli(['apply', '--yes'])).code).toBe(0);
  for (let at = 0; at < RECORDS; at += 100) {
    const inputs = Array.from({ length: 100 }, (_, i) => ({
      properties: { subject: `K${String(at + i)}`, kill_code: `code ${String(at + i)}` },
    }));
    expect((await emulator.call('POST', '/crm/v3/objects/tickets/batch/create', { inputs })).status).toBe(
      201,
    );
  }
  await writeFiles(dir, { 'schema/tickets.yaml': entry('kill_ref', 'kill_code') });
});

afterEach(async () => {
  release();
  await proxy.close();
  await emulator.close();
  await removeDir(dir);
});

const env = () => ({ CRM_ACCESS_TOKEN: emulator.token, CRM_BASE_URL: '' });
const cli = (args: string[]) => runCli([...args, '--base-url', proxy.url], { cwd: dir, env: env() });

it('a saved plan killed during its data step is accepted again and finishes', async () => {
  expect((await cli(['plan', '--out', 'plan.json'])).code).toBe(0);
  const child = spawnCli(['apply', 'plan.json', '--base-url', proxy.url], { cwd: dir, env: env() });
  const done = finished(child);
  await secondBatch;
  child.kill('SIGKILL');
  expect((await done).signal).toBe('SIGKILL');
  release();

  const again = await cli(['apply', 'plan.json']);
  expect(again.code, again.stderr).toBe(0);
  const after = await cli(['plan', '--detailed-exitcode']);
  expect(after.code, after.stdout).toBe(0);

  const values = new Map<string, string>();
  let cursor: string | undefined;
  do {
    const page = await emulator.call<{
      results: { properties: Record<string, string | null> }[];
      paging?: { next?: { after: string } };
    }>(
      'GET',
      `/crm/v3/objects/tickets?limit=100&properties=subject,kill_ref${cursor === undefined ? '' : `&after=${cursor}`}`,
    );
    for (const record of page.body.results)
      values.set(String(record.properties.subject), String(record.properties.kill_ref));
    cursor = page.body.paging?.next?.after;
  } while (cursor !== undefined);
  for (let i = 0; i < RECORDS; i += 1) expect(values.get(`K${String(i)}`)).toBe(`code ${String(i)}`);
  const old = await emulator.call('GET', '/crm/v3/properties/tickets/kill_code?archived=true');
  expect(old.body).toMatchObject({ archived: true });
});

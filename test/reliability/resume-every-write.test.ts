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
import { copyFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { removeDir, tempDir, writeFiles } from '../live/helpers.js';

const PROJECT = `manifests: ['schema/*.yaml']
policy:
  destructive: allow
`;

const V1 = {
  'schema/tickets.yaml': `kind: Properties
objectType: tickets
properties:
  - { name: rs_level, label: Level, type: string, fieldType: text, groupName: ticketinformation }
  - { name: rs_code, label: Code, type: string, fieldType: text, groupName: ticketinformation }
  - name: rs_priority
    label: Priority
    type: enumeration
    fieldType: select
    groupName: ticketinformation
    options:
      - { label: Low, value: low }
      - { label: Urgent, value: urgent }
      - { label: Critical, value: critical }
`,
  'schema/events.yaml': `kind: EventProperties
eventName: rs_shipped
definition: { label: Rs shipped, primaryObject: CONTACT }
properties:
  - { name: weight, label: Weight, type: string }
`,
};

const V2 = {
  'schema/tickets.yaml': `kind: Properties
objectType: tickets
groups:
  - { name: rs_group, label: Rs group }
properties:
  - { name: rs_tier, renamedFrom: rs_level, label: Tier, type: string, fieldType: text, groupName: ticketinformation }
  - { name: rs_code, label: Code, type: string, fieldType: text, groupName: ticketinformation, hasUniqueValue: true }
  - { name: rs_new, label: New, type: string, fieldType: text, groupName: rs_group }
  - name: rs_priority
    label: Priority
    type: enumeration
    fieldType: select
    groupName: ticketinformation
    options:
      - { label: Low, value: low }
      - { label: P1, value: p1, replaces: [urgent, critical] }
`,
  'schema/associations.yaml': `kind: Associations
from: tickets
to: orders
types:
  - { label: Rs order, inverseLabel: Rs ticket, maxToObjectIds: 3 }
`,
  'schema/events.yaml': `kind: EventProperties
eventName: rs_shipped
definition: { label: Rs shipped, primaryObject: CONTACT }
properties:
  - { name: weight, label: Weight, type: number }
`,
};

const RECORDS = 120;

const isWrite = (method: string, path: string) =>
  method !== 'GET' && !path.includes('/batch/read') && !path.endsWith('/search');

interface Cut {
  url: string;
  /** where it forwards to */
  target: string;
  /** writes let through before every later one is refused */
  allowed: number;
  /** writes let through so far */
  passed: number;
  close(): Promise<void>;
}

/** A proxy that passes reads always and the first `allowed` writes; every write after them is refused (400). */
async function cutProxy(target: string): Promise<Cut> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const method = request.method ?? 'GET';
        const path = request.url ?? '/';
        if (isWrite(method, path)) {
          if (cut.passed >= cut.allowed) {
            response.writeHead(400, { 'content-type': 'application/json' }).end(
              JSON.stringify({
                status: 'error',
                category: 'VALIDATION_ERROR',
                message: 'cut here by the test',
              }),
            );
            return;
          }
          cut.passed += 1;
        }
        const body = Buffer.concat(chunks).toString('utf8');
        const answer = await fetch(`${cut.target}${path}`, {
          method,
          headers: { authorization: request.headers.authorization ?? '', 'content-type': 'application/json' },
          ...(body === '' ? {} : { body }),
        });
        const text = Buffer.from(await answer.arrayBuffer());
        // the rate-limit headers too: the client paces itself by them
        const headers: Record<string, string> = {};
        answer.headers.forEach((value, key) => {
          if (!['content-length', 'transfer-encoding', 'content-encoding', 'connection'].includes(key))
            headers[key] = value;
        });
        response.writeHead(answer.status, headers).end(text);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const cut: Cut = {
    url: `http://127.0.0.1:${String(port)}`,
    target,
    allowed: Number.MAX_SAFE_INTEGER,
    passed: 0,
    close: () =>
      new Promise((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
  return cut;
}

let emulator: TestEmulator | undefined;
let cut: Cut | undefined;
let dir: string | undefined;
afterEach(async () => {
  await cut?.close();
  await emulator?.close();
  if (dir !== undefined) await removeDir(dir);
});

/** The account before the plan: v1 applied, records written; kept in a data file each run starts from. */
async function accountBefore(where: string): Promise<string> {
  const dataFile = join(where, 'before.json');
  const em = await startTestEmulator({ dataFile, rateLimit: 100_000 });
  try {
    const env = { CRM_ACCESS_TOKEN: em.token, CRM_BASE_URL: '' };
    await writeFiles(where, { 'crm-schema.yaml': PROJECT, ...V1 });
    const v1 = await runCli(['apply', '--yes', '--base-url', em.url], { cwd: where, env });
    expect(v1.code, v1.stderr).toBe(0);
    const inputs = Array.from({ length: RECORDS }, (_, i) => ({
      properties: {
        subject: `R${String(i)}`,
        rs_level: `level ${String(i)}`,
        rs_priority: ['low', 'urgent', 'critical'][i % 3]!,
      },
    }));
    for (let at = 0; at < inputs.length; at += 100) {
      const created = await em.call('POST', '/crm/v3/objects/tickets/batch/create', {
        inputs: inputs.slice(at, at + 100),
      });
      expect(created.status).toBeLessThan(300);
    }
    await em.save();
  } finally {
    await em.close();
  }
  return dataFile;
}

/** A fresh account as before the plan, on its own data file. */
async function freshAccount(before: string, where: string, n: number): Promise<TestEmulator> {
  const file = join(where, `account-${String(n)}.json`);
  await copyFile(before, file);
  return startTestEmulator({ dataFile: file, tokens: ['test-token'], rateLimit: 100_000 });
}

async function values(em: TestEmulator): Promise<Map<string, Record<string, string>>> {
  const out = new Map<string, Record<string, string>>();
  let after: string | undefined;
  do {
    const page = await em.call<{
      results: { properties: Record<string, string | null> }[];
      paging?: { next?: { after: string } };
    }>(
      'GET',
      `/crm/v3/objects/tickets?limit=100&properties=subject,rs_tier,rs_level,rs_priority${after === undefined ? '' : `&after=${after}`}`,
    );
    for (const record of page.body.results) {
      const p = record.properties;
      const kept: Record<string, string> = {};
      for (const key of ['rs_tier', 'rs_level', 'rs_priority'])
        if (p[key] != null && p[key] !== '') kept[key] = p[key];
      out.set(String(p.subject), kept);
    }
    after = page.body.paging?.next?.after;
  } while (after !== undefined);
  return out;
}

const expected = (i: number) => ({ rs_tier: `level ${String(i)}`, rs_priority: i % 3 === 0 ? 'low' : 'p1' });

it('a saved plan stopped after any number of its writes is applied again and finishes', async () => {
  dir = await tempDir('crm-schema-resume-');
  const where = dir;
  const before = await accountBefore(where);
  await writeFiles(where, V2);
  const env = () => ({ CRM_ACCESS_TOKEN: 'test-token', CRM_BASE_URL: '' });
  const cli = (args: string[]) => runCli([...args, '--base-url', cut!.url], { cwd: where, env: env() });

  // the plan, saved through the proxy (its target), and the writes an uncut run sends
  emulator = await freshAccount(before, where, 0);
  cut = await cutProxy(emulator.url);
  const saved = await cli(['plan', '--out', 'plan.json']);
  expect(saved.code, saved.stderr).toBe(0);
  const whole = await cli(['apply', 'plan.json']);
  expect(whole.code, whole.stderr).toBe(0);
  const total = cut.passed;
  expect(total).toBeGreaterThan(12);

  const failures: string[] = [];
  for (let k = 0; k < total; k += 1) {
    await emulator.close();
    emulator = await freshAccount(before, where, k + 1);
    cut.target = emulator.url;
    cut.passed = 0;
    cut.allowed = k;
    const stopped = await cli(['apply', 'plan.json', '--parallelism', '1']);
    expect(stopped.code, `after ${String(k)} writes`).toBe(1);
    cut.allowed = Number.MAX_SAFE_INTEGER;
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

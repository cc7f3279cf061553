/**
 * A plan that holds every change kind sending more than one write or running a data step, on an account
 * with records: v1 of a project applied with 120 tickets, then v2 (a rename copying every value, a remap
 * rewriting records with `replaces`, a replace (archive, then create) for a field the API cannot change,
 * an event property whose type changes (delete, then create), a label with a limit on it, a group with a
 * property in it). The account before the plan is kept in a data file, so each run starts from a copy of
 * it; a proxy lets each write through, refuses it, or holds it, as a test says.
 */
import { copyFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect } from 'vitest';
import { runCli } from './cli.js';
import { startTestEmulator, type TestEmulator } from './emulator.js';
import { writeFiles } from '../live/helpers.js';

export const PROJECT = `manifests: ['schema/*.yaml']
policy:
  destructive: allow
`;

export const V1 = {
  'schema/tickets.yaml': `kind: Properties
objectType: tickets
properties:
  - { name: rs_level, label: Level, type: string, fieldType: text, groupName: ticketinformation }
  - { name: rs_sub, label: Sub, type: string, fieldType: text, groupName: ticketinformation }
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

export const V2 = {
  'schema/tickets.yaml': `kind: Properties
objectType: tickets
groups:
  - { name: rs_group, label: Rs group }
properties:
  - { name: rs_tier, renamedFrom: rs_level, label: Tier, type: string, fieldType: text, groupName: ticketinformation }
  - { name: rs_main, renamedFrom: rs_sub, label: Main, type: string, fieldType: text, groupName: ticketinformation }
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

export const RECORDS = 120;

export const isWrite = (method: string, path: string) =>
  method !== 'GET' && !path.includes('/batch/read') && !path.endsWith('/search');

/** What the proxy does with one write: let it through, refuse it (400), or hold it until the promise settles. */
export type WriteGate = (write: {
  method: string;
  path: string;
  token: string;
}) => 'pass' | 'refuse' | Promise<void>;

export interface GateProxy {
  url: string;
  /** where it forwards to */
  target: string;
  /** decides each write (reads always pass) */
  gate: WriteGate;
  close(): Promise<void>;
}

/** A proxy that passes every read, and each write as `gate` says; the answers' headers go back as they came. */
export async function gateProxy(target: string): Promise<GateProxy> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const method = request.method ?? 'GET';
        const path = request.url ?? '/';
        const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
        if (isWrite(method, path)) {
          const decision = proxy.gate({ method, path, token });
          if (decision === 'refuse') {
            response.writeHead(400, { 'content-type': 'application/json' }).end(
              JSON.stringify({
                status: 'error',
                category: 'VALIDATION_ERROR',
                message: 'refused by the test',
              }),
            );
            return;
          }
          if (decision !== 'pass') await decision;
        }
        const body = Buffer.concat(chunks).toString('utf8');
        const answer = await fetch(`${proxy.target}${path}`, {
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
  const proxy: GateProxy = {
    url: `http://127.0.0.1:${String(port)}`,
    target,
    gate: () => 'pass',
    close: () =>
      new Promise((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
  return proxy;
}

/** The account before the plan: v1 applied, records written; kept in a data file each run starts from. */
export async function accountBefore(where: string): Promise<string> {
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
        rs_sub: `sub ${String(i)}`,
        rs_priority: ['low', 'urgent', 'critical'][i % 3]!,
      },
    }));
    for (let at = 0; at < inputs.length; at += 100) {
      const created = await em.call('POST', '/crm/v3/objects/tickets/batch/create', {
        inputs: inputs.slice(at, at + 100),
      });
      expect(created.status).toBeLessThan(300);
    }
    // rs_main was renamed to rs_sub before (a rollback of that rename): archived with the values it then
    // held, all of which that rename carried to rs_sub; the plan renames rs_sub back, restoring rs_main
    const property = {
      name: 'rs_main',
      label: 'Main',
      type: 'string',
      fieldType: 'text',
      groupName: 'ticketinformation',
    };
    expect((await em.call('POST', '/crm/v3/properties/tickets', property)).status).toBe(201);
    const records = await values(em);
    const ids = await recordIds(em);
    const updates = [...ids].map(([subject, id]) => ({
      id,
      properties: { rs_main: records.get(subject)?.rs_sub ?? '' },
    }));
    for (let at = 0; at < updates.length; at += 100)
      expect(
        (
          await em.call('POST', '/crm/v3/objects/tickets/batch/update', {
            inputs: updates.slice(at, at + 100),
          })
        ).status,
      ).toBeLessThan(300);
    expect(
      (
        await em.call('PATCH', '/crm/v3/properties/tickets/rs_main', {
          description: 'crm-schema: renamed to rs_sub',
        })
      ).status,
    ).toBe(200);
    expect((await em.call('DELETE', '/crm/v3/properties/tickets/rs_main')).status).toBe(204);
    await em.save();
  } finally {
    await em.close();
  }
  return dataFile;
}

/** A fresh account as before the plan, on its own data file. */
export async function freshAccount(
  before: string,
  where: string,
  n: number,
  tokens: string[] = ['test-token'],
): Promise<TestEmulator> {
  const file = join(where, `account-${String(n)}.json`);
  await copyFile(before, file);
  return startTestEmulator({ dataFile: file, tokens, rateLimit: 100_000 });
}

export async function values(em: TestEmulator): Promise<Map<string, Record<string, string>>> {
  const out = new Map<string, Record<string, string>>();
  let after: string | undefined;
  do {
    const page = await em.call<{
      results: { properties: Record<string, string | null> }[];
      paging?: { next?: { after: string } };
    }>(
      'GET',
      `/crm/v3/objects/tickets?limit=100&properties=subject,rs_tier,rs_level,rs_priority,rs_sub,rs_main${after === undefined ? '' : `&after=${after}`}`,
    );
    for (const record of page.body.results) {
      const p = record.properties;
      const kept: Record<string, string> = {};
      for (const key of ['rs_tier', 'rs_level', 'rs_priority', 'rs_sub', 'rs_main'])
        if (p[key] != null && p[key] !== '') kept[key] = p[key];
      out.set(String(p.subject), kept);
    }
    after = page.body.paging?.next?.after;
  } while (after !== undefined);
  return out;
}

/** What record `R<i>` holds once the plan is applied (in the order `values` lists them). */
export const expected = (i: number) => ({
  rs_tier: `level ${String(i)}`,
  rs_priority: i % 3 === 0 ? 'low' : 'p1',
  rs_main: `sub ${String(i)}`,
});

/** Record subject -> id. */
async function recordIds(em: TestEmulator): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  let after: string | undefined;
  do {
    const page = await em.call<{
      results: { id: string; properties: Record<string, string | null> }[];
      paging?: { next?: { after: string } };
    }>(
      'GET',
      `/crm/v3/objects/tickets?limit=100&properties=subject${after === undefined ? '' : `&after=${after}`}`,
    );
    for (const record of page.body.results) out.set(String(record.properties.subject), record.id);
    after = page.body.paging?.next?.after;
  } while (after !== undefined);
  return out;
}

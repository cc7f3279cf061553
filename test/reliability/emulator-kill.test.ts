/**
 * The emulator killed with SIGKILL in the middle of a burst of writes, then started again on its data
 * file: every write it acknowledged is there. Six workers create tickets, change their earlier tickets
 * and link them to an order, all at once; the process is killed when the k-th write is acknowledged (k
 * drawn from the seed), with writes still in flight. Then the files are read, and the emulator started
 * again on them takes more writes and stops cleanly.
 *
 * Two processes: the built binary (`crm-schema emulator --data FILE`), and the built emulator with a
 * journal limit of 3 KB, so that the data file is rewritten every few writes and the kill often lands
 * during a rewrite.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { readStateFile } from '../../src/emulator/persistence.js';
import { BIN, ROOT } from '../helpers/cli.js';
import { seeded } from './cli.js';

const TOKEN = 'kill-token';
const WORKERS = 6;
const TICKETS_TO_ORDERS = 27;
const DIST_EMULATOR = pathToFileURL(join(ROOT, 'dist', 'emulator', 'index.js')).href;

type Runner = 'binary' | 'small journal';

function spawnEmulator(runner: Runner, dataFile: string): ChildProcess {
  if (runner === 'binary') {
    return spawn(process.execPath, [BIN, 'emulator', '--port', '0', '--token', TOKEN, '--data', dataFile], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  }
  const script = `
    const { startEmulator } = await import(${JSON.stringify(DIST_EMULATOR)});
    const emulator = await startEmulator({ dataFile: ${JSON.stringify(dataFile)}, tokens: [${JSON.stringify(TOKEN)}], journalLimitBytes: 3000 });
    process.on('SIGTERM', () => emulator.close().then(() => process.exit(0)));
    console.log('crm-schema emulator listening on ' + emulator.url);`;
  return spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

interface Started {
  child: ChildProcess;
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

async function start(runner: Runner, dataFile: string): Promise<Started> {
  const child = spawnEmulator(runner, dataFile);
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((done) =>
    child.on('close', (code, signal) => {
      done({ code, signal, stderr });
    }),
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    void exited.then(({ code }) => {
      reject(new Error(`the emulator exited (${code}) before it was ready: ${out} ${stderr}`));
    });
  });
  return { child, url, exited };
}

async function call(
  url: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** What the clients know: per ticket, the subject last acknowledged and those sent after it (outcome unknown). */
interface Ledger {
  tickets: Map<string, { acked: string; unknown: string[] }>;
  links: Set<string>;
  acks: number;
}

let dir: string | undefined;
let running: ChildProcess | undefined;
afterEach(async () => {
  running?.kill('SIGKILL');
  running = undefined;
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

const cases: [Runner, number][] = [
  ['binary', 1],
  ['binary', 2],
  ['binary', 3],
  ['small journal', 1],
  ['small journal', 2],
  ['small journal', 3],
];

it.each(cases)(
  '%s, seed %i: killed mid-burst, every acknowledged write is kept',
  { timeout: 60_000 },
  async (runner, seed) => {
    const random = seeded(seed);
    const killAt = 60 + Math.floor(random() * 240);
    dir = await mkdtemp(join(tmpdir(), 'crm-emu-kill-'));
    const dataFile = join(dir, 'state.json');
    const first = await start(runner, dataFile);
    running = first.child;
    const order = await call(first.url, 'POST', '/crm/v3/objects/orders', { properties: {} });
    expect(order.status).toBe(201);
    const orderId = order.body.id as string;

    const ledger: Ledger = { tickets: new Map(), links: new Set(), acks: 0 };
    let killed = false;
    const acked = () => {
      if (++ledger.acks === killAt) {
        killed = true;
        first.child.kill('SIGKILL');
      }
    };
    const worker = async (w: number) => {
      const mine: string[] = [];
      for (let i = 0; !killed; i++) {
        try {
          if (i % 3 === 2 && mine.length > 0) {
            const id = mine[i % mine.length]!;
            const entry = ledger.tickets.get(id)!;
            const subject = `w${w} ticket ${id} change ${i}`;
            entry.unknown.push(subject);
            const res = await call(first.url, 'PATCH', `/crm/v3/objects/tickets/${id}`, {
              properties: { subject },
            });
            if (res.status !== 200) throw new Error(`PATCH answered ${res.status}`);
            entry.acked = subject;
            entry.unknown = [];
          } else if (i % 5 === 4 && mine.length > 0) {
            const id = mine.at(-1)!;
            const res = await call(
              first.url,
              'PUT',
              `/crm/v4/objects/tickets/${id}/associations/orders/${orderId}`,
              [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: TICKETS_TO_ORDERS }],
            );
            if (res.status !== 200) throw new Error(`PUT answered ${res.status}`);
            ledger.links.add(id);
          } else {
            const subject = `w${w} ticket ${i}`;
            const res = await call(first.url, 'POST', '/crm/v3/objects/tickets', { properties: { subject } });
            if (res.status !== 201) throw new Error(`POST answered ${res.status}`);
            mine.push(res.body.id as string);
            ledger.tickets.set(res.body.id as string, { acked: subject, unknown: [] });
          }
          acked();
        } catch (error) {
          // a connection cut by the kill: that write's outcome is unknown
          if (!killed) throw error;
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    const ended = await first.exited;
    expect(ended.signal).toBe('SIGKILL');
    running = undefined;

    const check = async () => {
      const state = (await readStateFile(dataFile))!;
      const tickets = state.objectTypes['0-5']!.records;
      for (const [id, { acked: subject, unknown }] of ledger.tickets) {
        expect(tickets[id], `ticket ${id}`).toBeDefined();
        expect([subject, ...unknown]).toContain(tickets[id]!.properties.subject);
      }
      const linked = new Set(
        state.recordAssociations
          .filter((a) => a.fromObjectTypeId === '0-5' && a.toId === orderId && a.typeId === TICKETS_TO_ORDERS)
          .map((a) => a.fromId),
      );
      for (const id of ledger.links) expect(linked.has(id), `link of ticket ${id}`).toBe(true);
      return state;
    };
    await check();
    // answers already on their way when the kill landed count as acknowledged too
    expect(ledger.acks).toBeGreaterThanOrEqual(killAt);

    // started again: it loads the files, takes more writes, and stops with everything saved
    const second = await start(runner, dataFile);
    running = second.child;
    const more = await call(second.url, 'POST', '/crm/v3/objects/tickets', {
      properties: { subject: 'after the kill' },
    });
    expect(more.status).toBe(201);
    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
    running = undefined;
    const state = await check();
    expect(state.objectTypes['0-5']!.records[more.body.id as string]!.properties.subject).toBe(
      'after the kill',
    );
  },
);

/**
 * The emulator's data file at scale, through the built binary in its own process: the latency of a
 * single record create with `--data` on an empty account and on one of 100,000 records, each right after
 * the emulator starts (a reply is sent only once the write is on disk; the large account's records are
 * then still being decoded in the background), the start-up time with those 100,000 records in the data file, and
 * the latency of searches with an `EQ` filter over them (served by an index after the first such search;
 * one matching 1 in 13 records, one matching a single record) against one whose filter reads every
 * record (`CONTAINS_TOKEN`).
 *
 * The large data file is made once by the binary itself: `--seed-file` with 100,000 tickets, each with
 * a subject, a description and two custom properties (about 1 KB per record, like records written
 * through the API). Part of `npm run bench:emulator`; `BENCH_STORAGE_RECORDS=10000` runs a smaller
 * account.
 */
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, startEmulatorProcess, type EmulatorProcess } from './cli-process.js';

const TOKEN = 'bench-token';
const LEVELS = 13;
/**
 * creates measured per account, the first one right after the emulator started listening: as a user
 * meets it after a restart, none left out (the median is of these)
 */
const CREATES = 15;
const STARTS = 3;
const SEARCHES = 20;
/** the search endpoints allow 5 requests per second per token */
const SEARCH_GAP_MS = 210;
/** the targets: a create on 100,000 records under twice the one on an empty account; start-up under 1 s */
export const CREATE_RATIO_TARGET = 2;
export const STARTUP_TARGET_MS = 1000;

export interface StorageBenchFigures {
  records: number;
  dataFileMb: number;
  createEmptyMs: number;
  createFullMs: number;
  createRatio: number;
  startupMs: number;
  startupRunsMs: number[];
  eqSearchFirstMs: number;
  eqSearchMs: number;
  eqSearchTotal: number;
  /** an EQ search that one record matches (median, after its index was built) */
  eqOneSearchMs: number;
  scanSearchMs: number;
  /** the binary making the large data file from the seed file (not a target) */
  seedMs: number;
}

async function timed(
  url: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ ms: number; json: any }> {
  const started = performance.now();
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return { ms, json: text ? JSON.parse(text) : undefined };
}

const round = (ms: number) => Number(ms.toFixed(1));
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Median latency of single record creates, one after the other. */
async function createLatency(url: string): Promise<number> {
  const latencies: number[] = [];
  for (let i = 0; i < CREATES; i++) {
    const { ms } = await timed(url, 'POST', '/crm/v3/objects/tickets', {
      properties: { subject: `Bench create ${i}`, bench_level: 'level-new' },
    });
    latencies.push(ms);
  }
  return median(latencies);
}

function seedFile(records: number): unknown {
  const text = (name: string) => ({
    name,
    label: name,
    type: 'string',
    fieldType: 'text',
    groupName: 'ticketinformation',
  });
  return {
    properties: { tickets: [text('bench_level'), text('bench_reference')] },
    records: {
      tickets: Array.from({ length: records }, (_, i) => ({
        properties: {
          subject: `Ticket ${i}: printer on floor ${i % 40} does not print`,
          content: `The printer on floor ${i % 40} stopped printing after the update of ticket ${i}; the queue holds ${i % 97} jobs.`,
          bench_level: `level-${i % LEVELS}`,
          bench_reference: `REF-${String(i).padStart(8, '0')}`,
        },
      })),
    },
  };
}

async function start(args: readonly string[]): Promise<{ emulator: EmulatorProcess; ms: number }> {
  const started = performance.now();
  const emulator = await startEmulatorProcess(['--token', TOKEN, ...args]);
  return { emulator, ms: performance.now() - started };
}

export async function runStorageBench(options: { records?: number } = {}): Promise<StorageBenchFigures> {
  const records = options.records ?? Number(process.env.BENCH_STORAGE_RECORDS ?? 100_000);
  const dir = await mkdtemp(join(tmpdir(), 'crm-schema-bench-storage-'));
  try {
    // an empty account (the built-in schema and two custom properties)
    await writeFile(join(dir, 'empty-seed.json'), JSON.stringify(seedFile(0)));
    const empty = await start([
      '--data',
      join(dir, 'empty.json'),
      '--seed-file',
      join(dir, 'empty-seed.json'),
    ]);
    let createEmptyMs: number;
    try {
      createEmptyMs = await createLatency(empty.emulator.url);
    } finally {
      await empty.emulator.stop();
    }

    // the large account, made once by the binary from a seed file, then stopped (its close writes the snapshot)
    const dataFile = join(dir, 'large.json');
    await writeFile(join(dir, 'seed.json'), JSON.stringify(seedFile(records)));
    const seeded = await start(['--data', dataFile, '--seed-file', join(dir, 'seed.json')]);
    await seeded.emulator.stop();
    const dataFileMb = (await stat(dataFile)).size / 1e6;

    const startupRunsMs: number[] = [];
    for (let i = 0; i < STARTS - 1; i++) {
      const run = await start(['--data', dataFile]);
      startupRunsMs.push(run.ms);
      await run.emulator.stop();
    }
    const last = await start(['--data', dataFile]);
    startupRunsMs.push(last.ms);
    try {
      const { url } = last.emulator;
      const createFullMs = await createLatency(url);
      const search = (filter: Record<string, unknown>) =>
        timed(url, 'POST', '/crm/v3/objects/tickets/search', {
          filterGroups: [{ filters: [filter] }],
          properties: ['subject'],
          limit: 10,
        });
      const eq = { propertyName: 'bench_level', operator: 'EQ', value: 'level-7' };
      const first = await search(eq);
      const eqTimes: number[] = [];
      for (let i = 0; i < SEARCHES; i++) {
        await sleep(SEARCH_GAP_MS);
        eqTimes.push((await search(eq)).ms);
      }
      // one record holds the value: the index finds it without reading the others
      const oneTimes: number[] = [];
      const one = {
        propertyName: 'bench_reference',
        operator: 'EQ',
        value: `REF-${String(Math.floor(records / 2)).padStart(8, '0')}`,
      };
      for (let i = 0; i < SEARCHES; i++) {
        await sleep(SEARCH_GAP_MS);
        const found = await search(one);
        // a search that finds nothing would time nothing
        if (found.json?.total !== 1)
          throw new Error(`the EQ search of one record found ${found.json?.total}`);
        oneTimes.push(found.ms);
      }
      const scanTimes: number[] = [];
      for (let i = 0; i < 5; i++) {
        await sleep(SEARCH_GAP_MS);
        scanTimes.push(
          (
            await search({
              propertyName: 'bench_reference',
              operator: 'CONTAINS_TOKEN',
              value: 'REF-0000007*',
            })
          ).ms,
        );
      }
      return {
        records,
        dataFileMb: Number(dataFileMb.toFixed(1)),
        createEmptyMs: round(createEmptyMs),
        createFullMs: round(createFullMs),
        createRatio: Number((createFullMs / createEmptyMs).toFixed(2)),
        startupMs: Math.round(median(startupRunsMs)),
        startupRunsMs: startupRunsMs.map(Math.round),
        eqSearchFirstMs: round(first.ms),
        eqSearchMs: round(median(eqTimes)),
        eqSearchTotal: first.json.total as number,
        eqOneSearchMs: round(median(oneTimes)),
        scanSearchMs: round(median(scanTimes)),
        seedMs: Math.round(seeded.ms),
      };
    } finally {
      await last.emulator.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function formatStorageBench(f: StorageBenchFigures): string {
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  const count = f.records.toLocaleString('en-US');
  return [
    `Data file (--data, built binary in its own process): ${count} tickets, ${f.dataFileMb} MB`,
    `  single create right after start-up, median of the first ${CREATES}: ${f.createEmptyMs} ms on an empty account, ${f.createFullMs} ms on ${count} records (x${f.createRatio}; target under x${CREATE_RATIO_TARGET}: ${verdict(f.createRatio < CREATE_RATIO_TARGET)})`,
    `  start-up with ${count} records (spawn to listening), median of ${STARTS}: ${f.startupMs} ms [${f.startupRunsMs.join(', ')}] (target under ${STARTUP_TARGET_MS} ms: ${verdict(f.startupMs < STARTUP_TARGET_MS)})`,
    `  search EQ over ${count} records (${f.eqSearchTotal} match, page of 10): first ${f.eqSearchFirstMs} ms (builds the index), then median ${f.eqSearchMs} ms; EQ that 1 record matches: ${f.eqOneSearchMs} ms; a CONTAINS_TOKEN search (reads every record): ${f.scanSearchMs} ms`,
    `  (making the data file from the seed file took ${f.seedMs} ms)`,
  ].join('\n');
}

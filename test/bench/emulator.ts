/**
 * Emulator throughput: the built binary runs in its own process (as users run it), autocannon loads
 * it from this one. 100 properties and 100 records are created first; then each scenario runs for a
 * few seconds and reports requests per second.
 *
 *   npm run bench:emulator            (builds, then runs this file)
 *   BENCH_SECONDS=10 npm run bench:emulator
 *
 * Then the data file at scale (emulator-storage.ts): create latency with `--data` on 0 and 100,000
 * records, start-up with 100,000 records, and an EQ search over them. `BENCH_STORAGE_RECORDS=0` skips it.
 *
 * `runEmulatorBench()` returns the figures for a combined `npm run bench`.
 */
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { startEmulatorProcess } from './cli-process.js';
import { formatStorageBench, runStorageBench } from './emulator-storage.js';

const TOKEN = 'bench-token';
const COUNT = 100;
/** the target for simple GETs on a 2-core machine */
export const SIMPLE_GET_TARGET = 5000;

export interface EmulatorBenchFigure {
  scenario: string;
  method: 'GET' | 'POST';
  path: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** responses that were not 2xx, plus connection errors: should be 0 */
  failures: number;
}

export interface EmulatorBenchOptions {
  /** seconds per scenario (default: BENCH_SECONDS or 5) */
  durationSeconds?: number;
  connections?: number;
}

interface Scenario {
  scenario: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

async function call(url: string, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

/** 100 properties and 100 records on tickets; returns the names and ids. */
async function prepare(url: string): Promise<{ names: string[]; ids: string[] }> {
  const names = Array.from({ length: COUNT }, (_, i) => `bench_prop_${i}`);
  await call(url, 'POST', '/crm/v3/properties/tickets/batch/create', {
    inputs: names.map((name) => ({
      name,
      label: `Bench ${name}`,
      type: 'string',
      fieldType: 'text',
      groupName: 'ticketinformation',
    })),
  });
  const ids: string[] = [];
  for (let i = 0; i < COUNT; i++) {
    const created = await call(url, 'POST', '/crm/v3/objects/tickets', {
      properties: { subject: `Bench ticket ${i}`, bench_prop_0: `value ${i}` },
    });
    ids.push(created.id as string);
  }
  return { names, ids };
}

function scenarios(names: string[], ids: string[]): Scenario[] {
  return [
    { scenario: 'GET one property', method: 'GET', path: `/crm/v3/properties/tickets/${names[0]}` },
    {
      scenario: 'GET one record',
      method: 'GET',
      path: `/crm/v3/objects/tickets/${ids[0]}?properties=subject`,
    },
    {
      scenario: 'batch read 100 properties',
      method: 'POST',
      path: '/crm/v3/properties/tickets/batch/read',
      body: { inputs: names.map((name) => ({ name })) },
    },
    {
      scenario: 'batch read 100 records',
      method: 'POST',
      path: '/crm/v3/objects/tickets/batch/read',
      body: {
        inputs: ids.map((id) => ({ id })),
        properties: ['subject', 'bench_prop_0'],
        propertiesWithHistory: [],
      },
    },
  ];
}

async function measure(url: string, scenario: Scenario, options: Required<EmulatorBenchOptions>) {
  const body = scenario.body === undefined ? undefined : JSON.stringify(scenario.body);
  // fails loudly before the run when the route does not answer 2xx
  await call(url, scenario.method, scenario.path, scenario.body);
  const result = await autocannon({
    url: `${url}${scenario.path}`,
    method: scenario.method,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body }),
    connections: options.connections,
    duration: options.durationSeconds,
  });
  return {
    scenario: scenario.scenario,
    method: scenario.method,
    path: scenario.path,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    failures: result.non2xx + result.errors,
  };
}

export async function runEmulatorBench(options: EmulatorBenchOptions = {}): Promise<EmulatorBenchFigure[]> {
  const settings: Required<EmulatorBenchOptions> = {
    durationSeconds: options.durationSeconds ?? Number(process.env.BENCH_SECONDS ?? 5),
    connections: options.connections ?? 10,
  };
  const emulator = await startEmulatorProcess(['--token', TOKEN]);
  try {
    const { names, ids } = await prepare(emulator.url);
    // a short warm-up so the JIT has compiled the hot paths before anything is measured
    await autocannon({
      url: `${emulator.url}/crm/v3/properties/tickets/${names[0]}`,
      headers: { authorization: `Bearer ${TOKEN}` },
      duration: 1,
    });
    const figures: EmulatorBenchFigure[] = [];
    for (const scenario of scenarios(names, ids)) {
      try {
        figures.push(await measure(emulator.url, scenario, settings));
      } catch (error) {
        process.stderr.write(`skipped "${scenario.scenario}": ${(error as Error).message}\n`);
      }
    }
    return figures;
  } finally {
    await emulator.stop();
  }
}

export function formatEmulatorBench(figures: readonly EmulatorBenchFigure[]): string {
  const rows = [
    ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'failures'],
    ...figures.map((f) => [
      f.scenario,
      String(f.requestsPerSecond),
      String(f.latencyP50Ms),
      String(f.latencyP99Ms),
      String(f.failures),
    ]),
  ];
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => row[col]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!)))
        .join('  '),
    )
    .join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await runEmulatorBench();
  process.stdout.write(`Emulator benchmark (built binary in its own process, autocannon, 10 connections)\n`);
  process.stdout.write(`${formatEmulatorBench(figures)}\n`);
  const simple = figures.find((f) => f.scenario === 'GET one property');
  if (simple) {
    const verdict = simple.requestsPerSecond >= SIMPLE_GET_TARGET ? 'met' : 'NOT met';
    process.stdout.write(`Target of ${SIMPLE_GET_TARGET} simple GETs/s: ${verdict}.\n`);
  }
  if (process.env.BENCH_STORAGE_RECORDS !== '0') {
    process.stdout.write(`${formatStorageBench(await runStorageBench())}\n`);
  }
}

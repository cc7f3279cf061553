/**
 * `npm run bench`: runs the default cases (or those named: `npm run bench -- startup emulator`), prints
 * one table (each figure with its target, where one is set, and whether it is met) and writes the
 * figures, targets and the command behind each to test/bench/results/latest.json. Exit 1 when a check
 * that the figures rely on fails (e.g. the plan after apply is not empty); a missed target is reported,
 * not a failure. Adding a case is one line in CASES.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchAccount } from './account.js';
import { benchApply } from './apply.js';
import { benchClient } from './client.js';
import { benchMigration } from './migration.js';
import { runEmulatorBench, SIMPLE_GET_TARGET } from './emulator.js';
import { CREATE_RATIO_TARGET, runStorageBench, STARTUP_TARGET_MS } from './emulator-storage.js';
import { benchPlan } from './plan.js';
import { isCaseResult, resultTable, type CaseResult, type Figures } from './report.js';
import { benchStartup } from './startup.js';

interface BenchCase {
  name: string;
  /** part of a plain `npm run bench` */
  byDefault: boolean;
  run: () => Promise<Figures | CaseResult>;
}

const HERE = dirname(fileURLToPath(import.meta.url));

async function emulatorCase(): Promise<CaseResult> {
  const figures = await runEmulatorBench({ durationSeconds: Number(process.env.BENCH_SECONDS ?? 3) });
  const simple = figures.find((f) => f.scenario === 'GET one property');
  const result: CaseResult = { figures: {}, targets: [], commands: {} };
  for (const f of figures) {
    const key = f.scenario.replaceAll(' ', '_');
    result.figures[`${key}.reqPerS`] = f.requestsPerSecond;
    result.figures[`${key}.p99Ms`] = f.latencyP99Ms;
    result.commands![key] = `autocannon, 10 connections: ${f.method} ${f.path.replace(/\?.*/, '')}`;
    if (f.failures > 0) (result.failures ??= []).push(`${f.scenario}: ${f.failures} failed requests`);
  }
  if (simple) {
    result.targets!.push({
      metric: 'GET_one_property.reqPerS',
      target: `>= ${SIMPLE_GET_TARGET.toLocaleString('en-US')} req/s`,
      met: simple.requestsPerSecond >= SIMPLE_GET_TARGET,
    });
  }
  return result;
}

async function storageCase(): Promise<CaseResult> {
  const f = await runStorageBench();
  const { startupRunsMs, ...figures } = f;
  return {
    figures: { ...figures, startupRunsMs: startupRunsMs.join(' ') },
    targets: [
      { metric: 'createRatio', target: `< ${CREATE_RATIO_TARGET}`, met: f.createRatio < CREATE_RATIO_TARGET },
      { metric: 'startupMs', target: `< ${STARTUP_TARGET_MS} ms`, met: f.startupMs < STARTUP_TARGET_MS },
    ],
    commands: {
      create: 'single POST /crm/v3/objects/tickets with --data, one after the other (median)',
      startup: `crm-schema emulator --data FILE (${f.records} records): spawn to the listening line`,
      eqSearch: 'POST /crm/v3/objects/tickets/search, one EQ filter, page of 10',
    },
  };
}

const CASES: BenchCase[] = [
  { name: 'account', byDefault: true, run: () => benchAccount() },
  { name: 'startup', byDefault: true, run: () => benchStartup() },
  { name: 'emulator', byDefault: true, run: () => emulatorCase() },
  // issue 6's case: 10,000 property creates in process, at the same latency and rate limit
  { name: 'apply', byDefault: true, run: () => benchApply() },
  // a rename of a property held by 100,000 records, at the same latency and rate limit
  { name: 'migration', byDefault: true, run: () => benchMigration() },
  // the data file at 0 and 100,000 records: create latency, start-up, EQ search (npm run bench:emulator prints it too)
  { name: 'storage', byDefault: true, run: () => storageCase() },
  { name: 'client', byDefault: false, run: () => benchClient() },
  { name: 'plan', byDefault: false, run: () => benchPlan() },
];

const RESULTS = join(HERE, 'results');

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !CASES.some((c) => c.name === name));
  if (unknown.length)
    throw new Error(
      `unknown bench case ${unknown.join(', ')}; known: ${CASES.map((c) => c.name).join(', ')}`,
    );
  const selected = wanted.length
    ? CASES.filter((c) => wanted.includes(c.name))
    : CASES.filter((c) => c.byDefault);
  const results: Record<string, CaseResult> = {};
  const started = performance.now();
  for (const c of selected) {
    process.stderr.write(`bench ${c.name}...\n`);
    const caseStarted = performance.now();
    try {
      const value = await c.run();
      results[c.name] = isCaseResult(value) ? value : { figures: value };
    } catch (error) {
      // one broken case does not cost the figures of the others
      results[c.name] = { figures: {}, failures: [`failed: ${(error as Error).message}`] };
    }
    process.stderr.write(`bench ${c.name}: ${Math.round((performance.now() - caseStarted) / 1000)} s\n`);
  }
  process.stdout.write(`${resultTable(results)}\n`);
  const failures = Object.entries(results).flatMap(([name, r]) =>
    (r.failures ?? []).map((f) => `${name}: ${f}`),
  );
  const report = {
    at: new Date().toISOString(),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    totalS: Math.round((performance.now() - started) / 1000),
    results,
  };
  await mkdir(RESULTS, { recursive: true });
  const target = join(RESULTS, 'latest.json');
  await writeFile(`${target}.tmp`, `${JSON.stringify(report, null, 2)}\n`);
  await rename(`${target}.tmp`, target);
  process.stderr.write(`figures written to ${target}\n`);
  if (failures.length > 0) {
    process.stderr.write(`bench checks failed:\n${failures.map((f) => `  ${f}`).join('\n')}\n`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});

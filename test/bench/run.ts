/**
 * `npm run bench`: runs the named cases (all by default: `npm run bench -- client`), prints one table
 * and writes the figures to test/bench/results/latest.json. Adding a case is one line in CASES.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchClient, type Figures } from './client.js';
import { benchPlan } from './plan.js';

interface BenchCase {
  name: string;
  run: () => Promise<Figures>;
}

const CASES: BenchCase[] = [
  { name: 'client', run: () => benchClient() },
  { name: 'plan', run: () => benchPlan() },
  // later: { name: 'apply', ... }, { name: 'drift', ... }
];

const RESULTS = join(dirname(fileURLToPath(import.meta.url)), 'results');

function table(rows: [string, string, string][]): string {
  const all: [string, string, string][] = [['case', 'metric', 'value'], ...rows];
  const widths = [0, 1, 2].map((c) => Math.max(...all.map((r) => r[c].length)));
  const line = (r: [string, string, string]) =>
    r
      .map((cell, c) => cell.padEnd(widths[c]))
      .join('  ')
      .trimEnd();
  return [line(all[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...all.slice(1).map(line)].join('\n');
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !CASES.some((c) => c.name === name));
  if (unknown.length)
    throw new Error(
      `unknown bench case ${unknown.join(', ')}; known: ${CASES.map((c) => c.name).join(', ')}`,
    );
  const selected = wanted.length ? CASES.filter((c) => wanted.includes(c.name)) : CASES;
  const figures: Record<string, Figures> = {};
  for (const c of selected) {
    process.stderr.write(`bench ${c.name}...\n`);
    figures[c.name] = await c.run();
  }
  const rows = Object.entries(figures).flatMap(([name, f]) =>
    Object.entries(f).map(([metric, value]) => [name, metric, String(value)] as [string, string, string]),
  );
  process.stdout.write(`${table(rows)}\n`);
  const report = { at: new Date().toISOString(), node: process.version, platform: process.platform, figures };
  await mkdir(RESULTS, { recursive: true });
  const target = join(RESULTS, 'latest.json');
  await writeFile(`${target}.tmp`, `${JSON.stringify(report, null, 2)}\n`);
  await rename(`${target}.tmp`, target);
  process.stderr.write(`figures written to ${target}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});

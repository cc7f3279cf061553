/**
 * The planner's figures for 10 object types x 1,000 properties (run: `node --import tsx test/plan/bench-plan.ts`).
 * Prints CPU and wall time of the diff and of the whole plan document (rules, order, requests,
 * fingerprints): the median of several runs after a warm-up, and the first (cold) run.
 */
import { diff } from '../../src/engine/plan/diff/diff.js';
import { buildPlan } from '../../src/engine/plan/plan.js';
import { toWireRequests } from '../../src/engine/plan/requests/wire.js';
import { bigCase } from './big-state.js';

function measure(run: () => void): { cpu: number; wall: number } {
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  run();
  const cpu = process.cpuUsage(cpu0);
  return { cpu: (cpu.user + cpu.system) / 1000, wall: performance.now() - wall0 };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const { desired, live } = bigCase(10, 1000);
const runs = 7;
const diffs: { cpu: number; wall: number }[] = [];
const plans: { cpu: number; wall: number }[] = [];
let changes = 0;
let wire = 0;
let cold: { cpu: number; wall: number }[] = [];
for (let i = 0; i < runs + 1; i++) {
  let result: ReturnType<typeof diff> | undefined;
  const d = measure(() => (result = diff(desired, live)));
  const p = measure(() => {
    const doc = buildPlan(result!, live);
    changes = doc.changes.length;
    wire = toWireRequests(doc.changes).length;
  });
  if (i === 0) cold = [d, p];
  else {
    diffs.push(d);
    plans.push(p);
  }
}
const fmt = (xs: { cpu: number; wall: number }[]) =>
  `cpu ${median(xs.map((x) => x.cpu)).toFixed(1)} ms, wall ${median(xs.map((x) => x.wall)).toFixed(1)} ms`;
console.log(`10 object types x 1,000 properties: ${changes} changes, ${wire} wire requests`);
console.log(`diff:                 ${fmt(diffs)} (median of ${runs})`);
console.log(`plan document (rest): ${fmt(plans)} (median of ${runs})`);
console.log(
  `first (cold) run:     diff cpu ${cold[0]!.cpu.toFixed(1)} ms, plan document cpu ${cold[1]!.cpu.toFixed(1)} ms`,
);
console.log(`heap used: ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`);

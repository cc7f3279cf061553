import { describe, expect, it } from 'vitest';
import { diff } from '../../src/plan/diff/diff.js';
import { buildPlan } from '../../src/plan/plan.js';
import { bigCase } from './big-state.js';

function cpuMs(run: () => void): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

describe('performance', () => {
  it('diffs 10 object types x 1,000 properties well under a second of CPU', () => {
    const { desired, live } = bigCase(10, 1000);
    let result: ReturnType<typeof diff> | undefined;
    const ms = cpuMs(() => (result = diff(desired, live)));
    expect(result!.changes.length).toBe(6660);
    expect(ms).toBeLessThan(1000);
  });

  it('builds the whole plan document for it in under a second of CPU', () => {
    const { desired, live } = bigCase(10, 1000);
    const result = diff(desired, live);
    let changes = 0;
    const ms = cpuMs(() => (changes = buildPlan(result, live).changes.length));
    expect(changes).toBe(6660);
    expect(ms).toBeLessThan(1000);
  });
});

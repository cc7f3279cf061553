/**
 * Apply of more than 1,000 changes (properties in batches, groups, event definitions and their
 * properties one by one, labels, limits) against the emulator injecting a mix of faults:
 * 10% 429s, 5% 5xx (500 and 503) and 2% dropped connections (before and after the request is
 * processed). One apply run applies every change (retries, and read-backs for writes whose answer was
 * lost), nothing exists twice, and the plan afterwards is empty. The faults are answered with
 * `Retry-After: 0` so the suite stays fast; `npm run soak` runs the same with the real 1 s.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { applyPlan } from '../../src/engine/apply/executor.js';
import { totalCreates, type SyntheticSize } from '../bench/synthetic-account.js';
import { syntheticFixture, type SyntheticFixture } from './fixture.js';
import { duplicates, expectedInventory, inventory } from './inventory.js';

const SIZE: SyntheticSize = {
  objectTypes: 5,
  propertiesPerType: 200,
  events: 3,
  propertiesPerEvent: 15,
  pairs: 4,
};
/** each kind's own probability: 10% 429s, 5% 5xx, 2% dropped connections */
export const ISSUE_FAULTS = {
  '429': 0.1,
  '500': 0.025,
  '503': 0.025,
  'drop-before': 0.01,
  'drop-after': 0.01,
};

let fx: SyntheticFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

/** what the client met over all seeds: a status, or the error code of a dropped connection */
const met = new Set<number | string>();
/** the seeds in which some write lost its answer and was settled by a read-back */
const settled = new Set<number>();

describe('apply under 10% 429s, 5% 5xx and 2% dropped connections', () => {
  it.each([1, 2, 3, 4, 5, 6])(
    'seed %i: every change applied once, nothing duplicated, plan empty after',
    async (seed) => {
      fx = await syntheticFixture(SIZE, { faultWeights: ISSUE_FAULTS, faultRetryAfterSeconds: 0, seed });
      // the plan's reads meet faults too, and are retried
      const plan = await fx.plan();
      expect(plan.changes.length).toBe(totalCreates(SIZE));
      expect(plan.changes.length).toBeGreaterThanOrEqual(1000);

      const report = await applyPlan(plan, fx.client);
      expect(report.summary).toEqual({
        total: plan.changes.length,
        applied: plan.changes.length,
        alreadyDone: 0,
        failed: 0,
        skipped: 0,
        refused: 0,
      });
      expect(report.ok).toBe(true);

      const found = inventory(fx.emulator.state);
      expect(duplicates(found)).toEqual({});
      expect(found).toEqual(expectedInventory(SIZE));
      expect((await fx.plan()).changes).toEqual([]);

      // faults did happen (about 17% of some 130 attempts); which ones varies with the seed and timing
      const faults = fx.attempts.filter((a) => a.status === undefined || a.status === 429 || a.status >= 500);
      expect(faults.length).toBeGreaterThanOrEqual(10);
      for (const a of faults) met.add(a.status ?? 'dropped');
      // a write that lost its answer (500, dropped) is settled by a read-back, then resent or not
      if (report.outcomes.some((o) => o.reconciled === true || o.resent !== undefined)) settled.add(seed);
    },
  );

  it('the seeds above met every kind of fault, and writes that lost their answer were settled', () => {
    expect([...met].map(String).sort()).toEqual(['429', '500', '503', 'dropped']);
    expect(settled.size).toBeGreaterThanOrEqual(3);
  });
});

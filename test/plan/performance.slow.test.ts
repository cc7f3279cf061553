/**
 * The planner on 10 object types x 1,000 properties: every change found and planned. How much CPU it
 * takes (well under a second each) is a figure of `npm run bench` (timing).
 */
import { describe, expect, it } from 'vitest';
import { diff } from '../../src/engine/plan/diff/diff.js';
import { buildPlan } from '../../src/engine/plan/plan.js';
import { bigCase } from './big-state.js';

describe('a large account', () => {
  it('diffs 10 object types x 1,000 properties', () => {
    const { desired, live } = bigCase(10, 1000);
    expect(diff(desired, live).changes.length).toBe(6660);
  });

  it('builds the whole plan document for it', () => {
    const { desired, live } = bigCase(10, 1000);
    const result = diff(desired, live);
    expect(buildPlan(result, live).changes.length).toBe(6660);
  });
});

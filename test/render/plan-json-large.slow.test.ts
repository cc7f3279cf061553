/**
 * A large JSON plan comes in pieces of about 1 MB that join to the text of one JSON.stringify. Slow tier.
 */
import { describe, expect, it } from 'vitest';
import type { PlanDocument } from '../../src/engine/plan/plan-document.js';
import { planJsonChunks, planKeyOrder, renderPlanJson } from '../../src/engine/render/plan/plan-json.js';
import { escapeJsonText } from '../../src/engine/render/common/safe-text.js';
import { emptyPlan, hostilePlan, reviewPlan } from './plans.js';

describe('the JSON plan of a large plan', () => {
  const review = reviewPlan();

  it('comes in pieces of about 1 MB for a large plan, which join to the text of one JSON.stringify', () => {
    const whole = (plan: PlanDocument) => escapeJsonText(`${JSON.stringify(plan, planKeyOrder(plan), 2)}\n`);
    const hostile = hostilePlan();
    const many = (count: number): PlanDocument => ({
      ...review,
      changes: Array.from({ length: count }, (_, i) => {
        const change = review.changes[i % review.changes.length]!;
        // text a terminal or an editor would hide: escaped the same way in every piece
        return { ...change, id: `${change.id}#${i}`, message: `${change.message} \u2028\u202e${i}` };
      }),
    });
    const large = many(6000);
    const pieces = [...planJsonChunks(large)];
    expect(pieces.length).toBeGreaterThan(3);
    for (const piece of pieces) expect(piece.length).toBeLessThan(1.1 * 2 ** 20);
    for (const plan of [large, many(1), many(2), emptyPlan(), hostile]) {
      expect([...planJsonChunks(plan)].join('')).toBe(whole(plan));
      expect(renderPlanJson(plan)).toBe(whole(plan));
    }
    expect(pieces.join('')).not.toMatch(/[\u2028\u202e]/);
  });
});

/**
 * Whether `crm-schema rollback` can reverse a change once it is applied, and why not: the plan states it
 * for every change, from the same declaration the rollback follows (the kind's `rollback`, see
 * `RollbackWay` in kinds/change-kind.ts and src/engine/rollback/reversal.ts), so that the two cannot disagree:
 *
 * - a change whose resource goes back as it was: reversible;
 * - `irreversible` (an event definition created, a property replaced): not, with the kind's reason;
 * - `put` with something lost (a label deleted with its record links, an event property deleted with
 *   its values on past events): not, with what is lost;
 * - `step` (a data step: a rename, an option remap): as the step says, from the data check's counts
 *   (an apply record keeps at most `MAX_RECORDED_VALUES` records of a change). Pure.
 */
import type { Change } from './change-types.js';
import { rollbackWayOf } from './kinds/registry.js';

export {
  MAX_RECORDED_VALUES,
  REVERSIBLE,
  ReversalShape,
  type Reversal,
  type ReversalContext,
} from './reversal-shape.js';
import type { Reversal, ReversalContext } from './reversal-shape.js';
import { REVERSIBLE } from './reversal-shape.js';

export function reversalOf(change: Change, ctx: ReversalContext = {}): Reversal {
  const way = rollbackWayOf(change);
  if (way === undefined) return REVERSIBLE;
  if (way.as === 'irreversible') return { reversible: false, why: way.why };
  if (way.as === 'put') return { reversible: false, why: way.lost };
  return way.step.reversal?.(ctx) ?? REVERSIBLE;
}

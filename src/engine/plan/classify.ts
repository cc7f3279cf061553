/**
 * The classification of a diff's changes: each change's base severity from its kind, then its kind's
 * assessment with the data check's counts (the rules in this folder that the kind lists, in order).
 */
import type { Change } from './change-types.js';
import { assessedWithCounts, baseSeverityOf } from './kinds/registry.js';
import type { ClassifiedChange, PlanRuleContext } from './rules/rule-types.js';

export type { ClassifiedChange, PlanRuleContext } from './rules/rule-types.js';

/** Base severity from each change's kind, then the kind's rules. */
export function classify(changes: readonly Change[], ctx: PlanRuleContext = {}): ClassifiedChange[] {
  return changes.map((change) => assessedWithCounts({ ...change, ...baseSeverityOf(change) }, ctx));
}

/** The severity rules, in the order they run, and the classification of a diff's changes. */
import type { Change } from '../change-types.js';
import { baseSeverityOf } from '../kinds/registry.js';
import { archivedRecordsRule } from './archived-records.js';
import { dataStepsRule } from './data-steps.js';
import { labelLinksRule } from './label-links.js';
import { limitLoweredRule } from './limit-lowered.js';
import { optionRemovalRule } from './option-removal.js';
import type { ClassifiedChange, PlanRuleContext, SeverityRule } from './rule-types.js';
import { typeChangeRule } from './type-change.js';

export type { ClassifiedChange, PlanRuleContext, SeverityRule } from './rule-types.js';

export const SEVERITY_RULES: readonly SeverityRule[] = [
  typeChangeRule,
  optionRemovalRule,
  limitLoweredRule,
  archivedRecordsRule,
  labelLinksRule,
  dataStepsRule,
];

/** Base severity from each change's kind, then every rule. */
export function classify(
  changes: readonly Change[],
  ctx: PlanRuleContext = {},
  rules: readonly SeverityRule[] = SEVERITY_RULES,
): ClassifiedChange[] {
  const base = changes.map((change): ClassifiedChange => ({ ...change, ...baseSeverityOf(change) }));
  return rules.reduce<ClassifiedChange[]>((current, rule) => rule(current, ctx), base);
}

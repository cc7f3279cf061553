/**
 * With a count of the record associations that use it, a label delete says how many links lose the
 * label ("1,234 record associations use it"), or "at least N" when the count stopped early. It stays
 * destructive whatever the count.
 */
import { describeCount, linkCountKey } from '../../../engine/plan/data-counts.js';
import type { LabelDeleteChange } from './label-delete-meta.js';
import type { Classified, PlanRuleContext } from '../../../engine/plan/rules/rule-types.js';
import { remark } from '../../../engine/plan/rules/rule-types.js';

export function labelLinks(
  change: Classified<LabelDeleteChange>,
  ctx: PlanRuleContext,
): Classified<LabelDeleteChange> {
  if (change.meta.label.typeId === undefined) return change;
  const count = ctx.counts?.get(linkCountKey(change.meta.from, change.meta.to, change.meta.label.typeId));
  if (count === undefined) return change;
  const capped = count.capped === undefined ? '' : ` (${count.capped})`;
  const text =
    count.count === 0
      ? count.exact
        ? 'no record association uses it'
        : `record associations may use it and would lose the label (not counted: ${count.capped ?? 'the count stopped early'})`
      : `${describeCount(count, 'record association uses', 'record associations use')} it and will lose the label${capped}`;
  return { ...remark(change, text), affected: { unit: 'associations', ...count } };
}

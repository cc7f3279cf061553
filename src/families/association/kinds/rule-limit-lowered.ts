/**
 * A limit set lower than before, or set on an existing association type that had none: records may
 * already hold more associations of that type than the new limit. With the data check's count of the
 * records over the new limit: some over it is destructive (they keep links the limit no longer allows),
 * none over it leaves the change safe; not counted, it is dangerous. A limit on a label created by the
 * same plan is safe (no association can use the label yet).
 */
import { isRef } from '../../../engine/plan/change-shapes.js';
import { describeCount, overLimitKey } from '../../../engine/plan/data-counts.js';
import type { LimitSetChange } from './limit-set-meta.js';
import type { Classified, PlanRuleContext } from '../../../engine/plan/rules/rule-types.js';
import { raise, remark } from '../../../engine/plan/rules/rule-types.js';

export function limitLowered(
  change: Classified<LimitSetChange>,
  ctx: PlanRuleContext,
): Classified<LimitSetChange> {
  if (isRef(change.meta.typeId)) return change;
  const { old, new: next, from: fromType, to, typeId } = change.meta;
  if (old !== undefined && next >= old) return change;
  const from =
    old === undefined ? 'sets a limit where there was none' : `lowers the limit from ${old} to ${next}`;
  const count = ctx.counts?.get(overLimitKey(fromType, to, typeId, next));
  if (count === undefined)
    return raise(
      change,
      'dangerous',
      `${from}: records may already hold more than ${next} such associations`,
    );
  if (count.count === 0 && count.exact) return remark(change, `${from}: no record holds more than ${next}`);
  if (count.count === 0)
    return raise(
      change,
      'dangerous',
      `${from}: no record read holds more than ${next}, but not every record was read (${count.capped ?? 'capped'})`,
    );
  return {
    ...raise(
      change,
      'destructive',
      `${from}: ${describeCount(count, 'record holds', 'records hold')} more than ${next} such associations`,
    ),
    affected: { unit: 'records', ...count },
  };
}

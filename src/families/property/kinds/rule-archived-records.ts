/**
 * With record counts, an archive or a replace says how many records still hold a value of the
 * property ("412 records hold a value"). Both stay destructive whatever the count. A rename says how
 * many values it copies.
 */
import { describeCount, recordCountKey } from '../../../engine/plan/data-counts.js';
import type { ChangeShape } from '../../../engine/plan/change-shapes.js';
import type { PropertyRenameChange } from './property-rename-meta.js';
import type { Classified, PlanRuleContext } from '../../../engine/plan/rules/rule-types.js';
import { remark } from '../../../engine/plan/rules/rule-types.js';

/** An archive or a replace: the records that hold a value of the property. */
export function archivedRecords<
  C extends Classified<ChangeShape & { meta: { objectType: string; name: string } }>,
>(change: C, ctx: PlanRuleContext): C {
  const count = ctx.counts?.get(recordCountKey(change.meta.objectType, change.meta.name));
  if (count === undefined) return change;
  const text =
    count.count === 0 && count.exact
      ? 'no record holds a value'
      : `${describeCount(count, 'record holds', 'records hold')} a value`;
  return { ...remark(change, text), affected: { unit: 'records', ...count } };
}

/** A rename: the values it copies. */
export function renamedRecords(
  change: Classified<PropertyRenameChange>,
  ctx: PlanRuleContext,
): Classified<PropertyRenameChange> {
  if (change.meta.finished !== undefined) return change;
  const count = ctx.counts?.get(recordCountKey(change.meta.objectType, change.meta.from));
  if (count === undefined) return change;
  const text = `copies the values of ${describeCount(count, 'record', 'records')}, then checks them`;
  return { ...remark(change, text), affected: { unit: 'records', ...count } };
}

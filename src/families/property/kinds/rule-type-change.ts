/**
 * Changing `type` (or `fieldType`) of a property in place (an update): records keep their stored values,
 * which may not fit the new type. With the data check's conversion count:
 *
 * - some values do not convert: destructive, with the count and up to five samples with record ids;
 * - every value converts: the change stays safe, and says so;
 * - not counted: dangerous, "values on records may become invalid".
 */
import { conversionKey, describeSamples } from '../../../engine/plan/data-counts.js';
import { countOf, formatCount } from '../../../core/count-text.js';
import type { ChangeShape, FieldChange } from '../../../engine/plan/change-shapes.js';
import type { Classified, PlanRuleContext } from '../../../engine/plan/rules/rule-types.js';
import { raise, remark } from '../../../engine/plan/rules/rule-types.js';

const TYPE_FIELDS = new Set(['type', 'fieldType']);

/** A change of a property's fields in place. */
export type FieldsChange = ChangeShape & {
  meta: { objectType: string; name: string; fields: readonly FieldChange[] };
};

export function typeChange<C extends Classified<FieldsChange>>(change: C, ctx: PlanRuleContext): C {
  const fields = change.meta.fields.filter((f) => TYPE_FIELDS.has(f.field));
  if (fields.length === 0) return change;
  const what = fields
    .map((f) => `${f.field} ${JSON.stringify(f.old)} -> ${JSON.stringify(f.new)}`)
    .join(', ');
  const toType = change.meta.fields.find((f) => f.field === 'type')?.new;
  const count =
    typeof toType === 'string'
      ? ctx.counts?.get(conversionKey(change.meta.objectType, change.meta.name, toType))
      : undefined;
  if (count === undefined)
    return raise(change, 'dangerous', `changes ${what}: values on records may become invalid`);
  const read = count.of ?? 0;
  if (count.count === 0) {
    return count.exact
      ? remark(change, `changes ${what}: all ${countOf(read, 'value', 'values')} on records convert`)
      : raise(
          change,
          'dangerous',
          `changes ${what}: the ${countOf(read, 'value', 'values')} read all convert, but not every record was read (${count.capped ?? 'capped'})`,
        );
  }
  const samples = describeSamples(count.samples ?? []);
  const values = countOf(count.count, 'value', 'values');
  const where = count.exact
    ? `${formatCount(count.count)} of ${countOf(read, 'value', 'values')} on records will not convert`
    : `at least ${values} on records will not convert (${formatCount(read)} read: ${count.capped ?? 'capped'})`;
  return {
    ...raise(
      change,
      'destructive',
      `changes ${what}: ${where}` + (samples === '' ? '' : `, e.g. ${samples}`),
    ),
    affected: { unit: 'records', ...count },
  };
}

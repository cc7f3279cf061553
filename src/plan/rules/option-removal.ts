/**
 * Removing an option is dangerous: records (or past events) holding that value keep an invalid value.
 * With record counts (properties only), each removed option gets its count, the change the total, and the
 * reason says it ("412 records still hold 'legacy'"); when no record holds any removed value the removal
 * is harmless and the change stays at its level.
 */
import { at, must } from '../../core/must.js';
import { quoteList } from '../kinds/change-kind.js';
import type { FieldChange, OptionChange } from '../change-types.js';
import { recordCountKey, removedOptionValues } from '../data-check.js';
import type { ClassifiedChange, PlanRuleContext, SeverityRule } from './rule-types.js';
import { plural, raise, remark } from './rule-types.js';

export const optionRemovalRule: SeverityRule = (changes, ctx) => changes.map((change) => assess(change, ctx));

function assess(change: ClassifiedChange, ctx: PlanRuleContext): ClassifiedChange {
  if (change.type !== 'property.update' && change.type !== 'eventProperty.update') return change;
  const removed = removedOptionValues(change.meta.fields);
  if (removed.length === 0) return change;
  const options = `option${removed.length === 1 ? '' : 's'} ${quoteList(removed)}`;
  if (change.type === 'eventProperty.update') {
    return raise(
      change,
      'dangerous',
      `removes ${options}: past events holding ${removed.length === 1 ? 'it' : 'them'} keep an invalid value`,
    );
  }

  const { objectType, name } = change.meta;
  const found = removed.map((value) => ctx.counts?.get(recordCountKey(objectType, name, value)));
  const known = found.filter((c) => c !== undefined);
  if (known.length < found.length) {
    return raise(change, 'dangerous', `removes ${options}: values on records may become invalid`);
  }
  const counts = known.map((c) => c.count);
  const byValue = new Map(removed.map((value, i) => [value, at(counts, i)]));
  const total = counts.reduce((sum, c) => sum + c, 0);
  const exact = known.every((c) => c.exact);
  const counted: ClassifiedChange = {
    ...change,
    meta: { ...change.meta, fields: change.meta.fields.map((f) => withCounts(f, byValue)) },
    affected: { unit: 'records', count: total, exact },
  };
  if (total === 0) return remark(counted, `removes ${options}, which no record holds`);
  const held = removed.flatMap((value) => {
    const count = must(byValue.get(value), 'the count of a removed value');
    return count > 0 ? [`${plural(count, 'record still holds', 'records still hold')} '${value}'`] : [];
  });
  return raise(counted, 'dangerous', `removes ${options}: ${held.join(', ')}`);
}

function withCounts(field: FieldChange, byValue: ReadonlyMap<string, number>): FieldChange {
  if (field.options === undefined) return field;
  const options = field.options.map((o): OptionChange => {
    if (o.kind !== 'removed') return o;
    const count = byValue.get(o.value);
    return count === undefined ? o : { ...o, recordCount: count };
  });
  return { ...field, options };
}

/**
 * Removing an option leaves the records (or past events) holding that value with a value their property
 * no longer has. With record counts (properties only), each removed option gets its count, the change
 * the total, and the reason says it ("412 records still hold 'legacy'"):
 *
 * - held by records: destructive (the values are lost to reports and filters), with the count;
 * - held by none: harmless, the change stays at its level;
 * - not counted (no data check, or it could not count): dangerous, "may become invalid".
 *
 * A remap (`replaces`) rewrites the records holding an old value before removing it: its counts say how
 * many records are rewritten, and it stays safe. Event properties: past events cannot be counted or
 * rewritten, so removing an option is dangerous (`eventOptionRemoval`).
 */
import { quoteList } from '../../../core/quote-list.js';
import type { ChangeShape, FieldChange, OptionChange } from '../../../engine/plan/change-shapes.js';
import {
  describeCount,
  recordCountKey,
  removedOptionValues,
  type Count,
} from '../../../engine/plan/data-counts.js';
import type { Classified, PlanRuleContext } from '../../../engine/plan/rules/rule-types.js';
import { plural, raise, remark } from '../../../engine/plan/rules/rule-types.js';
import type { FieldsChange } from './rule-type-change.js';

/**
 * The options a property's update removes, with their counts; `remapped`: old value -> the value that
 * replaces it (a remap), none for an update.
 */
export function optionRemoval<C extends Classified<FieldsChange>>(
  change: C,
  ctx: PlanRuleContext,
  remapped: ReadonlyMap<string, string> = new Map(),
): C {
  const removed = removedOptionValues(change.meta.fields);
  if (removed.length === 0) return change;
  const { objectType, name } = change.meta;
  const found = new Map(
    removed.map((value) => [value, ctx.counts?.get(recordCountKey(objectType, name, value))]),
  );
  const countOf = (value: string): Count | undefined => found.get(value);
  let next: C = change;
  const all = [...found.values()];
  const counted = all.filter((c): c is Count => c !== undefined);
  if (counted.length === all.length) {
    const byValue = new Map(removed.map((value, i) => [value, counted[i]?.count ?? 0]));
    const capped = counted.find((c) => c.capped !== undefined)?.capped;
    next = {
      ...next,
      meta: { ...change.meta, fields: change.meta.fields.map((f) => withCounts(f, byValue, remapped)) },
      affected: {
        unit: 'records',
        count: counted.reduce((sum, c) => sum + c.count, 0),
        exact: counted.every((c) => c.exact),
        ...(capped === undefined ? {} : { capped }),
      },
    };
  }

  const rewritten = removed.filter((value) => remapped.has(value));
  if (rewritten.length > 0) {
    const parts = rewritten.map((value) => {
      const count = countOf(value);
      const held = count === undefined ? 'not counted' : describeCount(count, 'record', 'records');
      return `'${value}' (${held}) -> '${remapped.get(value) ?? ''}'`;
    });
    next = remark(next, `rewrites the records holding ${parts.join(', ')}`);
  }

  const dropped = removed.filter((value) => !remapped.has(value));
  if (dropped.length === 0) return next;
  const options = `option${dropped.length === 1 ? '' : 's'} ${quoteList(dropped)}`;
  if (dropped.some((value) => countOf(value) === undefined)) {
    return raise(next, 'dangerous', `removes ${options}: values on records may become invalid`);
  }
  const held = dropped.flatMap((value) => {
    const count = countOf(value);
    return count !== undefined && count.count > 0 ? [{ value, count }] : [];
  });
  if (held.length === 0) return remark(next, `removes ${options}, which no record holds`);
  const words = held.map(({ value, count }) => {
    return `${count.exact ? '' : 'at least '}${plural(count.count, 'record still holds', 'records still hold')} '${value}'`;
  });
  return raise(
    next,
    'destructive',
    `removes ${options}: ${words.join(', ')} (give the option that takes over in replaces to rewrite them)`,
  );
}

/** An event property's update that removes options: past events keep them, uncounted. */
export function eventOptionRemoval<
  C extends Classified<ChangeShape & { meta: { fields: readonly FieldChange[] } }>,
>(change: C): C {
  const removed = removedOptionValues(change.meta.fields);
  if (removed.length === 0) return change;
  const options = `option${removed.length === 1 ? '' : 's'} ${quoteList(removed)}`;
  return raise(
    change,
    'dangerous',
    `removes ${options}: past events holding ${removed.length === 1 ? 'it' : 'them'} keep an invalid value`,
  );
}

function withCounts(
  field: FieldChange,
  byValue: ReadonlyMap<string, number>,
  remapped: ReadonlyMap<string, string>,
): FieldChange {
  if (field.options === undefined) return field;
  const options = field.options.map((o): OptionChange => {
    if (o.kind !== 'removed') return o;
    const count = byValue.get(o.value);
    const replacedBy = remapped.get(o.value);
    return count === undefined
      ? o
      : { ...o, recordCount: count, ...(replacedBy === undefined ? {} : { replacedBy }) };
  });
  return { ...field, options };
}

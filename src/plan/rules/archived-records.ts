/**
 * With record counts, an archive or a replace says how many records still hold a value of the
 * property ("412 records hold a value"). Both stay destructive whatever the count. A rename says how
 * many values it copies.
 */
import { describeCount, recordCountKey } from '../data-check.js';
import type { SeverityRule } from './rule-types.js';
import { remark } from './rule-types.js';

export const archivedRecordsRule: SeverityRule = (changes, ctx) =>
  changes.map((change) => {
    if (change.type === 'property.rename') {
      if (change.meta.finished !== undefined) return change;
      const count = ctx.counts?.get(recordCountKey(change.meta.objectType, change.meta.from));
      if (count === undefined) return change;
      const text = `copies the values of ${describeCount(count, 'record', 'records')}, then checks them`;
      return { ...remark(change, text), affected: { unit: 'records', ...count } };
    }
    if (change.type !== 'property.archive' && change.type !== 'property.replace') return change;
    const count = ctx.counts?.get(recordCountKey(change.meta.objectType, change.meta.name));
    if (count === undefined) return change;
    const text =
      count.count === 0 && count.exact
        ? 'no record holds a value'
        : `${describeCount(count, 'record holds', 'records hold')} a value`;
    return { ...remark(change, text), affected: { unit: 'records', ...count } };
  });

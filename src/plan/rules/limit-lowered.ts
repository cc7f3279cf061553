/**
 * A limit set lower than before, or set on an existing association type that had none, is dangerous:
 * records may already hold more associations of that type than the new limit. A limit on a label created
 * by the same plan is safe (no association can use the label yet).
 */
import { isRef } from '../change-types.js';
import type { SeverityRule } from './rule-types.js';
import { raise } from './rule-types.js';

export const limitLoweredRule: SeverityRule = (changes) =>
  changes.map((change) => {
    if (change.type !== 'limit.set' || isRef(change.meta.typeId)) return change;
    const { old, new: next } = change.meta;
    if (old !== undefined && next >= old) return change;
    const from =
      old === undefined ? 'sets a limit where there was none' : `lowers the limit from ${old} to ${next}`;
    return raise(
      change,
      'dangerous',
      `${from}: records may already hold more than ${next} such associations`,
    );
  });

/** limit.set: a limit on an association type set (created where none is, else updated). */
import { writes } from '../../api/writes.js';
import type { NormalizedLimit } from '../../model/schema-model.js';
import type { LimitSetChange } from '../change-types.js';
import { isRef } from '../change-types.js';
import { keys } from '../dependencies.js';
import type { ChangeKind } from './change-kind.js';
import { missing } from './end-state.js';
import { limitAddressOf } from './limit-shared.js';
import { defined } from '../../core/defined.js';

export const limitSet: ChangeKind<LimitSetChange> = {
  target: (m) => ({
    kind: 'limit',
    from: m.from,
    to: m.to,
    category: m.category,
    typeId: m.typeId,
    ...defined({ label: m.label }),
  }),
  action: (m) => (m.mode === 'create' ? 'create' : 'update'),
  address: limitAddressOf,
  message: (m) =>
    `Set association limit ${limitAddressOf(m)} to ${m.new}` +
    (m.old === undefined ? ' (none set)' : ` (was ${m.old})`),
  severity: () => ({ severity: 'safe', reason: 'sets a limit; existing associations are kept' }),
  phase: () => 'limits.set',
  requests: (m) => [
    writes.setLimit(m.from, m.to, m.mode, { category: m.category, typeId: m.typeId, maxToObjectIds: m.new }),
  ],
  creates: (m) => m.mode === 'create',
  removes: false,
  endState: (m, found) => {
    if (found === undefined) return missing();
    const limit = found as NormalizedLimit;
    const done = limit.maxToObjectIds === m.new;
    const differences = done
      ? []
      : [{ field: 'maxToObjectIds', expected: m.new, actual: limit.maxToObjectIds ?? null }];
    return { done, absent: false, differences };
  },
  // a limit on a label the same plan creates: after the label
  dependencies: (m) => ({ needs: isRef(m.typeId) ? [keys.created(m.typeId.ref)] : [] }),
};

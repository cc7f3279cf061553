/** limit.set: a limit on an association type set (created where none is, else updated). */
import { isRef } from '../../../engine/plan/change-shapes.js';
import { overLimitKey } from '../../../engine/plan/data-counts.js';
import { limitLowered } from './rule-limit-lowered.js';
import { keys } from '../../../engine/plan/dependency-keys.js';
import type { ChangeKind } from '../../../engine/plan/kinds/change-kind.js';
import { missing } from '../../../engine/plan/kinds/end-state.js';
import { limitAddressOf } from './limit-shared.js';
import { defined } from '../../../core/defined.js';
import { resolveRefs } from '../../../engine/plan/requests/refs.js';
import type { NormalizedLimit } from '../limit-model.js';
import { liveLabelByText } from '../model.js';
import { LimitSetMeta, type LimitSetChange } from './limit-set-meta.js';

export const limitSet: ChangeKind<LimitSetChange> = {
  type: 'limit.set',
  meta: LimitSetMeta,
  target: (m) => ({
    kind: 'limit',
    from: m.from,
    to: m.to,
    category: m.category,
    typeId: m.typeId,
    ...defined({ label: m.label }),
  }),
  action: (m) => (m.mode === 'create' ? 'create' : 'update'),
  edge: (m) => ({
    from: m.from,
    to: m.to,
    ...(m.label === undefined
      ? { type: `${m.category}/${typeof m.typeId === 'number' ? m.typeId : '?'}` }
      : { label: m.label }),
    limit: m.new,
    mark: m.mode === 'create' ? 'added' : 'changed',
  }),
  address: limitAddressOf,
  message: (m) =>
    `Set association limit ${limitAddressOf(m)} to ${m.new}` +
    (m.old === undefined ? ' (none set)' : ` (was ${m.old})`),
  severity: () => ({ severity: 'safe', reason: 'sets a limit; existing associations are kept' }),
  phase: () => 'limits.set',
  requests: (m, w) => [
    w.setLimit(m.from, m.to, m.mode, { category: m.category, typeId: m.typeId, maxToObjectIds: m.new }),
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
  // lowered (or set where none was): the records already over the new limit
  dataCheck: (m) => {
    const { from, to, typeId, old, new: max } = m;
    if (isRef(typeId) || (old !== undefined && max >= old)) return [];
    return [{ kind: 'over-limit', key: overLimitKey(from, to, typeId, max), from, to, typeId, max }];
  },
  assess: limitLowered,
  drift: (m) => {
    // on a label the plan creates: reported with the label
    if (isRef(m.typeId)) return { as: 'with-another' };
    if (m.mode === 'create') return { as: 'missing', declared: m.new };
    return {
      as: 'edited',
      fields: [{ field: 'maxToObjectIds', old: m.old ?? null, new: m.new }],
      fix: 'update',
    };
  },
  resume: {
    // the label this plan created (a run before this one did) exists now: its ref is its typeId, and the
    // plan's own severity stands, unless the change is worse now than the plan says
    savedNow: (saved, _fresh, { live, done }) => {
      const m = saved.meta;
      if (!isRef(m.typeId) || !saved.dependsOn.some((dep) => done.has(dep))) return undefined;
      const typeId = liveLabelByText(live, m.from, m.to, m.label ?? '')?.typeId;
      if (typeId === undefined) return undefined;
      return {
        meta: { ...m, typeId },
        requests: resolveRefs(saved.requests, () => typeId),
        ownEvaluation: true,
      };
    },
  },
};

export { LimitSetMeta, type LimitSetChange } from './limit-set-meta.js';

/** limit.purge: the limit of an association type removed (no association is deleted). */
import { keys } from '../../../engine/plan/dependency-keys.js';
import type { ChangeKind } from '../../../engine/plan/kinds/change-kind.js';
import { removed } from '../../../engine/plan/kinds/end-state.js';
import { limitAddressOf } from './limit-shared.js';
import { defined } from '../../../core/defined.js';
import { LimitPurgeMeta, type LimitPurgeChange } from './limit-purge-meta.js';

export const limitPurge: ChangeKind<LimitPurgeChange> = {
  type: 'limit.purge',
  meta: LimitPurgeMeta,
  target: (m) => ({
    kind: 'limit',
    from: m.from,
    to: m.to,
    category: m.category,
    typeId: m.typeId,
    ...defined({ label: m.label }),
  }),
  action: () => 'remove',
  edge: (m) => ({
    from: m.from,
    to: m.to,
    ...(m.label === undefined ? { type: `${m.category}/${m.typeId}` } : { label: m.label }),
    limit: m.old,
    mark: 'removed',
  }),
  address: limitAddressOf,
  message: (m) => `Remove association limit ${limitAddressOf(m)} (was ${m.old})`,
  severity: () => ({ severity: 'safe', reason: 'removes a limit; no association or record is deleted' }),
  phase: () => 'limits.purge',
  requests: (m, w) => [w.purgeLimit(m.from, m.to, { category: m.category, typeId: m.typeId })],
  creates: () => false,
  removes: true,
  endState: (_m, found) => removed(found),
  dependencies: (m) => ({ provides: [keys.purged(m.from, m.to, m.typeId)] }),
  removalVerb: 'remove',
  drift: (m) => ({
    as: 'edited',
    fields: [{ field: 'maxToObjectIds', old: m.old, new: null }],
    fix: 'update',
  }),
};

export { LimitPurgeMeta, type LimitPurgeChange } from './limit-purge-meta.js';

/** limit.purge: the limit of an association type removed (no association is deleted). */
import { writes } from '../../api/writes.js';
import type { LimitPurgeChange } from '../change-types.js';
import { keys } from '../dependency-keys.js';
import type { ChangeKind } from './change-kind.js';
import { removed } from './end-state.js';
import { limitAddressOf } from './limit-shared.js';
import { defined } from '../../core/defined.js';

export const limitPurge: ChangeKind<LimitPurgeChange> = {
  type: 'limit.purge',
  target: (m) => ({
    kind: 'limit',
    from: m.from,
    to: m.to,
    category: m.category,
    typeId: m.typeId,
    ...defined({ label: m.label }),
  }),
  action: () => 'remove',
  address: limitAddressOf,
  message: (m) => `Remove association limit ${limitAddressOf(m)} (was ${m.old})`,
  severity: () => ({ severity: 'safe', reason: 'removes a limit; no association or record is deleted' }),
  phase: () => 'limits.purge',
  requests: (m) => [writes.purgeLimit(m.from, m.to, { category: m.category, typeId: m.typeId })],
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

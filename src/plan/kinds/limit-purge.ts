/** limit.purge: the limit of an association type removed (no association is deleted). */
import { keys } from '../dependency-keys.js';
import type { ChangeKind, KindChange } from './change-kind.js';
import { removed } from './end-state.js';
import { limitAddressOf } from './limit-shared.js';
import { defined } from '../../core/defined.js';
import { Type } from '../../core/json-schema.js';
import { metaObject, fromField, toField } from './meta-fields.js';

/** The data of a limit.purge change, declared once: its type below and its part of the plan's JSON Schema. */
export const LimitPurgeMeta = metaObject('Remove an association limit.', {
  from: fromField,
  to: toField,
  category: Type.String({ description: 'Association category.' }),
  typeId: Type.Integer({ description: 'Association type id.' }),
  label: Type.Optional(Type.String({ description: 'Label text, for a user label.' })),
  old: Type.Integer({ description: 'Live limit.' }),
});

export type LimitPurgeChange = KindChange<'limit.purge', typeof LimitPurgeMeta>;

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

/** limit.set / purge (association limit configuration: beyond the spec, reference §1; batch endpoints only) */
import type { LimitPurgeChange, LimitSetChange } from '../change-types.js';
import { isRef } from '../change-types.js';
import { limitAddress } from '../../model/address.js';
import { limitsPath } from '../requests/paths.js';
import type { PlannedRequest } from '../requests/request-types.js';
import type { ChangeKind } from './change-kind.js';

type LimitMeta = LimitSetChange['meta'] | LimitPurgeChange['meta'];

function address(m: LimitMeta): string {
  const typeId = isRef(m.typeId) ? undefined : m.typeId;
  return limitAddress(m.from, m.to, { category: m.category, typeId, label: m.label });
}

function batchOnly(path: string, item: PlannedRequest['body'] & object): PlannedRequest {
  return { method: 'POST', path, body: { inputs: [item] }, batch: { path, item } };
}

export const limitSet: ChangeKind<LimitSetChange> = {
  action: (m) => (m.mode === 'create' ? 'create' : 'update'),
  address,
  message: (m) =>
    `Set association limit ${address(m)} to ${m.new}` +
    (m.old === undefined ? ' (none set)' : ` (was ${m.old})`),
  severity: () => ({ severity: 'safe', reason: 'sets a limit; existing associations are kept' }),
  phase: () => 'limits.set',
  requests: (m) => [
    batchOnly(limitsPath(m.from, m.to, m.mode), {
      category: m.category,
      typeId: m.typeId,
      maxToObjectIds: m.new,
    }),
  ],
};

export const limitPurge: ChangeKind<LimitPurgeChange> = {
  action: () => 'remove',
  address,
  message: (m) => `Remove association limit ${address(m)} (was ${m.old})`,
  severity: () => ({ severity: 'safe', reason: 'removes a limit; no association or record is deleted' }),
  phase: () => 'limits.purge',
  requests: (m) => [batchOnly(limitsPath(m.from, m.to, 'purge'), { category: m.category, typeId: m.typeId })],
};

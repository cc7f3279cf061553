/** group.archive: a tombstoned (or unmanaged) property group is archived, once its properties left. */
import { writes } from '../../api/writes.js';
import { groupAddress } from '../../model/address.js';
import type { GroupArchiveChange } from '../change-types.js';
import { keys } from '../dependency-keys.js';
import type { ChangeKind } from './change-kind.js';
import { removed } from './end-state.js';

export const groupArchive: ChangeKind<GroupArchiveChange> = {
  type: 'group.archive',
  target: (m) => ({ kind: 'group', objectType: m.objectType, name: m.name }),
  action: () => 'remove',
  address: (m) => groupAddress(m.objectType, m.name),
  message: (m) => `Archive group ${groupAddress(m.objectType, m.name)}`,
  severity: () => ({ severity: 'destructive', reason: 'archives the property group' }),
  phase: () => 'groups.archive',
  requests: (m) => [writes.archiveGroup(m.objectType, m.name)],
  creates: () => false,
  removes: true,
  endState: (_m, found) => removed(found),
  dependencies: (m) => ({ needs: [keys.leftGroup(groupAddress(m.objectType, m.name))] }),
  cause: (m) => m.cause,
  removalVerb: 'archive',
  drift: (m) =>
    m.cause === 'unmanaged'
      ? { as: 'unmanaged', label: m.group.label, scope: 'the managed scope' }
      : undefined,
};

/** group.create / update / archive (property groups: beyond the spec, reference §1) */
import type { GroupArchiveChange, GroupCreateChange, GroupUpdateChange } from '../change-types.js';
import { groupAddress } from '../../model/address.js';
import { patchBody } from '../requests/bodies.js';
import { groupsPath } from '../requests/paths.js';
import { fieldNames, type ChangeKind } from './change-kind.js';

export const groupCreate: ChangeKind<GroupCreateChange> = {
  action: () => 'create',
  address: (m) => groupAddress(m.objectType, m.group.name),
  message: (m) => `Create group ${groupAddress(m.objectType, m.group.name)} "${m.group.label}"`,
  severity: () => ({ severity: 'safe', reason: 'adds a new property group' }),
  phase: () => 'groups.create',
  requests: (m) => [
    {
      method: 'POST',
      path: groupsPath(m.objectType),
      body: { name: m.group.name, label: m.group.label, displayOrder: m.group.displayOrder },
    },
  ],
};

export const groupUpdate: ChangeKind<GroupUpdateChange> = {
  action: () => 'update',
  address: (m) => groupAddress(m.objectType, m.name),
  message: (m) => `Update group ${groupAddress(m.objectType, m.name)}: ${fieldNames(m.fields)}`,
  severity: () => ({ severity: 'safe', reason: 'changes the group in place' }),
  phase: () => 'groups.update',
  requests: (m) => [{ method: 'PATCH', path: groupsPath(m.objectType, m.name), body: patchBody(m.fields) }],
};

export const groupArchive: ChangeKind<GroupArchiveChange> = {
  action: () => 'remove',
  address: (m) => groupAddress(m.objectType, m.name),
  message: (m) => `Archive group ${groupAddress(m.objectType, m.name)}`,
  severity: () => ({ severity: 'destructive', reason: 'archives the property group' }),
  phase: () => 'groups.archive',
  requests: (m) => [{ method: 'DELETE', path: groupsPath(m.objectType, m.name) }],
};

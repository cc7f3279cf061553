/** group.archive: a tombstoned (or unmanaged) property group is archived, once its properties left. */
import { keys } from '../../../engine/plan/dependency-keys.js';
import type { ChangeKind, KindChange } from '../../../engine/plan/kinds/change-kind.js';
import { removed } from '../../../engine/plan/kinds/end-state.js';
import { Type, ref } from '../../../core/json-schema.js';
import { removalCause } from '../../../engine/plan/change-shapes.js';
import { metaObject, objectTypeField } from '../../../engine/plan/kinds/meta-fields.js';
import { groupAddress, GroupShape } from '../group-model.js';

/** The data of a group.archive change, declared once: its type below and its part of the plan's JSON Schema. */
export const GroupArchiveMeta = metaObject('Archive a property group.', {
  objectType: objectTypeField,
  name: Type.String({ description: 'Group name.' }),
  cause: removalCause(),
  group: ref(GroupShape, 'The live group.'),
});

export type GroupArchiveChange = KindChange<'group.archive', typeof GroupArchiveMeta>;

export const groupArchive: ChangeKind<GroupArchiveChange> = {
  type: 'group.archive',
  meta: GroupArchiveMeta,
  target: (m) => ({ kind: 'group', objectType: m.objectType, name: m.name }),
  action: () => 'remove',
  address: (m) => groupAddress(m.objectType, m.name),
  message: (m) => `Archive group ${groupAddress(m.objectType, m.name)}`,
  severity: () => ({ severity: 'destructive', reason: 'archives the property group' }),
  phase: () => 'groups.archive',
  requests: (m, w) => [w.archiveGroup(m.objectType, m.name)],
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

/** group.create: a property group the account lacks. */
import { keys } from '../../../engine/plan/dependency-keys.js';
import type { ChangeKind, KindChange } from '../../../engine/plan/kinds/change-kind.js';
import { created } from '../../../engine/plan/kinds/end-state.js';
import { ref } from '../../../core/json-schema.js';
import { metaObject, objectTypeField } from '../../../engine/plan/kinds/meta-fields.js';
import { groupAddress, GroupShape } from '../group-model.js';

/** The data of a group.create change, declared once: its type below and its part of the plan's JSON Schema. */
export const GroupCreateMeta = metaObject('Create a property group.', {
  objectType: objectTypeField,
  group: ref(GroupShape, 'The group to create.'),
});

export type GroupCreateChange = KindChange<'group.create', typeof GroupCreateMeta>;

export const groupCreate: ChangeKind<GroupCreateChange> = {
  type: 'group.create',
  meta: GroupCreateMeta,
  target: (m) => ({ kind: 'group', objectType: m.objectType, name: m.group.name }),
  action: () => 'create',
  address: (m) => groupAddress(m.objectType, m.group.name),
  message: (m) => `Create group ${groupAddress(m.objectType, m.group.name)} "${m.group.label}"`,
  severity: () => ({ severity: 'safe', reason: 'adds a new property group' }),
  phase: () => 'groups.create',
  requests: (m, w) => [
    w.createGroup(m.objectType, {
      name: m.group.name,
      label: m.group.label,
      displayOrder: m.group.displayOrder,
    }),
  ],
  creates: () => true,
  removes: false,
  endState: (m, found) => created(m.group, found),
  dependencies: (m) => ({ provides: [keys.created(groupAddress(m.objectType, m.group.name))] }),
};

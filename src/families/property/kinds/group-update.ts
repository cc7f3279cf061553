/** group.update: a group changed in place. */
import { patchBody } from '../../../engine/plan/requests/bodies.js';
import { fieldNames, type ChangeKind, type KindChange } from '../../../engine/plan/kinds/change-kind.js';
import { updated } from '../../../engine/plan/kinds/end-state.js';
import { Type } from '../../../core/json-schema.js';
import { metaObject, objectTypeField, fieldsField } from '../../../engine/plan/kinds/meta-fields.js';
import { groupAddress } from '../group-model.js';

/** The data of a group.update change, declared once: its type below and its part of the plan's JSON Schema. */
export const GroupUpdateMeta = metaObject('Update a property group.', {
  objectType: objectTypeField,
  name: Type.String({ description: 'Group name.' }),
  fields: fieldsField,
});

export type GroupUpdateChange = KindChange<'group.update', typeof GroupUpdateMeta>;

export const groupUpdate: ChangeKind<GroupUpdateChange> = {
  type: 'group.update',
  meta: GroupUpdateMeta,
  target: (m) => ({ kind: 'group', objectType: m.objectType, name: m.name }),
  action: () => 'update',
  address: (m) => groupAddress(m.objectType, m.name),
  message: (m) => `Update group ${groupAddress(m.objectType, m.name)}: ${fieldNames(m.fields)}`,
  severity: () => ({ severity: 'safe', reason: 'changes the group in place' }),
  phase: () => 'groups.update',
  requests: (m, w) => [w.updateGroup(m.objectType, m.name, patchBody(m.fields))],
  creates: () => false,
  removes: false,
  endState: (m, found) => updated(m.fields, found),
  details: (m) => [{ kind: 'fields', fields: m.fields }],
  fields: (m) => m.fields,
};

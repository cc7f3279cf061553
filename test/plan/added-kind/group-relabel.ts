/**
 * A change kind that crm-schema does not have, written as a new kind is: this one module (its meta
 * declared once, everything else derived from it), with no change anywhere else but its line in the list
 * of kinds (added by the test that uses it). `group.relabel`: a property group's label changed in place.
 */
import { Type } from '../../../src/core/json-schema.js';
import type { ChangeKind, KindChange } from '../../../src/engine/plan/kinds/change-kind.js';
import { updated } from '../../../src/engine/plan/kinds/end-state.js';
import { metaObject, objectTypeField } from '../../../src/engine/plan/kinds/meta-fields.js';
import { groupAddress } from '../../../src/families/property/group-model.js';

export const GroupRelabelMeta = metaObject('Change the label of a property group in place.', {
  objectType: objectTypeField,
  name: Type.String({ description: 'Group name.' }),
  old: Type.String({ description: 'The live label.' }),
  label: Type.String({ description: 'The new label.' }),
});

export type GroupRelabelChange = KindChange<'group.relabel', typeof GroupRelabelMeta>;

const fields = (m: GroupRelabelChange['meta']) => [{ field: 'label', old: m.old, new: m.label }];

export const groupRelabel: ChangeKind<GroupRelabelChange> = {
  type: 'group.relabel',
  meta: GroupRelabelMeta,
  target: (m) => ({ kind: 'group', objectType: m.objectType, name: m.name }),
  action: () => 'update',
  address: (m) => groupAddress(m.objectType, m.name),
  message: (m) => `Relabel group ${groupAddress(m.objectType, m.name)}: "${m.old}" -> "${m.label}"`,
  severity: () => ({ severity: 'safe', reason: 'changes the label of the group in place' }),
  phase: () => 'groups.update',
  requests: (m, w) => [w.updateGroup(m.objectType, m.name, { label: m.label })],
  creates: () => false,
  removes: false,
  endState: (m, found) => updated(fields(m), found),
  details: (m) => [{ kind: 'fields', fields: fields(m) }],
  fields,
};

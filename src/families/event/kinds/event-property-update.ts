/** eventProperty.update: editable fields of an event property changed in place. */
import { patchBody } from '../../../engine/plan/requests/bodies.js';
import { fieldNames, type ChangeKind, type KindChange } from '../../../engine/plan/kinds/change-kind.js';
import { updated } from '../../../engine/plan/kinds/end-state.js';
import { eventOptionRemoval } from '../../property/kinds/rule-option-removal.js';
import { Type } from '../../../core/json-schema.js';
import { metaObject, eventNameField, fieldsField } from '../../../engine/plan/kinds/meta-fields.js';
import { eventPropertyAddress } from '../model.js';

/** The data of a eventProperty.update change, declared once: its type below and its part of the plan's JSON Schema. */
export const EventPropertyUpdateMeta = metaObject('Update an event property (label, description, options).', {
  eventName: eventNameField,
  name: Type.String({ description: 'Property name.' }),
  fields: fieldsField,
});

export type EventPropertyUpdateChange = KindChange<'eventProperty.update', typeof EventPropertyUpdateMeta>;

export const eventPropertyUpdate: ChangeKind<EventPropertyUpdateChange> = {
  type: 'eventProperty.update',
  meta: EventPropertyUpdateMeta,
  target: (m) => ({ kind: 'eventProperty', eventName: m.eventName, name: m.name }),
  action: () => 'update',
  address: (m) => eventPropertyAddress(m.eventName, m.name),
  message: (m) =>
    `Update event property ${eventPropertyAddress(m.eventName, m.name)}: ${fieldNames(m.fields)}`,
  severity: () => ({ severity: 'safe', reason: 'changes editable fields in place' }),
  phase: () => 'eventProperties.write',
  requests: (m, w) => [w.updateEventProperty(m.eventName, m.name, patchBody(m.fields))],
  creates: () => false,
  removes: false,
  endState: (m, found) => updated(m.fields, found),
  details: (m) => [{ kind: 'fields', fields: m.fields }],
  fields: (m) => m.fields,
  assess: eventOptionRemoval,
};

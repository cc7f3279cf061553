/** eventDefinition.update: an event definition's label or description changed in place (PATCH). */
import { patchBody } from '../../../engine/plan/requests/bodies.js';
import { fieldNames, type ChangeKind, type KindChange } from '../../../engine/plan/kinds/change-kind.js';
import { updated } from '../../../engine/plan/kinds/end-state.js';
import { metaObject, eventNameField, fieldsField } from '../../../engine/plan/kinds/meta-fields.js';
import { eventDefinitionAddress } from '../model.js';

/** The data of an eventDefinition.update change, declared once: its type below and its part of the plan's JSON Schema. */
export const EventDefinitionUpdateMeta = metaObject(
  "Change a custom event definition's label or description in place (PATCH); its name and primary object never change.",
  {
    eventName: eventNameField,
    fields: fieldsField,
  },
);

export type EventDefinitionUpdateChange = KindChange<
  'eventDefinition.update',
  typeof EventDefinitionUpdateMeta
>;

export const eventDefinitionUpdate: ChangeKind<EventDefinitionUpdateChange> = {
  type: 'eventDefinition.update',
  meta: EventDefinitionUpdateMeta,
  target: (m) => ({ kind: 'eventDefinition', eventName: m.eventName }),
  action: () => 'update',
  address: (m) => eventDefinitionAddress(m.eventName),
  message: (m) => `Update event definition ${eventDefinitionAddress(m.eventName)}: ${fieldNames(m.fields)}`,
  severity: () => ({ severity: 'safe', reason: 'changes the event definition in place' }),
  phase: () => 'eventDefinitions.create',
  requests: (m, w) => [w.updateEventDefinition(m.eventName, patchBody(m.fields))],
  creates: () => false,
  removes: false,
  endState: (m, found) => updated(m.fields, found),
  details: (m) => [{ kind: 'fields', fields: m.fields }],
  fields: (m) => m.fields,
};

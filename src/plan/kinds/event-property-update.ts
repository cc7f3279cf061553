/** eventProperty.update: editable fields of an event property changed in place. */
import { writes } from '../../api/writes.js';
import { eventPropertyAddress } from '../../model/address.js';
import type { EventPropertyUpdateChange } from '../change-types.js';
import { patchBody } from '../requests/bodies.js';
import { fieldNames, type ChangeKind } from './change-kind.js';
import { updated } from './end-state.js';
import { eventOptionRemoval } from '../rules/option-removal.js';

export const eventPropertyUpdate: ChangeKind<EventPropertyUpdateChange> = {
  type: 'eventProperty.update',
  target: (m) => ({ kind: 'eventProperty', eventName: m.eventName, name: m.name }),
  action: () => 'update',
  address: (m) => eventPropertyAddress(m.eventName, m.name),
  message: (m) =>
    `Update event property ${eventPropertyAddress(m.eventName, m.name)}: ${fieldNames(m.fields)}`,
  severity: () => ({ severity: 'safe', reason: 'changes editable fields in place' }),
  phase: () => 'eventProperties.write',
  requests: (m) => [writes.updateEventProperty(m.eventName, m.name, patchBody(m.fields))],
  creates: () => false,
  removes: false,
  endState: (m, found) => updated(m.fields, found),
  details: (m) => [{ kind: 'fields', fields: m.fields }],
  fields: (m) => m.fields,
  assess: eventOptionRemoval,
};

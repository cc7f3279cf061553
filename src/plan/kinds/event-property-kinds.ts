/** eventProperty.create / update / delete */
import type {
  EventPropertyCreateChange,
  EventPropertyDeleteChange,
  EventPropertyUpdateChange,
} from '../change-types.js';
import { eventPropertyAddress } from '../../model/address.js';
import { eventPropertyCreateBody, patchBody } from '../requests/bodies.js';
import { eventPropertyPath } from '../requests/paths.js';
import { fieldNames, type ChangeKind } from './change-kind.js';

export const eventPropertyCreate: ChangeKind<EventPropertyCreateChange> = {
  action: () => 'create',
  address: (m) => eventPropertyAddress(m.eventName, m.property.name),
  message: (m) =>
    `Create event property ${eventPropertyAddress(m.eventName, m.property.name)} "${m.property.label}" (${m.property.type})` +
    (m.replaces === true ? ', replacing the deleted one' : ''),
  severity: () => ({ severity: 'safe', reason: 'adds a new event property' }),
  phase: () => 'eventProperties.write',
  // spec 4.17
  requests: (m) => [
    { method: 'POST', path: eventPropertyPath(m.eventName), body: eventPropertyCreateBody(m.property) },
  ],
};

export const eventPropertyUpdate: ChangeKind<EventPropertyUpdateChange> = {
  action: () => 'update',
  address: (m) => eventPropertyAddress(m.eventName, m.name),
  message: (m) =>
    `Update event property ${eventPropertyAddress(m.eventName, m.name)}: ${fieldNames(m.fields)}`,
  severity: () => ({ severity: 'safe', reason: 'changes editable fields in place' }),
  phase: () => 'eventProperties.write',
  // beyond the spec (reference §1)
  requests: (m) => [
    { method: 'PATCH', path: eventPropertyPath(m.eventName, m.name), body: patchBody(m.fields) },
  ],
};

export const eventPropertyDelete: ChangeKind<EventPropertyDeleteChange> = {
  action: () => 'remove',
  address: (m) => eventPropertyAddress(m.eventName, m.name),
  message: (m) => {
    const address = eventPropertyAddress(m.eventName, m.name);
    if (m.cause === 'type-change') {
      return `Delete event property ${address} to create it again as ${m.newType ?? '?'} (type ${m.property.type} cannot change in place)`;
    }
    return (
      `Delete event property ${address}` +
      (m.cause === 'unmanaged' ? ' (in no manifest; policy unmanaged: archive)' : '')
    );
  },
  severity: (m) => ({
    severity: 'destructive',
    reason:
      m.cause === 'type-change'
        ? `the type cannot change in place (${m.property.type} -> ${m.newType ?? '?'}): the property is deleted and created again, and its values on past events are lost`
        : 'deletes the property from the event definition: its values on past events are lost',
  }),
  // a delete for a type change runs just before its re-create, in the same phase
  phase: (m) => (m.cause === 'type-change' ? 'eventProperties.write' : 'eventProperties.delete'),
  // spec 4.18
  requests: (m) => [{ method: 'DELETE', path: eventPropertyPath(m.eventName, m.name) }],
};

/** eventProperty.delete: a tombstoned (or unmanaged) event property deleted, or deleted to change its type. */
import { writes } from '../../api/writes.js';
import { eventPropertyAddress } from '../../model/address.js';
import type { NormalizedEventProperty } from '../../model/schema-model.js';
import type { EventPropertyDeleteChange } from '../change-types.js';
import { keys } from '../dependency-keys.js';
import type { ChangeKind } from './change-kind.js';
import { removed } from './end-state.js';
import { eventScope } from '../diff/manage-scope.js';

export const eventPropertyDelete: ChangeKind<EventPropertyDeleteChange> = {
  type: 'eventProperty.delete',
  target: (m) => ({ kind: 'eventProperty', eventName: m.eventName, name: m.name }),
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
  phase: (m) => (m.cause === 'type-change' ? 'eventProperties.write' : 'eventProperties.delete'),
  requests: (m) => [writes.deleteEventProperty(m.eventName, m.name)],
  creates: () => false,
  removes: true,
  endState: (m, found) => {
    // deleted to be created again with a new type: the re-created property means this step is done too
    const property = found as NormalizedEventProperty | undefined;
    if (m.cause === 'type-change' && property !== undefined && property.type === m.newType)
      return { done: true, absent: false, differences: [] };
    return removed(found);
  },
  dependencies: (m) => ({
    provides:
      m.cause === 'type-change' ? [keys.deletedForRetype(eventPropertyAddress(m.eventName, m.name))] : [],
  }),
  cause: (m) => m.cause,
  removalVerb: 'delete',
  drift: (m, { policy }) => {
    if (m.cause === 'type-change')
      return {
        as: 'edited',
        fields: [{ field: 'type', old: m.property.type, new: m.newType ?? null }],
        fix: 'replace',
      };
    if (m.cause === 'unmanaged')
      return {
        as: 'unmanaged',
        scope: eventScope(policy).property(m.eventName, m.name) ?? 'the managed scope',
      };
    return undefined;
  },
};

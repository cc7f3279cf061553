/** eventProperty.delete: a tombstoned (or unmanaged) event property deleted, or deleted to change its type. */
import { keys } from '../../../engine/plan/dependency-keys.js';
import type { ChangeKind, KindChange } from '../../../engine/plan/kinds/change-kind.js';
import { removed } from '../../../engine/plan/kinds/end-state.js';
import { Type, oneOfValues, ref } from '../../../core/json-schema.js';
import { REMOVAL_CAUSES } from '../../../engine/plan/change-shapes.js';
import { metaObject, eventNameField } from '../../../engine/plan/kinds/meta-fields.js';
import { eventPropertyAddress, type NormalizedEventProperty, EventPropertyShape } from '../model.js';
import { eventScope } from '../manage-scope.js';

/** The data of a eventProperty.delete change, declared once: its type below and its part of the plan's JSON Schema. */
export const EventPropertyDeleteMeta = metaObject('Delete a property of a custom event definition.', {
  eventName: eventNameField,
  name: Type.String({ description: 'Property name.' }),
  /** `type-change`: deleted to be recreated with `newType` (PATCH cannot change a type) */
  cause: oneOfValues(
    [...REMOVAL_CAUSES, 'type-change'],
    'Why: a tombstone, the unmanaged policy, or a type change (deleted to be created again).',
  ),
  property: ref(EventPropertyShape, 'The live property.'),
  newType: Type.Optional(
    Type.String({ description: 'For a type change: the type it is created again with.' }),
  ),
});

export type EventPropertyDeleteChange = KindChange<'eventProperty.delete', typeof EventPropertyDeleteMeta>;

export const eventPropertyDelete: ChangeKind<EventPropertyDeleteChange> = {
  type: 'eventProperty.delete',
  meta: EventPropertyDeleteMeta,
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
  requests: (m, w) => [w.deleteEventProperty(m.eventName, m.name)],
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
  // created again, it holds nothing of what past events held
  rollback: () => ({
    as: 'put',
    lost: 'its values on past events are lost with it and cannot be restored (a rollback could only create it anew, without them)',
  }),
};

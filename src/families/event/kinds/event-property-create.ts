/** eventProperty.create: a property of a custom event definition the account lacks. */
import { keys } from '../../../engine/plan/dependency-keys.js';
import type { ChangeKind, KindChange } from '../../../engine/plan/kinds/change-kind.js';
import { created } from '../../../engine/plan/kinds/end-state.js';
import { Type, ref } from '../../../core/json-schema.js';
import { metaObject, eventNameField } from '../../../engine/plan/kinds/meta-fields.js';
import { eventDefinitionAddress, eventPropertyAddress, EventPropertyShape } from '../model.js';
import { eventPropertyCreateBody } from '../bodies.js';

/** The data of a eventProperty.create change, declared once: its type below and its part of the plan's JSON Schema. */
export const EventPropertyCreateMeta = metaObject('Create a property on a custom event definition.', {
  eventName: eventNameField,
  property: ref(EventPropertyShape, 'The property to create.'),
  /** recreating a property whose type changed; runs after its delete */
  replaces: Type.Optional(
    Type.Boolean({ description: 'Re-creating a property whose type changed; runs after its delete.' }),
  ),
  /** created in the same call as its new definition (its `propertyDefinitions`): no request of its own */
  withDefinition: Type.Optional(
    Type.Boolean({
      description:
        'Created by the create of its new event definition, in the same call: no request of its own.',
    }),
  ),
});

export type EventPropertyCreateChange = KindChange<'eventProperty.create', typeof EventPropertyCreateMeta>;

export const eventPropertyCreate: ChangeKind<EventPropertyCreateChange> = {
  type: 'eventProperty.create',
  meta: EventPropertyCreateMeta,
  target: (m) => ({ kind: 'eventProperty', eventName: m.eventName, name: m.property.name }),
  action: () => 'create',
  address: (m) => eventPropertyAddress(m.eventName, m.property.name),
  message: (m) =>
    `Create event property ${eventPropertyAddress(m.eventName, m.property.name)} "${m.property.label}" (${m.property.type})` +
    (m.replaces === true ? ', replacing the deleted one' : '') +
    (m.withDefinition === true ? ', with its event definition' : ''),
  severity: () => ({ severity: 'safe', reason: 'adds a new event property' }),
  phase: () => 'eventProperties.write',
  requests: (m, w) =>
    m.withDefinition === true
      ? []
      : [w.createEventProperty(m.eventName, eventPropertyCreateBody(m.property))],
  creates: () => true,
  removes: false,
  endState: (m, found) => created(m.property, found),
  // after its event definition; a re-create for a type change after its delete
  dependencies: (m) => ({
    needs: [
      keys.created(eventDefinitionAddress(m.eventName)),
      ...(m.replaces === true
        ? [keys.deletedForRetype(eventPropertyAddress(m.eventName, m.property.name))]
        : []),
    ],
  }),
  details: (m) => (m.property.options.length === 0 ? [] : [{ kind: 'options', options: m.property.options }]),
  // the re-create of a type change: reported with its delete
  drift: (m) => (m.replaces === true ? { as: 'with-another' } : undefined),
  resume: {
    // recreated for a type change whose delete ran: what is left is a plain create; and one saved to come
    // with its definition, when the definition exists by now, is a create of its own
    savedNow: (saved, fresh) => {
      const now = fresh.meta as { replaces?: unknown; withDefinition?: unknown };
      const replacesDone = saved.meta.replaces === true && now.replaces !== true;
      const definitionDone = saved.meta.withDefinition === true && now.withDefinition !== true;
      if (!replacesDone && !definitionDone) return undefined;
      const { replaces, withDefinition, ...rest } = saved.meta;
      return {
        meta: {
          ...rest,
          ...(replaces === true && !replacesDone ? { replaces } : {}),
          ...(withDefinition === true && !definitionDone ? { withDefinition } : {}),
        },
      };
    },
  },
};

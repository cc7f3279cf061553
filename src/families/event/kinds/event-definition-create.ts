/** eventDefinition.create: a custom event definition the account lacks, from a `definition` block. */
import { keys } from '../../../engine/plan/dependency-keys.js';
import type { ChangeKind, KindChange } from '../../../engine/plan/kinds/change-kind.js';
import { fieldDifferences, missing } from '../../../engine/plan/kinds/end-state.js';
import { Type, ref } from '../../../core/json-schema.js';
import { metaObject, eventNameField } from '../../../engine/plan/kinds/meta-fields.js';
import { eventDefinitionAddress, EventDefinitionShape, EventPropertyShape } from '../model.js';
import { eventDefinitionCreateBody } from '../bodies.js';

/** The data of a eventDefinition.create change, declared once: its type below and its part of the plan's JSON Schema. */
export const EventDefinitionCreateMeta = metaObject(
  'Create a custom event definition the account lacks, with its declared properties in the same call.',
  {
    eventName: eventNameField,
    /** the manifest's `definition` block */
    definition: ref(EventDefinitionShape, "The definition to create, from the manifest's definition block."),
    /** sent in the create's `propertyDefinitions`; each is also its own eventProperty.create, with no request */
    propertyDefinitions: Type.Optional(
      Type.Array(ref(EventPropertyShape, 'A property created with it.'), {
        description:
          'The properties created in the same call (its `propertyDefinitions`); each is listed as its own eventProperty.create too, with no request of its own.',
      }),
    ),
  },
);

export type EventDefinitionCreateChange = KindChange<
  'eventDefinition.create',
  typeof EventDefinitionCreateMeta
>;

export const eventDefinitionCreate: ChangeKind<EventDefinitionCreateChange> = {
  type: 'eventDefinition.create',
  meta: EventDefinitionCreateMeta,
  target: (m) => ({ kind: 'eventDefinition', eventName: m.eventName }),
  action: () => 'create',
  address: (m) => eventDefinitionAddress(m.eventName),
  message: (m) =>
    `Create event definition ${eventDefinitionAddress(m.eventName)} "${m.definition.label}"` +
    ` (primary object ${m.definition.primaryObject ?? 'CONTACT'})` +
    (m.propertyDefinitions !== undefined && m.propertyDefinitions.length > 0
      ? ` with its ${m.propertyDefinitions.length === 1 ? 'property' : `${m.propertyDefinitions.length} properties`}`
      : ''),
  severity: () => ({ severity: 'safe', reason: 'adds a new custom event definition' }),
  phase: () => 'eventDefinitions.create',
  requests: (m, w) => [
    w.createEventDefinition(
      eventDefinitionCreateBody(m.eventName, m.definition, m.propertyDefinitions ?? []),
    ),
  ],
  creates: () => true,
  removes: false,
  endState: (m, found) => {
    if (found === undefined) return missing();
    // the fields a definition block sets (when the account said them); the primary object comes back
    // as the account names it
    const differences =
      typeof found === 'object' && found !== null && 'label' in found
        ? fieldDifferences(m.definition, found, ['label', 'description'])
        : [];
    return { done: differences.length === 0, absent: false, differences };
  },
  dependencies: (m) => ({ provides: [keys.created(eventDefinitionAddress(m.eventName))] }),
  details: (m) =>
    m.definition.description === ''
      ? []
      : [{ kind: 'value', field: 'description', value: JSON.stringify(m.definition.description) }],
  rollback: () => ({
    as: 'irreversible',
    why: 'the API cannot delete an event definition: a rollback deletes its properties and leaves it; delete it in the CRM if it must go',
  }),
};

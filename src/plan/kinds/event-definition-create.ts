/** eventDefinition.create: a custom event definition the account lacks, from a `definition` block. */
import { writes } from '../../api/writes.js';
import { eventDefinitionAddress } from '../../model/address.js';
import type { EventDefinitionCreateChange } from '../change-types.js';
import { keys } from '../dependency-keys.js';
import { eventDefinitionCreateBody } from '../requests/bodies.js';
import type { ChangeKind } from './change-kind.js';
import { fieldDifferences, missing } from './end-state.js';

export const eventDefinitionCreate: ChangeKind<EventDefinitionCreateChange> = {
  type: 'eventDefinition.create',
  target: (m) => ({ kind: 'eventDefinition', eventName: m.eventName }),
  action: () => 'create',
  address: (m) => eventDefinitionAddress(m.eventName),
  message: (m) =>
    `Create event definition ${eventDefinitionAddress(m.eventName)} "${m.definition.label}"` +
    ` (primary object ${m.definition.primaryObject ?? 'CONTACT'})`,
  severity: () => ({ severity: 'safe', reason: 'adds a new custom event definition' }),
  phase: () => 'eventDefinitions.create',
  requests: (m) => [writes.createEventDefinition(eventDefinitionCreateBody(m.eventName, m.definition))],
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
};

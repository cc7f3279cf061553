/** eventDefinition.create: a custom event definition the account lacks, from a manifest's `definition` block. */
import type { EventDefinitionCreateChange } from '../change-types.js';
import { eventDefinitionAddress } from '../../model/address.js';
import { eventDefinitionCreateBody } from '../requests/bodies.js';
import { eventDefinitionsPath } from '../requests/paths.js';
import type { ChangeKind } from './change-kind.js';

export const eventDefinitionCreate: ChangeKind<EventDefinitionCreateChange> = {
  action: () => 'create',
  address: (m) => eventDefinitionAddress(m.eventName),
  message: (m) =>
    `Create event definition ${eventDefinitionAddress(m.eventName)} "${m.definition.label}"` +
    ` (primary object ${m.definition.primaryObject ?? 'CONTACT'})`,
  severity: () => ({ severity: 'safe', reason: 'adds a new custom event definition' }),
  // before the event's properties, which are created on it (spec 4.17)
  phase: () => 'eventDefinitions.create',
  // beyond the spec (reference §1)
  requests: (m) => [
    {
      method: 'POST',
      path: eventDefinitionsPath(),
      body: eventDefinitionCreateBody(m.eventName, m.definition),
    },
  ],
};

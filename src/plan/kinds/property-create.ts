/** property.create: a property the account lacks. */
import { writes } from '../../api/writes.js';
import { propertyAddress } from '../../model/address.js';
import type { PropertyCreateChange } from '../change-types.js';
import { keys } from '../dependencies.js';
import { propertyCreateBody } from '../requests/bodies.js';
import type { ChangeKind } from './change-kind.js';
import { created } from './end-state.js';
import { propertyDetails, propertyNeeds } from './property-shared.js';

export const propertyCreate: ChangeKind<PropertyCreateChange> = {
  target: (m) => ({ kind: 'property', objectType: m.objectType, name: m.property.name }),
  action: () => 'create',
  address: (m) => propertyAddress(m.objectType, m.property.name),
  message: (m) => {
    const p = m.property;
    const options =
      p.options.length > 0 ? `, ${p.options.length} option${p.options.length === 1 ? '' : 's'}` : '';
    return `Create property ${propertyAddress(m.objectType, p.name)} "${p.label}" (${p.type}/${p.fieldType}${options})`;
  },
  severity: () => ({ severity: 'safe', reason: 'adds a new property' }),
  phase: () => 'properties.create',
  // the CRM also creates properties in batches: apply merges consecutive creates
  requests: (m) => [writes.createProperty(m.objectType, propertyCreateBody(m.property))],
  creates: () => true,
  removes: false,
  endState: (m, found) => created(m.property, found),
  dependencies: (m) => ({
    provides: [keys.created(propertyAddress(m.objectType, m.property.name))],
    needs: propertyNeeds(m.objectType, m.property.groupName, m.property.calculationFormula),
  }),
  details: (m) => propertyDetails(m.property),
};

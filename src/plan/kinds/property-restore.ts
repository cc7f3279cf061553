/**
 * property.restore: a declared property whose name belongs to an archived one. The platform restores an
 * archived property when one of its name is created, with the new definition and the values records
 * held, so the request is a create; the plan says restore because the values come back.
 */
import { writes } from '../../api/writes.js';
import { propertyAddress } from '../../model/address.js';
import type { PropertyRestoreChange } from '../change-types.js';
import { keys } from '../dependencies.js';
import { propertyCreateBody } from '../requests/bodies.js';
import type { ChangeKind } from './change-kind.js';
import { created } from './end-state.js';
import { propertyDetails, propertyNeeds } from './property-shared.js';

export const propertyRestore: ChangeKind<PropertyRestoreChange> = {
  target: (m) => ({ kind: 'property', objectType: m.objectType, name: m.property.name }),
  action: () => 'create',
  address: (m) => propertyAddress(m.objectType, m.property.name),
  message: (m) =>
    `Restore archived property ${propertyAddress(m.objectType, m.property.name)} "${m.property.label}" ` +
    `(${m.property.type}/${m.property.fieldType}), with the values records held`,
  severity: () => ({
    severity: 'safe',
    reason: 'restores an archived property: the values records held come back with it',
  }),
  phase: () => 'properties.create',
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

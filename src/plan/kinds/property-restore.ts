/**
 * property.restore: a declared property whose name belongs to an archived one. The platform restores an
 * archived property when one of its name is created, with the new definition and the values records
 * held, so the request is a create; the plan says restore because the values come back.
 */
import { propertyAddress } from '../../model/address.js';
import type { PropertyRestoreChange } from '../change-types.js';
import type { ChangeKind } from './change-kind.js';
import { creatingProperty } from './property-shared.js';

export const propertyRestore: ChangeKind<PropertyRestoreChange> = {
  type: 'property.restore',
  ...creatingProperty<PropertyRestoreChange>(),
  message: (m) =>
    `Restore archived property ${propertyAddress(m.objectType, m.property.name)} "${m.property.label}" ` +
    `(${m.property.type}/${m.property.fieldType}), with the values records held`,
  severity: () => ({
    severity: 'safe',
    reason: 'restores an archived property: the values records held come back with it',
  }),
};

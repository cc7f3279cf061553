/** property.create: a property the account lacks. */
import { propertyAddress } from '../../model/address.js';
import type { PropertyCreateChange } from '../change-types.js';
import type { ChangeKind } from './change-kind.js';
import { creatingProperty } from './property-shared.js';

export const propertyCreate: ChangeKind<PropertyCreateChange> = {
  type: 'property.create',
  ...creatingProperty<PropertyCreateChange>(),
  message: (m) => {
    const p = m.property;
    const options =
      p.options.length > 0 ? `, ${p.options.length} option${p.options.length === 1 ? '' : 's'}` : '';
    return `Create property ${propertyAddress(m.objectType, p.name)} "${p.label}" (${p.type}/${p.fieldType}${options})`;
  },
  severity: () => ({ severity: 'safe', reason: 'adds a new property' }),
};

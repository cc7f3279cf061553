/** property.create: a property the account lacks. */
import type { ChangeKind } from '../../../engine/plan/kinds/change-kind.js';
import { creatingProperty } from './property-shared.js';
import { propertyAddress } from '../model.js';
import { PropertyCreateMeta, type PropertyCreateChange } from './property-create-meta.js';

export const propertyCreate: ChangeKind<PropertyCreateChange> = {
  type: 'property.create',
  meta: PropertyCreateMeta,
  ...creatingProperty<PropertyCreateChange>(),
  message: (m) => {
    const p = m.property;
    const options =
      p.options.length > 0 ? `, ${p.options.length} option${p.options.length === 1 ? '' : 's'}` : '';
    return `Create property ${propertyAddress(m.objectType, p.name)} "${p.label}" (${p.type}/${p.fieldType}${options})`;
  },
  severity: () => ({ severity: 'safe', reason: 'adds a new property' }),
};

export { PropertyCreateMeta, type PropertyCreateChange } from './property-create-meta.js';

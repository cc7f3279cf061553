/** property.create: a property the account lacks. */
import { propertyAddress } from '../../model/address.js';
import type { ChangeKind, KindChange } from './change-kind.js';
import { creatingProperty } from './property-shared.js';
import { ref } from '../../core/json-schema.js';
import { PropertyShape } from '../../model/model-shapes.js';
import { metaObject, objectTypeField } from './meta-fields.js';

/** The data of a property.create change, declared once: its type below and its part of the plan's JSON Schema. */
export const PropertyCreateMeta = metaObject('Create a property.', {
  objectType: objectTypeField,
  property: ref(PropertyShape, 'The property to create.'),
});

export type PropertyCreateChange = KindChange<'property.create', typeof PropertyCreateMeta>;

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

/** property.update: editable fields changed in place. */
import { propertyAddress } from '../../model/address.js';
import { patchBody } from '../requests/bodies.js';
import { fieldChangeTargets } from '../data-counts.js';
import { optionRemoval } from '../rules/option-removal.js';
import { typeChange } from '../rules/type-change.js';
import { fieldNames, type ChangeKind, type KindChange } from './change-kind.js';
import { fieldChangeParts } from './property-shared.js';
import { Type } from '../../core/json-schema.js';
import { metaObject, objectTypeField, fieldsField } from './meta-fields.js';

/** The data of a property.update change, declared once: its type below and its part of the plan's JSON Schema. */
export const PropertyUpdateMeta = metaObject('Update a property in place (PATCH).', {
  objectType: objectTypeField,
  name: Type.String({ description: 'Property name.' }),
  fields: fieldsField,
});

export type PropertyUpdateChange = KindChange<'property.update', typeof PropertyUpdateMeta>;

export const propertyUpdate: ChangeKind<PropertyUpdateChange> = {
  type: 'property.update',
  meta: PropertyUpdateMeta,
  target: (m) => ({ kind: 'property', objectType: m.objectType, name: m.name }),
  action: () => 'update',
  address: (m) => propertyAddress(m.objectType, m.name),
  message: (m) => `Update property ${propertyAddress(m.objectType, m.name)}: ${fieldNames(m.fields)}`,
  severity: () => ({ severity: 'safe', reason: 'changes editable fields in place' }),
  phase: () => 'properties.update',
  requests: (m, w) => [w.updateProperty(m.objectType, m.name, patchBody(m.fields))],
  creates: () => false,
  removes: false,
  ...fieldChangeParts(),
  dataCheck: (m, quote) => fieldChangeTargets(m.objectType, m.name, m.fields, quote),
  assess: (change, ctx) => optionRemoval(typeChange(change, ctx), ctx),
};

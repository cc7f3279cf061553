/** property.update: editable fields changed in place. */
import { patchBody } from '../../../engine/plan/requests/bodies.js';
import { fieldChangeTargets } from '../../../engine/plan/data-counts.js';
import { optionRemoval } from './rule-option-removal.js';
import { typeChange } from './rule-type-change.js';
import { fieldNames, type ChangeKind, type KindChange } from '../../../engine/plan/kinds/change-kind.js';
import { fieldChangeParts } from './property-shared.js';
import { Type } from '../../../core/json-schema.js';
import { metaObject, objectTypeField, fieldsField } from '../../../engine/plan/kinds/meta-fields.js';
import { propertyAddress } from '../model.js';

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

/**
 * property.restore: a declared property whose name belongs to an archived one. The platform restores an
 * archived property when one of its name is created, with the new definition and the values records
 * held, so the request is a create; the plan says restore because the values come back.
 */
import { propertyAddress } from '../../model/address.js';
import type { ChangeKind, KindChange } from './change-kind.js';
import { creatingProperty } from './property-shared.js';
import { ref } from '../../core/json-schema.js';
import { PropertyShape } from '../../model/model-shapes.js';
import { metaObject, objectTypeField } from './meta-fields.js';

/** The data of a property.restore change, declared once: its type below and its part of the plan's JSON Schema. */
export const PropertyRestoreMeta = metaObject(
  'Restore an archived property: creating a property of its name restores it, with the values records held.',
  {
    objectType: objectTypeField,
    property: ref(PropertyShape, 'The declared definition.'),
  },
);

export type PropertyRestoreChange = KindChange<'property.restore', typeof PropertyRestoreMeta>;

export const propertyRestore: ChangeKind<PropertyRestoreChange> = {
  type: 'property.restore',
  meta: PropertyRestoreMeta,
  ...creatingProperty<PropertyRestoreChange>(),
  message: (m) =>
    `Restore archived property ${propertyAddress(m.objectType, m.property.name)} "${m.property.label}" ` +
    `(${m.property.type}/${m.property.fieldType}), with the values records held`,
  severity: () => ({
    severity: 'safe',
    reason: 'restores an archived property: the values records held come back with it',
  }),
};

import type { KindChange } from '../../../engine/plan/kinds/change-kind.js';
import { ref } from '../../../core/json-schema.js';
import { metaObject, objectTypeField } from '../../../engine/plan/kinds/meta-fields.js';
import { PropertyShape } from '../model.js';

/** The data of a property.create change, declared once: its type below and its part of the plan's JSON Schema. */
export const PropertyCreateMeta = metaObject('Create a property.', {
  objectType: objectTypeField,
  property: ref(PropertyShape, 'The property to create.'),
});
export type PropertyCreateChange = KindChange<'property.create', typeof PropertyCreateMeta>;

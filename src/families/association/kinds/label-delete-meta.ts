import type { KindChange } from '../../../engine/plan/kinds/change-kind.js';
import { ref } from '../../../core/json-schema.js';
import { removalCause } from '../../../engine/plan/change-shapes.js';
import { metaObject, fromField, toField } from '../../../engine/plan/kinds/meta-fields.js';
import { LabelShape } from '../label-model.js';

/** The data of a label.delete change, declared once: its type below and its part of the plan's JSON Schema. */
export const LabelDeleteMeta = metaObject('Delete an association label.', {
  from: fromField,
  to: toField,
  cause: removalCause(),
  /** the live label (with its typeId) */
  label: ref(LabelShape, 'The live label (with its typeId).'),
});
export type LabelDeleteChange = KindChange<'label.delete', typeof LabelDeleteMeta>;

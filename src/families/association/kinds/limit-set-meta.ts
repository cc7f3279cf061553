import type { KindChange } from '../../../engine/plan/kinds/change-kind.js';
import { Type, exactlyOneOf, oneOfValues, ref } from '../../../core/json-schema.js';
import { RefShape } from '../../../engine/plan/change-shapes.js';
import { metaObject, fromField, toField } from '../../../engine/plan/kinds/meta-fields.js';

/** The data of a limit.set change, declared once: its type below and its part of the plan's JSON Schema. */
export const LimitSetMeta = metaObject('Set an association limit.', {
  from: fromField,
  to: toField,
  category: Type.String({ description: 'Association category.' }),
  /** a `Ref` when the label is created by the same plan */
  typeId: exactlyOneOf([Type.Integer(), ref(RefShape)], {
    description: 'Association type id, or a ref to the label created by this plan.',
  }),
  label: Type.Optional(Type.String({ description: 'Label text, for a user label.' })),
  /** `create` when no limit is set live (batch/create), `update` otherwise (batch/update) */
  mode: oneOfValues(
    ['create', 'update'],
    'create when no limit is set live (batch/create), update otherwise (batch/update).',
  ),
  old: Type.Optional(Type.Integer({ description: 'Live limit, when one is set.' })),
  new: Type.Integer({ description: 'Desired limit (maxToObjectIds).', minimum: 1 }),
});
export type LimitSetChange = KindChange<'limit.set', typeof LimitSetMeta>;

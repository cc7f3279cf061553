import type { KindChange } from '../../../engine/plan/kinds/change-kind.js';
import { Type } from '../../../core/json-schema.js';
import { metaObject, fromField, toField } from '../../../engine/plan/kinds/meta-fields.js';

/** The data of a limit.purge change, declared once: its type below and its part of the plan's JSON Schema. */
export const LimitPurgeMeta = metaObject('Remove an association limit.', {
  from: fromField,
  to: toField,
  category: Type.String({ description: 'Association category.' }),
  typeId: Type.Integer({ description: 'Association type id.' }),
  label: Type.Optional(Type.String({ description: 'Label text, for a user label.' })),
  old: Type.Integer({ description: 'Live limit.' }),
});
export type LimitPurgeChange = KindChange<'limit.purge', typeof LimitPurgeMeta>;

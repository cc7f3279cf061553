import type { KindChange } from '../../../engine/plan/kinds/change-kind.js';
import { Type, ref } from '../../../core/json-schema.js';
import { metaObject, objectTypeField } from '../../../engine/plan/kinds/meta-fields.js';
import { PropertyShape } from '../model.js';

/** The data of a property.restore change, declared once: its type below and its part of the plan's JSON Schema. */
export const PropertyRestoreMeta = metaObject(
  'Restore an archived property: creating a property of its name restores it, with the values records held.',
  {
    objectType: objectTypeField,
    property: ref(PropertyShape, 'The declared definition.'),
    /** the archived property carries the mark of a finished rename to this name */
    renamedTo: Type.Optional(
      Type.String({
        description:
          'The archived property carries the mark of a finished rename to this name: its values are those from before the rename, and newer ones are on that name.',
      }),
    ),
  },
);
export type PropertyRestoreChange = KindChange<'property.restore', typeof PropertyRestoreMeta>;

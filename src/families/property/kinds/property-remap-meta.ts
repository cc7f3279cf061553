import { type KindChange } from '../../../engine/plan/kinds/change-kind.js';
import { Type, ref } from '../../../core/json-schema.js';
import { OptionShape } from '../../../engine/model/model-shapes.js';
import {
  metaObject,
  objectTypeField,
  fieldsField,
  onConflictField,
} from '../../../engine/plan/kinds/meta-fields.js';

/** The data of a property.remap change, declared once: its type below and its part of the plan's JSON Schema. */
export const PropertyRemapMeta = metaObject(
  'Update a property whose removed options are taken over by others (`replaces`): add the new options, rewrite the records holding an old value, then remove the old options.',
  {
    objectType: objectTypeField,
    name: Type.String({ description: 'Property name.' }),
    /** as an update's */
    fields: fieldsField,
    /** old value -> new value, for the old options still live */
    remaps: Type.Array(
      Type.Object(
        {
          from: Type.String({ description: 'The old value.' }),
          to: Type.String({ description: 'The new value.' }),
        },
        { description: 'One remap.', additionalProperties: false },
      ),
      { description: 'Old option value -> the value that replaces it.' },
    ),
    /** those old options, kept until the records holding them are rewritten, then kept hidden and marked as replaced */
    kept: Type.Array(ref(OptionShape, 'An old option.'), {
      description: 'The old options, kept until the records holding them are rewritten.',
    }),
    /** a checkbox (`;`-separated values) */
    multiple: Type.Boolean({ description: 'A checkbox property: values are `;`-separated lists.' }),
    /** old values whose remap had finished and that were shown again since (rewritten again only with `onConflict: overwrite`) */
    returned: Type.Optional(
      Type.Array(Type.String({ description: 'An old option value.' }), {
        description: 'Old values whose remap had finished and that were shown again since.',
      }),
    ),
    onConflict: onConflictField("The manifest's decision on values the remap did not write."),
  },
);
export type PropertyRemapChange = KindChange<'property.remap', typeof PropertyRemapMeta>;

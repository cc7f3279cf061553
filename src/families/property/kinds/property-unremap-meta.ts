import { Type } from '../../../core/json-schema.js';
import type { KindChange } from '../../../engine/plan/kinds/change-kind.js';
import { metaObject, objectTypeField, fieldsField } from '../../../engine/plan/kinds/meta-fields.js';

/** The data of a property.unremap change, declared once: its type below and its part of the plan's JSON Schema. */
export const PropertyUnremapMeta = metaObject(
  "A rollback's reverse of an option rewrite: show the old options again, put back the values of the records the apply record lists, then set the options as they were.",
  {
    objectType: objectTypeField,
    name: Type.String({ description: 'Property name.' }),
    /** live -> as it was before the apply */
    fields: fieldsField,
    /** the records to put back: from the value the apply wrote to the value it replaced */
    values: Type.Array(
      Type.Object(
        {
          id: Type.String({ description: "The record's id." }),
          from: Type.String({ description: 'The value the apply wrote.' }),
          to: Type.String({ description: 'The value it replaced, put back.' }),
        },
        { description: 'One record to put back.', additionalProperties: false },
      ),
      { description: 'The records the apply record lists, with the values to put back.' },
    ),
    multiple: Type.Boolean({ description: 'A checkbox property: values are `;`-separated lists.' }),
    /** the id of the apply record it reverses */
    record: Type.String({ description: 'The id of the apply record it reverses.' }),
  },
);

export type PropertyUnremapChange = KindChange<'property.unremap', typeof PropertyUnremapMeta>;

/** The put-back of a rollback: `fields` the update that brings the property back as it was. */
export function unremapChange(meta: PropertyUnremapChange['meta']): PropertyUnremapChange {
  return { type: 'property.unremap', meta };
}

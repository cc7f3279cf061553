/**
 * A property definition in normalised form, declared once (`PropertyShape`): the type below and the plan's
 * JSON Schema come from it.
 */
import { Type, openString, ref, shared, type Static } from '../../core/json-schema.js';
import { OptionShape } from '../../engine/model/model-shapes.js';
import type { DataSensitivity, FieldType, PropertyType } from '../../wire/api.js';

export const PropertyShape = shared(
  'property',
  Type.Object(
    {
      name: Type.String({ description: 'Internal name.' }),
      label: Type.String({ description: 'Label shown to users.' }),
      type: openString<PropertyType | (string & {})>(
        'Data type: bool, date, datetime, enumeration, number, phone_number or string.',
      ),
      fieldType: openString<FieldType | (string & {})>('How the property is shown, e.g. select or text.'),
      groupName: Type.String({ description: 'The property group holding the property.' }),
      description: Type.String({ description: "Help text; '' when none." }),
      displayOrder: Type.Integer({
        description: 'Position within its group; -1 places it after all positive values.',
      }),
      options: Type.Array(ref(OptionShape, 'An option.'), { description: 'Valid options; [] when none.' }),
      dataSensitivity: openString<DataSensitivity | (string & {})>(
        'highly_sensitive, non_sensitive (default) or sensitive.',
      ),
      externalOptions: Type.Boolean({
        description: 'Options filled by the platform (with referencedObjectType OWNER).',
      }),
      formField: Type.Boolean({ description: 'Whether the property can be used in forms.' }),
      hasUniqueValue: Type.Boolean({ description: 'Whether values must be unique.' }),
      hidden: Type.Boolean({ description: 'Whether the property is hidden.' }),
      referencedObjectType: Type.Optional(
        Type.String({ description: 'OWNER when externalOptions is true; absent otherwise.' }),
      ),
      calculationFormula: Type.Optional(
        Type.String({ description: 'Formula of a calculated property; absent otherwise.' }),
      ),
      numberDisplayHint: Type.Optional(
        Type.String({
          description: 'How a number is shown; absent: not managed (the manifest leaves it out).',
        }),
      ),
      textDisplayHint: Type.Optional(
        Type.String({
          description: 'How a string is shown; absent: not managed (the manifest leaves it out).',
        }),
      ),
      currencyPropertyName: Type.Optional(
        Type.String({ description: "The property holding a record's currency; absent: not managed." }),
      ),
      showCurrencySymbol: Type.Optional(
        Type.Boolean({ description: 'Whether the currency symbol is shown; absent: not managed.' }),
      ),
    },
    {
      description:
        "A property definition in normalised form: every request field of a property create with the platform's defaults filled.",
      additionalProperties: false,
    },
  ),
);

/** Every request field of a property definition, defaults filled; the two optional fields stay absent when unset. */
export type NormalizedProperty = Static<typeof PropertyShape>;

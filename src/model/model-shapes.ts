/**
 * The JSON-able parts of the normalised model, declared once: `schema-model.ts` takes its types from
 * these, and the plan's JSON Schema (`schemas/plan.schema.json`) publishes them under `$defs` with these
 * descriptions (editors show them). Where the schema leaves a string open on purpose (a live account may
 * hold values this version does not know), the type still names the known ones (`openString`).
 */
import { Type, openString, ref, shared } from '../core/json-schema.js';
import type { AssociationCategory, DataSensitivity, FieldType, PropertyType } from '../wire/api.js';

export const OptionShape = shared(
  'option',
  Type.Object(
    {
      label: Type.String({ description: 'Label shown to users.' }),
      value: Type.String({ description: 'Stored value; options are compared by it.' }),
      description: Type.String({ description: "Help text; '' when none." }),
      displayOrder: Type.Integer({
        description: "Position in the UI; defaults to the option's 0-based index in the list.",
      }),
      hidden: Type.Boolean({ description: 'Whether the option is hidden in forms.' }),
    },
    {
      description: 'An option of a property or event property, defaults filled.',
      additionalProperties: false,
    },
  ),
);

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

export const GroupShape = shared(
  'group',
  Type.Object(
    {
      name: Type.String({ description: 'Internal name.' }),
      label: Type.String({ description: 'Label shown to users.' }),
      displayOrder: Type.Integer({ description: 'Position; -1 by default.' }),
    },
    { description: 'A property group in normalised form.', additionalProperties: false },
  ),
);

export const LabelShape = shared(
  'label',
  Type.Object(
    {
      label: Type.String({ description: 'The label text; labels are matched by it.' }),
      category: openString<AssociationCategory>(
        'USER_DEFINED for labels users create; other categories are built in.',
      ),
      name: Type.Optional(
        Type.String({
          description:
            'Internal name given at creation (derived from the text when the manifest gives none).',
        }),
      ),
      inverseLabel: Type.Optional(Type.String({ description: 'Label of the other direction.' })),
      typeId: Type.Optional(Type.Integer({ description: 'Association type id assigned by the CRM.' })),
      inverseTypeId: Type.Optional(Type.Integer({ description: 'Type id of the other direction.' })),
    },
    {
      description:
        "An association label pair seen from one direction: its text there, and the inverse direction's text and type when known.",
      additionalProperties: false,
    },
  ),
);

export const EventDefinitionShape = shared(
  'eventDefinition',
  Type.Object(
    {
      label: Type.String({ description: 'Label shown to users.' }),
      description: Type.String({ description: "Help text; '' when none." }),
      primaryObject: Type.Optional(
        Type.String({
          description:
            "The object type events are recorded on, as written (CONTACT, COMPANY, DEAL, TICKET, or an object type name or id); absent: the platform's default, CONTACT.",
        }),
      ),
      objectTypeId: Type.Optional(
        Type.String({
          description: 'Id of the primary object type, as the account reports it (live only).',
        }),
      ),
    },
    {
      description:
        "What a custom event definition is besides its properties: a manifest's definition block, or what the account holds.",
      additionalProperties: false,
    },
  ),
);

export const EventPropertyShape = shared(
  'eventProperty',
  Type.Object(
    {
      name: Type.String({ description: 'Internal name.' }),
      label: Type.String({ description: 'Label shown to users.' }),
      type: Type.String({ description: 'string, number, enumeration or datetime.' }),
      description: Type.String({ description: "Help text; '' when none." }),
      options: Type.Array(ref(OptionShape, 'An option.'), { description: 'Valid options; [] when none.' }),
    },
    {
      description: 'A property of a custom event definition in normalised form.',
      additionalProperties: false,
    },
  ),
);

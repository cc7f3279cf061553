/**
 * The property family's manifest document (`kind: Properties`) and its entries, declared once: the
 * manifest's JSON Schema publishes them under `$defs`, and the TypeScript types below are theirs.
 */
import { Type, constant, oneOfValues, ref, shared, type Static } from '../../../core/json-schema.js';
import { DisplayOrderDef, LabelDef, ObjectTypeDef } from '../../../engine/manifest/schema/shared-defs.js';

export const PropertyNameDef = shared(
  'propertyName',
  Type.String({ description: "A property's internal name.", pattern: '^[a-z][a-z0-9_]*$', maxLength: 100 }),
);

export const GroupNameDef = shared(
  'groupName',
  Type.String({
    description: "A property group's internal name.",
    pattern: '^[a-z][a-z0-9_]*$',
    maxLength: 100,
  }),
);

export const OptionDef = shared(
  'Option',
  Type.Object(
    {
      label: ref(LabelDef, 'Text shown for the option.'),
      value: Type.String({
        description:
          'Stored value; unique within the property. Quote values that YAML would read as true/false or numbers.',
        minLength: 1,
      }),
      description: Type.Optional(Type.String({ description: 'Help text of the option.' })),
      displayOrder: Type.Optional(
        ref(
          DisplayOrderDef,
          'Position among the options: the smallest positive integer first; -1 after all positive values.',
        ),
      ),
      hidden: Type.Optional(Type.Boolean({ description: '`true` hides the option from forms and pickers.' })),
      replaces: Type.Optional(
        Type.Array(Type.String({ minLength: 1 }), {
          description:
            'Option values this option takes over (object properties only): records holding one of them are rewritten to this value, then those options are retired (kept hidden, marked as replaced by this one).',
          minItems: 1,
          uniqueItems: true,
        }),
      ),
    },
    {
      description: 'An option of an enumeration or bool property (or of an enumeration event property).',
      additionalProperties: false,
    },
  ),
);

export const GroupDef = shared(
  'Group',
  Type.Object(
    {
      name: ref(GroupNameDef, 'Internal name of the group; never changes.'),
      label: Type.Optional(ref(LabelDef, 'Name shown in the CRM.')),
      displayOrder: Type.Optional(
        ref(
          DisplayOrderDef,
          'Position among groups: the smallest positive integer first; -1 places it after all positive values.',
        ),
      ),
      archived: Type.Optional(
        Type.Boolean({
          description:
            '`true` makes this entry a tombstone: the group is archived. Give only `name` with it.',
        }),
      ),
    },
    {
      description:
        'A property group. With `archived: true` and just `name`, a tombstone: the group is archived.',
      additionalProperties: false,
      if: { required: ['archived'], properties: { archived: { const: true } } },
      then: {},
      else: { required: ['label'] },
    },
  ),
);

export const PropertyDef = shared(
  'Property',
  Type.Object(
    {
      name: ref(
        PropertyNameDef,
        'Internal name: a lowercase letter first, then lowercase letters, digits and underscores; at most 100 characters. Never changes.',
      ),
      label: Type.Optional(ref(LabelDef, 'Name shown in the CRM.')),
      type: Type.Optional(
        oneOfValues(
          ['bool', 'date', 'datetime', 'enumeration', 'number', 'phone_number', 'string'] as const,
          'Data type. With `fieldType`, it must be a valid pair (see the README).',
        ),
      ),
      fieldType: Type.Optional(
        oneOfValues(
          [
            'booleancheckbox',
            'calculation_equation',
            'checkbox',
            'date',
            'file',
            'html',
            'number',
            'phonenumber',
            'radio',
            'select',
            'text',
            'textarea',
          ] as const,
          'How the property is shown and edited; must go with `type`.',
        ),
      ),
      groupName: Type.Optional(ref(GroupNameDef, 'Internal name of the group holding the property.')),
      description: Type.Optional(Type.String({ description: 'Help text shown with the property.' })),
      displayOrder: Type.Optional(
        ref(
          DisplayOrderDef,
          'Position in its group: the smallest positive integer first; -1 places it after all positive values.',
        ),
      ),
      options: Type.Optional(
        Type.Array(ref(OptionDef), {
          description:
            'Options of an enumeration (required unless `externalOptions`), or exactly `true` and `false` for a bool.',
        }),
      ),
      calculationFormula: Type.Optional(
        Type.String({
          description:
            'Formula of a calculated property (`fieldType: calculation_equation`). Bare lowercase names refer to properties of the same object type.',
          minLength: 1,
        }),
      ),
      dataSensitivity: Type.Optional(
        oneOfValues(
          ['highly_sensitive', 'non_sensitive', 'sensitive'] as const,
          'Sensitivity of the data; cannot change after creation (a change means archive and create).',
        ),
      ),
      externalOptions: Type.Optional(
        Type.Boolean({
          description:
            'Only for enumerations: `true` fills the options from `referencedObjectType` (must be `OWNER`); then give no options.',
        }),
      ),
      referencedObjectType: Type.Optional(
        Type.String({
          description: "`OWNER` with `externalOptions: true`: the options are the account's users.",
          minLength: 1,
        }),
      ),
      formField: Type.Optional(Type.Boolean({ description: 'Whether the property can be used in forms.' })),
      hasUniqueValue: Type.Optional(
        Type.Boolean({
          description:
            'Whether values must be unique; at most 10 per object type; cannot change after creation.',
        }),
      ),
      hidden: Type.Optional(
        Type.Boolean({ description: '`true` hides the property: it is not shown and cannot be used.' }),
      ),
      numberDisplayHint: Type.Optional(
        oneOfValues(
          ['unformatted', 'formatted', 'currency', 'percentage', 'duration', 'probability'] as const,
          "How a number property's values are shown. Left out: whatever the account has stays.",
        ),
      ),
      textDisplayHint: Type.Optional(
        oneOfValues(
          [
            'unformatted_single_line',
            'multi_line',
            'email',
            'phone_number',
            'domain_name',
            'ip_address',
            'physical_address',
            'postal_code',
          ] as const,
          "How a string property's values are shown and checked. Left out: whatever the account has stays.",
        ),
      ),
      currencyPropertyName: Type.Optional(
        ref(
          PropertyNameDef,
          "For a number shown as currency: the property holding each record's currency code. Left out: whatever the account has stays.",
        ),
      ),
      showCurrencySymbol: Type.Optional(
        Type.Boolean({
          description:
            'For a number shown as currency: whether the currency symbol is shown. Left out: whatever the account has stays.',
        }),
      ),
      renamedFrom: Type.Optional(
        ref(
          PropertyNameDef,
          "Rename: the property's current internal name. Apply creates this property, copies every record's value from the old one, checks the copy, then archives the old one.",
        ),
      ),
      onConflict: Type.Optional(
        oneOfValues(
          ['keep', 'overwrite'] as const,
          "What a rename's copy (`renamedFrom`) or an option remap (`replaces`) does with a value it did not write: a newer value in the new property, or an old option value written again after the remap finished. `keep` leaves it, `overwrite` writes over it. Without it, such records are conflicts and the plan refuses the change.",
        ),
      ),
      archived: Type.Optional(
        Type.Boolean({
          description:
            '`true` makes this entry a tombstone: the property is archived. Give only `name` with it.',
        }),
      ),
    },
    {
      description:
        'A property definition with the request fields of the API, under their API names. With `archived: true` and just `name`, a tombstone: the property is archived.',
      additionalProperties: false,
      if: { required: ['archived'], properties: { archived: { const: true } } },
      then: {},
      else: { required: ['label', 'type', 'fieldType', 'groupName'] },
    },
  ),
);

export const PropertiesManifestDef = shared(
  'PropertiesManifest',
  Type.Object(
    {
      kind: constant('Properties', 'Always `Properties` for this document.'),
      objectType: ref(ObjectTypeDef, 'The object type, by name (`tickets`) or by id (`0-5`).'),
      groups: Type.Optional(
        Type.Array(ref(GroupDef), {
          description: 'Property groups of this object type. Groups not listed are left alone.',
        }),
      ),
      properties: Type.Optional(
        Type.Array(ref(PropertyDef), {
          description:
            'Properties of this object type. Properties not listed are left alone (see the project policy `unmanaged`).',
        }),
      ),
    },
    {
      description:
        'Property groups and properties of one object type. Several documents may name the same object type; their entries are merged.',
      additionalProperties: false,
    },
  ),
);

/** An option of a property (or an event property); `replaces`: option values this option takes over. */
export type OptionEntry = Static<typeof OptionDef>;
/** A property group. `archived: true` with just `name` is a tombstone. */
export type GroupEntry = Static<typeof GroupDef>;
/** A property, under the API's names. `archived: true` with just `name` is a tombstone. */
export type PropertyEntry = Static<typeof PropertyDef>;
export type PropertiesManifest = Static<typeof PropertiesManifestDef>;

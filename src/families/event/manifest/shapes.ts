/**
 * The event family's manifest document (`kind: EventProperties`) and its entries, declared once: the
 * manifest's JSON Schema publishes them under `$defs`, and the TypeScript types below are theirs.
 */
import { Type, constant, oneOfValues, ref, shared, type Static } from '../../../core/json-schema.js';
import { LabelDef } from '../../../engine/manifest/schema/shared-defs.js';
import { OptionDef } from '../../property/manifest/shapes.js';

export const EventPropertyNameDef = shared(
  'eventPropertyName',
  Type.String({
    description: "An event property's internal name.",
    pattern: '^[a-z][a-z0-9_]*$',
    maxLength: 50,
  }),
);

export const EventNameDef = shared(
  'eventName',
  Type.String({
    description: "A custom event's internal name.",
    pattern: '^[a-z][a-z0-9_]*$',
    maxLength: 100,
  }),
);

export const EventDefinitionDef = shared(
  'EventDefinition',
  Type.Object(
    {
      label: ref(LabelDef, 'Name of the event shown in the CRM.'),
      description: Type.Optional(Type.String({ description: 'Help text of the event, shown in the CRM.' })),
      primaryObject: Type.Optional(
        Type.String({
          description:
            "The object type the event is recorded on: CONTACT (the platform's default when omitted), COMPANY, DEAL or TICKET, or an object type name or id (`tickets`, `0-5`). Cannot change after creation.",
          minLength: 1,
        }),
      ),
    },
    {
      description: 'A custom event definition, created by the plan when the account lacks it.',
      additionalProperties: false,
    },
  ),
);

export const EventPropertyDef = shared(
  'EventProperty',
  Type.Object(
    {
      name: ref(
        EventPropertyNameDef,
        'Internal name: a lowercase letter first, then lowercase letters, digits and underscores; at most 50 characters.',
      ),
      label: Type.Optional(ref(LabelDef, 'Name shown in the CRM.')),
      type: Type.Optional(
        oneOfValues(
          ['string', 'number', 'enumeration', 'datetime'] as const,
          'Data type of the event property.',
        ),
      ),
      description: Type.Optional(Type.String({ description: 'Help text of the event property.' })),
      options: Type.Optional(
        Type.Array(ref(OptionDef), {
          description: 'Options; only for (and required by) `type: enumeration`.',
        }),
      ),
      deleted: Type.Optional(
        Type.Boolean({
          description:
            '`true` makes this entry a tombstone: the event property is deleted. Give only `name` with it.',
        }),
      ),
    },
    {
      description:
        'A property of a custom event (spec 4.17). With `deleted: true` and just `name`, a tombstone: the property is deleted.',
      additionalProperties: false,
      if: { required: ['deleted'], properties: { deleted: { const: true } } },
      then: {},
      else: { required: ['label', 'type'] },
    },
  ),
);

export const EventPropertiesManifestDef = shared(
  'EventPropertiesManifest',
  Type.Object(
    {
      kind: constant('EventProperties', 'Always `EventProperties` for this document.'),
      eventName: ref(
        EventNameDef,
        'Internal name of the custom event definition. It must exist in the account, unless `definition` is given: then crm-schema creates it with this name.',
      ),
      definition: Type.Optional(
        ref(
          EventDefinitionDef,
          'The event definition itself: when the account has no definition named `eventName`, the plan creates it from this block (its properties are then created one by one). Give it in one document per event. The API cannot change a definition after creation: for an existing one a difference is only a warning.',
        ),
      ),
      properties: Type.Array(ref(EventPropertyDef), { description: 'Properties of the event.', minItems: 1 }),
    },
    {
      description:
        'Properties of one custom event definition, and optionally the definition itself (created when the account lacks it). Properties not listed are left alone.',
      additionalProperties: false,
    },
  ),
);

/** A property of a custom event definition. `deleted: true` with just `name` is a tombstone. */
export type EventPropertyEntry = Static<typeof EventPropertyDef>;
/** The custom event definition itself: created from this block when the account lacks it. */
export type EventDefinitionEntry = Static<typeof EventDefinitionDef>;
export type EventPropertiesManifest = Static<typeof EventPropertiesManifestDef>;

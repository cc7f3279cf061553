/**
 * A custom event definition and its properties in normalised form, declared once: the types below and
 * the plan's JSON Schema come from them.
 */
import { Type, ref, shared, type Static } from '../../core/json-schema.js';
import { OptionShape } from '../../engine/model/model-shapes.js';

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

export type NormalizedEventProperty = Static<typeof EventPropertyShape>;

/**
 * What a custom event definition is besides its properties. Desired: the manifest's `definition` block,
 * from which crm-schema creates a definition the account lacks. Live: what the account holds, read with
 * the definition. The API cannot change these after creation.
 */
export type NormalizedEventDefinitionInfo = Static<typeof EventDefinitionShape>;

/**
 * The JSON-able parts of the normalised model that several families share, declared once (each family
 * declares its own resources' shapes in its folder): the plan's JSON Schema (`schemas/plan.schema.json`)
 * publishes them under `$defs` with these descriptions (editors show them).
 */
import { Type, shared } from '../../core/json-schema.js';

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

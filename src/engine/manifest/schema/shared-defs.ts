/**
 * The shapes of manifest values every family's entries use, declared once: an object type, a label shown
 * to people, a display position. Published under `$defs` of the manifest's JSON Schema.
 */
import { Type, shared } from '../../../core/json-schema.js';

export const ObjectTypeDef = shared(
  'objectType',
  Type.String({
    description: 'An object type by name (`tickets`, `p123_cars`) or by id (`0-5`, `2-1234`).',
    pattern: '^([a-z][a-z0-9_]*|[0-9]+-[0-9]+)$',
  }),
);

export const LabelDef = shared(
  'label',
  Type.String({ description: 'A label shown to people.', minLength: 1 }),
);

export const DisplayOrderDef = shared(
  'displayOrder',
  Type.Integer({ description: 'A display position: -1 or more.', minimum: -1 }),
);

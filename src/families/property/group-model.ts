/**
 * A property group, normalised: its shape (the holder of groups is model.ts). The shape is
 * declared once (`GroupShape`). Object types are keyed by canonical name.
 */
import { Type, shared, type Static } from '../../core/json-schema.js';

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

export type NormalizedGroup = Static<typeof GroupShape>;

export function groupAddress(objectType: string, name: string): string {
  return `${objectType}.group:${name}`;
}

/**
 * A user association label, normalised, per ordered pair of object types, each
 * seen from one direction (`from -> to`) and keyed by its text there. The shape is declared once
 * (`LabelShape`). A desired label is stored once, in the direction its first manifest entry declares it;
 * a live one in both directions (when both were read), each the mirror of the other.
 */
import { Type, openString, shared, type Static } from '../../core/json-schema.js';
import type { AssociationCategory } from '../../wire/api.js';
import { pairKey } from '../../engine/model/object-types.js';

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

/**
 * An association label pair seen from one direction (`from` -> `to`): `label` is the text of this
 * direction, `inverseLabel` the text of the other (when known). `name` is the internal name given at
 * creation: the platform's label lists never return it, so live labels normally lack it. `typeId` /
 * `inverseTypeId` are the two directions' types, known for live labels.
 */
export type NormalizedLabel = Static<typeof LabelShape> & {
  /** desired only: rename in place from this text (of this direction) */
  renamedFrom?: string;
  /** desired only: rename the inverse direction in place from this text */
  inverseRenamedFrom?: string;
};

export function labelAddress(from: string, to: string, label: string): string {
  return `${pairKey(from, to)}:${label}`;
}

/**
 * The association family's manifest document (`kind: Associations`) and its entries, declared once: the
 * manifest's JSON Schema publishes them under `$defs`, and the TypeScript types below are theirs.
 */
import { Type, constant, oneOfValues, ref, shared, type Static } from '../../../core/json-schema.js';
import { LabelDef, ObjectTypeDef } from '../../../engine/manifest/schema/shared-defs.js';

export const LabelNameDef = shared(
  'labelName',
  Type.String({
    description:
      "An association label's internal name: letters, digits and underscores; no hyphen, no leading digit.",
    pattern: '^[A-Za-z_][A-Za-z0-9_]*$',
    maxLength: 100,
  }),
);

export const AssociationTypeDef = shared(
  'AssociationType',
  Type.Object(
    {
      label: Type.Optional(
        ref(
          LabelDef,
          "A user label: its text in this direction (`from -> to`). A label and its inverse are one label pair: declaring the other direction's text here (`inverseLabel`) or in a `to -> from` document means the same pair.",
        ),
      ),
      name: Type.Optional(
        ref(
          LabelNameDef,
          'Internal name used when the label is created: no hyphen, no leading digit. Default: the label in lowercase with `_` for other characters. It never changes after creation.',
        ),
      ),
      inverseLabel: Type.Optional(
        ref(
          LabelDef,
          "Label of the other direction (`to -> from`) of the same pair. When given, that direction's text (and its limit, `inverseMaxToObjectIds`) is managed too; when left out, a new label gets the same text in both directions and the other direction's text is not compared.",
        ),
      ),
      renamedFrom: Type.Optional(
        ref(
          LabelDef,
          "Rename in place: the label's current text in the account. The plan relabels it (same typeId, every record association keeps it) instead of creating a new label. Once the account shows the new text, the rename is done and this key may stay or go.",
        ),
      ),
      inverseRenamedFrom: Type.Optional(
        ref(
          LabelDef,
          'Rename the other direction in place: its current text in the account. Give `inverseLabel` (the new text) with it.',
        ),
      ),
      inverseMaxToObjectIds: Type.Optional(
        Type.Unsafe<number | null>({
          description:
            'Limit of the other direction (`to -> from`): how many `from` records one `to` record may be associated with by this label; `null` or left out: no limit. Needs `inverseLabel`.',
          type: ['integer', 'null'],
          minimum: 1,
        }),
      ),
      category: Type.Optional(
        oneOfValues(
          ['PLATFORM_DEFINED', 'USER_DEFINED', 'INTEGRATOR_DEFINED', 'WORK'] as const,
          "A built-in type: its category (`PLATFORM_DEFINED` for the platform's own types). Give `typeId` with it.",
        ),
      ),
      typeId: Type.Optional(
        Type.Integer({
          description: 'A built-in type: its association type id. Give `category` with it.',
          minimum: 1,
        }),
      ),
      maxToObjectIds: Type.Optional(
        Type.Unsafe<number | null>({
          description:
            'Limit: how many `to` records one `from` record may be associated with by this type (a positive integer); `null` removes a limit.',
          type: ['integer', 'null'],
          minimum: 1,
        }),
      ),
      deleted: Type.Optional(
        Type.Boolean({
          description:
            '`true` makes this user label a tombstone: the label is deleted (both directions, and from every record using it). Give only `label` with it.',
        }),
      ),
    },
    {
      description:
        'A user label (give `label`; created when missing, its typeId learned from the account) or a built-in type (give `category` and `typeId`; only its limit is managed).',
      additionalProperties: false,
      dependentRequired: { category: ['typeId'], typeId: ['category'] },
    },
  ),
);

export const AssociationsManifestDef = shared(
  'AssociationsManifest',
  Type.Object(
    {
      kind: constant('Associations', 'Always `Associations` for this document.'),
      from: ref(ObjectTypeDef, 'Object type associations start from, by name or id.'),
      to: ref(ObjectTypeDef, 'Object type associations point to, by name or id.'),
      types: Type.Array(ref(AssociationTypeDef), {
        description:
          'Association types of this pair: user labels (by `label`) or built-in types (by `category` and `typeId`).',
        minItems: 1,
      }),
    },
    {
      description:
        'Association labels and limits of one direction `from -> to`. Types not listed are left alone.',
      additionalProperties: false,
    },
  ),
);

/**
 * One association type of a `from -> to` pair: a user label (by `label`) or a built-in type (by
 * `category` + `typeId`). `maxToObjectIds: null` removes a limit; `deleted: true` deletes a label.
 */
export type AssociationTypeEntry = Static<typeof AssociationTypeDef>;
export type AssociationsManifest = Static<typeof AssociationsManifestDef>;
/** Association categories a manifest may name. */
export type ManifestAssociationCategory = NonNullable<AssociationTypeEntry['category']>;

/** The association family's part of the manifests: `Associations` documents, their labels and limits. */
import type { ManifestPart } from '../../../engine/manifest-part.js';
import { suggestName } from '../../../engine/manifest/schema/ajv-messages.js';
import { pairKey } from '../../../engine/model/object-types.js';
import { associationTypeRule, builtInTombstoneRule } from './rules-associations.js';
import { ASSOCIATION_VALIDATION_CODES } from './codes.js';
import { LabelScopeEntryDef } from './config-shapes.js';
import {
  ASSOCIATIONS_KIND,
  declareAssociations,
  desireAssociations,
  type AssociationDeclarations,
} from './declarations.js';
import { AssociationsManifestDef, AssociationTypeDef, LabelNameDef } from './shapes.js';

export const associationManifest: ManifestPart<AssociationDeclarations> = {
  documents: [
    {
      kind: ASSOCIATIONS_KIND,
      summary: 'labels and limits of one object pair',
      schema: AssociationsManifestDef,
      lists: [
        {
          key: 'types',
          tombstone: {
            flag: 'deleted',
            keys: ['label', 'deleted'],
            applies: (entry) => entry.label !== undefined,
          },
        },
      ],
      objectTypeKeys: ['from', 'to'],
      about: (data) =>
        typeof data.from === 'string' && typeof data.to === 'string'
          ? pairKey(data.from, data.to)
          : undefined,
      keyOrder: ['kind', 'from', 'to', 'types'],
      newFile: { name: () => 'associations.yaml', shared: true },
      header: (key) => {
        const [from = '', to = ''] = key.split('->');
        return { from, to };
      },
    },
  ],
  defs: [AssociationsManifestDef, AssociationTypeDef, LabelNameDef],
  configDefs: [LabelScopeEntryDef],
  patterns: {
    labelName: (value) => ({
      code: 'NAME_INVALID',
      message: `'${value}' is not a valid label name: ${
        value.includes('-')
          ? 'it must not contain a hyphen'
          : /^\d/.test(value)
            ? 'it must not start with a digit'
            : 'use letters, digits and underscores only'
      }`,
      hint: suggestName(value.replace(/^\d+/, ''))
        ? `for example '${suggestName(value.replace(/^\d+/, '')) ?? ''}'`
        : undefined,
    }),
    labelScopeEntry: (value) => ({
      code: 'INVALID_VALUE',
      message: `'${value}' is not a label entry: write an object pair, optionally with a pattern of label text`,
      hint: "for example tickets->orders (every label of that pair), or 'contacts->companies:Escalation *'",
    }),
  },
  synonyms: { limit: ['maxToObjectIds'], max: ['maxToObjectIds'], inverse: ['inverseLabel'] },
  codes: ASSOCIATION_VALIDATION_CODES,
  declare: declareAssociations,
  rules: [builtInTombstoneRule, associationTypeRule],
  desire: desireAssociations,
};

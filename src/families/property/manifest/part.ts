/** The property family's part of the manifests: `Properties` documents, their groups and properties. */
import type { ManifestPart } from '../../../engine/manifest-part.js';
import { nameRule } from '../../../engine/manifest/schema/ajv-messages.js';
import { canonicalObjectType } from '../../../engine/model/object-types.js';
import { externalOptionsRule } from './rules-external-options.js';
import { formulaReferencesRule } from './rules-formulas.js';
import { propertyGroupRule } from './rules-groups.js';
import { onConflictRule, optionReplacesRule, renameRule } from './rules-migrations.js';
import { propertyOptionsRule } from './rules-options.js';
import { fieldTypeRule, formulaPresenceRule, reservedNameRule } from './rules-properties.js';
import { uniqueLimitRule } from './rules-unique-limit.js';
import { PROPERTY_VALIDATION_CODES } from './codes.js';
import { QualifiedNameDef } from './config-shapes.js';
import {
  declareProperties,
  desireProperties,
  PROPERTIES_KIND,
  type PropertyDeclarations,
} from './declarations.js';
import { PROPERTY_LINT_RULES } from './lint-rules.js';
import {
  GroupDef,
  GroupNameDef,
  OptionDef,
  PropertiesManifestDef,
  PropertyDef,
  PropertyNameDef,
} from './shapes.js';

const NAME_RULE = 'a lowercase letter first, then lowercase letters, digits and underscores';

export const propertyManifest: ManifestPart<PropertyDeclarations> = {
  documents: [
    {
      kind: PROPERTIES_KIND,
      summary: 'property groups and properties of one object type',
      schema: PropertiesManifestDef,
      lists: [
        {
          key: 'groups',
          missingHint: 'a group needs name and label; to archive one, give only name and archived: true',
          tombstone: { flag: 'archived', keys: ['name', 'archived'] },
        },
        {
          key: 'properties',
          missingHint:
            'a property needs name, label, type, fieldType and groupName; to archive one, give only name and archived: true',
          tombstone: { flag: 'archived', keys: ['name', 'archived'] },
        },
      ],
      objectTypeKeys: ['objectType'],
      about: (data) =>
        typeof data.objectType === 'string' ? canonicalObjectType(data.objectType) : undefined,
      keyOrder: ['kind', 'objectType', 'groups', 'properties'],
      newFile: { name: (objectType) => `${objectType}.yaml`, shared: false },
      header: (objectType) => ({ objectType }),
    },
  ],
  defs: [PropertiesManifestDef, GroupDef, PropertyDef, OptionDef, PropertyNameDef, GroupNameDef],
  configDefs: [QualifiedNameDef],
  missingHints: { options: 'an option needs label and value' },
  patterns: {
    propertyName: (value) => nameRule(value, 'property name', 100),
    groupName: (value) => nameRule(value, 'group name', 100),
    qualifiedName: (value) => ({
      code: 'NAME_INVALID',
      message: `'${value}' is not valid: ${NAME_RULE}, optionally after an object type and a dot`,
    }),
  },
  synonyms: { group: ['groupName'], unique: ['hasUniqueValue'], formula: ['calculationFormula'] },
  codes: PROPERTY_VALIDATION_CODES,
  declare: declareProperties,
  rules: [
    fieldTypeRule,
    propertyOptionsRule,
    optionReplacesRule,
    renameRule,
    onConflictRule,
    externalOptionsRule,
    formulaPresenceRule,
    formulaReferencesRule,
    uniqueLimitRule,
    propertyGroupRule,
    reservedNameRule,
  ],
  lintRules: PROPERTY_LINT_RULES,
  desire: desireProperties,
};

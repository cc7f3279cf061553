/**
 * Well-formed YAML that breaks the manifest format (shape: wrong types, unknown and missing keys, values
 * out of range) or its rules (meaning: every type/fieldType pair that does not go together, options,
 * names, formulas, duplicates, tombstones), generated from one property, label and event property.
 */
import { manifestCase, type BadCase } from './case.js';

const HEAD =
  'kind: Properties\nobjectType: tickets\ngroups:\n  - { name: support, label: Support }\nproperties:\n';

/** A manifest with one property whose fields are `fields` (YAML flow values). */
function property(fields: Record<string, string | undefined>): string {
  const lines = Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v], i) => `${i === 0 ? '  - ' : '    '}${k}: ${v}`);
  return `${HEAD}${lines.join('\n')}\n`;
}

const TEXT_PROPERTY = {
  name: 'note',
  label: 'Note',
  type: 'string',
  fieldType: 'text',
  groupName: 'support',
};
const OPTIONS = '[{ label: Low, value: low }, { label: High, value: high }]';
const BOOL_OPTIONS = "[{ label: 'Yes', value: 'true' }, { label: 'No', value: 'false' }]";

function wrongTypes(): BadCase[] {
  const wrong: [string, string, string][] = [
    ['name', '123', 'WRONG_TYPE'],
    ['name', '[note]', 'WRONG_TYPE'],
    ['name', '{ a: 1 }', 'WRONG_TYPE'],
    ['name', 'true', 'WRONG_TYPE'],
    ['label', '[Note]', 'WRONG_TYPE'],
    ['label', '{ text: Note }', 'WRONG_TYPE'],
    ['label', '12', 'WRONG_TYPE'],
    ['type', 'strng', 'INVALID_VALUE'],
    ['type', '42', 'INVALID_VALUE'],
    ['type', '[string]', 'INVALID_VALUE'],
    ['fieldType', 'txt', 'INVALID_VALUE'],
    ['fieldType', '1', 'INVALID_VALUE'],
    ['groupName', '[support]', 'WRONG_TYPE'],
    ['description', '[a, b]', 'WRONG_TYPE'],
    ['displayOrder', 'first', 'WRONG_TYPE'],
    ['displayOrder', '-5', 'VALUE_TOO_SMALL'],
    ['hidden', "'yes'", 'WRONG_TYPE'],
    ['hidden', '1', 'WRONG_TYPE'],
    ['formField', "'no'", 'WRONG_TYPE'],
    ['hasUniqueValue', "'true'", 'WRONG_TYPE'],
    ['dataSensitivity', 'secret', 'INVALID_VALUE'],
    ['options', 'low', 'WRONG_TYPE'],
    ['options', '5', 'WRONG_TYPE'],
    ['options', '{ low: Low }', 'WRONG_TYPE'],
    ['archived', "'true'", 'WRONG_TYPE'],
  ];
  return wrong.map(([key, value, code], i) =>
    manifestCase('shape', `${key}-${i}`, property({ ...TEXT_PROPERTY, [key]: value }), code),
  );
}

function keyCases(): BadCase[] {
  const typos = ['lable', 'fieldtype', 'group_name', 'Name', 'typ', 'optoins', 'descripton', 'hiden'];
  const unknown = typos.map((typo) =>
    manifestCase('shape', `unknown-key-${typo}`, property({ ...TEXT_PROPERTY, [typo]: 'x' }), 'UNKNOWN_KEY'),
  );
  const missing = Object.keys(TEXT_PROPERTY).map((key) =>
    manifestCase('shape', `missing-${key}`, property({ ...TEXT_PROPERTY, [key]: undefined }), 'MISSING_KEY'),
  );
  const documents: [string, string, string][] = [
    ['no-kind', 'objectType: tickets\nproperties: []\n', 'KIND_INVALID'],
    ['kind-typo', 'kind: Propertys\nobjectType: tickets\n', 'KIND_INVALID'],
    ['kind-number', 'kind: 3\n', 'KIND_INVALID'],
    ['no-object-type', 'kind: Properties\nproperties: []\n', 'MISSING_KEY'],
    ['properties-map', 'kind: Properties\nobjectType: tickets\nproperties: { note: {} }\n', 'WRONG_TYPE'],
    ['groups-string', 'kind: Properties\nobjectType: tickets\ngroups: support\n', 'WRONG_TYPE'],
    ['top-level-typo', 'kind: Properties\nobjectType: tickets\nproprties: []\n', 'UNKNOWN_KEY'],
    ['a-list', '- kind: Properties\n- objectType: tickets\n', 'WRONG_TYPE'],
    ['a-scalar', 'just some words\n', 'WRONG_TYPE'],
    ['object-type-list', 'kind: Properties\nobjectType: [tickets]\n', 'WRONG_TYPE'],
    [
      'group-without-label',
      'kind: Properties\nobjectType: tickets\ngroups:\n  - name: support\n',
      'MISSING_KEY',
    ],
    ['assoc-no-to', 'kind: Associations\nfrom: tickets\ntypes: []\n', 'MISSING_KEY'],
    ['assoc-types-map', 'kind: Associations\nfrom: tickets\nto: orders\ntypes: { a: 1 }\n', 'WRONG_TYPE'],
    [
      'assoc-limit-zero',
      'kind: Associations\nfrom: tickets\nto: orders\ntypes:\n  - { label: A, maxToObjectIds: 0 }\n',
      'VALUE_TOO_SMALL',
    ],
    [
      'assoc-limit-text',
      'kind: Associations\nfrom: tickets\nto: orders\ntypes:\n  - { label: A, maxToObjectIds: one }\n',
      'WRONG_TYPE',
    ],
    [
      'assoc-limit-fraction',
      'kind: Associations\nfrom: tickets\nto: orders\ntypes:\n  - { label: A, maxToObjectIds: 1.5 }\n',
      'WRONG_TYPE',
    ],
    [
      'assoc-category',
      'kind: Associations\nfrom: tickets\nto: orders\ntypes:\n  - { category: PLATFORM, typeId: 27, maxToObjectIds: 2 }\n',
      'INVALID_VALUE',
    ],
    [
      'assoc-empty-label',
      "kind: Associations\nfrom: tickets\nto: orders\ntypes:\n  - { label: '' }\n",
      'EMPTY_VALUE',
    ],
    [
      'assoc-name-hyphen',
      'kind: Associations\nfrom: tickets\nto: orders\ntypes:\n  - { label: A, name: a-b }\n',
      'NAME_INVALID',
    ],
    ['event-no-name', 'kind: EventProperties\nproperties: []\n', 'MISSING_KEY'],
    [
      'event-bool-type',
      'kind: EventProperties\neventName: shipped\nproperties:\n  - { name: f, label: F, type: bool }\n',
      'INVALID_VALUE',
    ],
    [
      'event-name-too-long',
      `kind: EventProperties\neventName: shipped\nproperties:\n  - { name: ${'f'.repeat(51)}, label: F, type: string }\n`,
      'NAME_TOO_LONG',
    ],
    [
      'event-name-upper',
      'kind: EventProperties\neventName: shipped\nproperties:\n  - { name: Carrier, label: F, type: string }\n',
      'NAME_INVALID',
    ],
  ];
  return [
    ...unknown,
    ...missing,
    ...documents.map(([name, text, code]) => manifestCase('shape', name, text, code)),
  ];
}

const TYPES: Record<string, string[]> = {
  bool: ['booleancheckbox', 'calculation_equation'],
  enumeration: ['booleancheckbox', 'checkbox', 'radio', 'select', 'calculation_equation'],
  date: ['date'],
  datetime: ['date'],
  string: ['file', 'text', 'textarea', 'calculation_equation', 'html', 'phonenumber'],
  number: ['number', 'calculation_equation'],
  phone_number: ['phonenumber'],
};
const FIELD_TYPES = [...new Set(Object.values(TYPES).flat())];

/** Every type/fieldType pair that does not go together (the options match the type, so only the pair is wrong). */
function mismatches(): BadCase[] {
  return Object.entries(TYPES).flatMap(([type, allowed]) =>
    FIELD_TYPES.filter((f) => !allowed.includes(f)).map((fieldType) => {
      const options = type === 'enumeration' ? OPTIONS : type === 'bool' ? BOOL_OPTIONS : undefined;
      const formula = fieldType === 'calculation_equation' ? '1 + 1' : undefined;
      const text = property({ ...TEXT_PROPERTY, type, fieldType, options, calculationFormula: formula });
      return manifestCase('meaning', `${type}-${fieldType}`, text, 'FIELD_TYPE_MISMATCH');
    }),
  );
}

function rules(): BadCase[] {
  const enumeration = { ...TEXT_PROPERTY, type: 'enumeration', fieldType: 'select' };
  const cases: [string, string, string][] = [
    [
      'bool-options',
      property({ ...TEXT_PROPERTY, type: 'bool', fieldType: 'booleancheckbox', options: OPTIONS }),
      'BOOL_OPTIONS',
    ],
    [
      'bool-no-options',
      property({ ...TEXT_PROPERTY, type: 'bool', fieldType: 'booleancheckbox' }),
      'BOOL_OPTIONS',
    ],
    ['enum-no-options', property(enumeration), 'OPTIONS_REQUIRED'],
    ['text-options', property({ ...TEXT_PROPERTY, options: OPTIONS }), 'OPTIONS_NOT_ALLOWED'],
    [
      'dup-option-value',
      property({ ...enumeration, options: '[{ label: A, value: a }, { label: B, value: a }]' }),
      'DUPLICATE_OPTION_VALUE',
    ],
    [
      'dup-option-label',
      property({ ...enumeration, options: '[{ label: A, value: a }, { label: A, value: b }]' }),
      'DUPLICATE_OPTION_LABEL',
    ],
    ['external-no-ref', property({ ...enumeration, externalOptions: 'true' }), 'EXTERNAL_OPTIONS_INVALID'],
    [
      'formula-missing',
      property({ ...TEXT_PROPERTY, type: 'number', fieldType: 'calculation_equation' }),
      'FORMULA_MISSING',
    ],
    ['formula-not-calc', property({ ...TEXT_PROPERTY, calculationFormula: '1 + 1' }), 'FORMULA_NOT_ALLOWED'],
    [
      'formula-unknown',
      property({
        ...TEXT_PROPERTY,
        type: 'number',
        fieldType: 'calculation_equation',
        calculationFormula: 'nowhere * 2',
      }),
      'FORMULA_UNKNOWN_PROPERTY',
    ],
    [
      'formula-syntax',
      property({
        ...TEXT_PROPERTY,
        type: 'number',
        fieldType: 'calculation_equation',
        calculationFormula: "'(1 + 2'",
      }),
      'FORMULA_SYNTAX',
    ],
    [
      'formula-self',
      property({
        ...TEXT_PROPERTY,
        type: 'number',
        fieldType: 'calculation_equation',
        calculationFormula: 'note + 1',
      }),
      'FORMULA_CYCLE',
    ],
    ['name-upper', property({ ...TEXT_PROPERTY, name: 'Note' }), 'NAME_INVALID'],
    ['name-digit', property({ ...TEXT_PROPERTY, name: '1note' }), 'NAME_INVALID'],
    ['name-hyphen', property({ ...TEXT_PROPERTY, name: 'my-note' }), 'NAME_INVALID'],
    ['name-long', property({ ...TEXT_PROPERTY, name: 'n'.repeat(101) }), 'NAME_TOO_LONG'],
    ['tombstone-extra', property({ name: 'note', archived: 'true', label: 'Note' }), 'TOMBSTONE_EXTRA_KEYS'],
    [
      'dup-property',
      `${property(TEXT_PROPERTY)}  - name: note\n    label: Again\n    type: string\n    fieldType: text\n    groupName: support\n`,
      'DUPLICATE_PROPERTY',
    ],
    [
      'group-archived',
      `kind: Properties\nobjectType: tickets\ngroups:\n  - { name: support, archived: true }\nproperties:\n  - { name: note, label: Note, type: string, fieldType: text, groupName: support }\n`,
      'GROUP_ARCHIVED',
    ],
    [
      'unique-limit',
      `${HEAD}${Array.from({ length: 11 }, (_, i) => `  - { name: u${i}, label: U${i}, type: string, fieldType: text, groupName: support, hasUniqueValue: true }`).join('\n')}\n`,
      'UNIQUE_LIMIT',
    ],
    [
      'label-and-type',
      'kind: Associations\nfrom: tickets\nto: orders\ntypes:\n  - { label: A, category: PLATFORM_DEFINED, typeId: 27 }\n',
      'ASSOCIATION_TYPE_TARGET',
    ],
    [
      'built-in-deleted',
      'kind: Associations\nfrom: tickets\nto: orders\ntypes:\n  - { category: PLATFORM_DEFINED, typeId: 27, deleted: true }\n',
      'TOMBSTONE_NOT_ALLOWED',
    ],
    [
      'too-many-labels',
      `kind: Associations\nfrom: tickets\nto: orders\ntypes:\n${Array.from({ length: 51 }, (_, i) => `  - { label: L${i} }`).join('\n')}\n`,
      'TOO_MANY_LABELS',
    ],
    [
      'event-enum-no-options',
      'kind: EventProperties\neventName: shipped\nproperties:\n  - { name: f, label: F, type: enumeration }\n',
      'OPTIONS_REQUIRED',
    ],
    [
      'event-dup',
      'kind: EventProperties\neventName: shipped\nproperties:\n  - { name: f, label: F, type: string }\n  - { name: f, label: G, type: number }\n',
      'DUPLICATE_EVENT_PROPERTY',
    ],
  ];
  return cases.map(([name, text, code]) => manifestCase('meaning', name, text, code));
}

export function shapeCases(): BadCase[] {
  return [...wrongTypes(), ...keyCases(), ...mismatches(), ...rules()];
}

/**
 * The platform's rules for a property definition (names, type / fieldType pairs, options, limits), as
 * pure functions over typed fields. Each rule returns error details (`code`, `in`, `message`); the caller
 * turns a non-empty list into a 400 VALIDATION_ERROR.
 */
import { VALID_FIELD_TYPES, type ErrorDetail, type Property, type PropertyType } from '../../wire/api.js';
import { MAX_OPTIONS, MAX_UNIQUE_PROPERTIES } from '../limits.js';

/** a lowercase letter first, then lowercase letters, digits and underscores */
export const NAME_PATTERN = /^[a-z][a-z0-9_]*$/;
export const MAX_NAME_LENGTH = 100;
/** names with this prefix belong to built-in properties */
export const RESERVED_NAME_PREFIX = 'hs_';
export const MAX_CUSTOM_PROPERTIES = 1_000;
/** the only value `referencedObjectType` takes on a custom property */
export const OWNER = 'OWNER';

/** Property types that carry options; any other type must have none. */
const TYPES_WITH_OPTIONS: ReadonlySet<string> = new Set<PropertyType>(['enumeration', 'bool']);

export type DefinitionFields = Pick<
  Property,
  'type' | 'fieldType' | 'options' | 'externalOptions' | 'referencedObjectType' | 'calculationFormula'
>;

type Rule = (p: DefinitionFields) => ErrorDetail[];

const detail = (code: string, where: string, message: string): ErrorDetail => ({ message, code, in: where });

const NAME_KINDS = {
  property: { noun: 'property', code: 'INVALID_PROPERTY_NAME', reservePrefix: true },
  group: { noun: 'property group', code: 'INVALID_GROUP_NAME', reservePrefix: false },
} as const;

/** Name rules of a new custom property or property group; empty when the name is valid. */
export function checkName(name: string, kind: keyof typeof NAME_KINDS = 'property'): ErrorDetail[] {
  const { noun, code, reservePrefix } = NAME_KINDS[kind];
  if (name.length > MAX_NAME_LENGTH) {
    return [
      detail(
        code,
        'name',
        `The ${noun} name '${name.slice(0, 20)}...' is ${name.length} characters long; at most ${MAX_NAME_LENGTH} are allowed.`,
      ),
    ];
  }
  if (!NAME_PATTERN.test(name)) {
    return [
      detail(
        code,
        'name',
        `The ${noun} name '${name}' is not valid: it must start with a lowercase letter and contain only lowercase letters, digits and underscores.`,
      ),
    ];
  }
  if (reservePrefix && name.startsWith(RESERVED_NAME_PREFIX)) {
    return [
      detail(
        code,
        'name',
        `The ${noun} name '${name}' starts with '${RESERVED_NAME_PREFIX}', which is reserved for built-in properties; choose another name.`,
      ),
    ];
  }
  return [];
}

const fieldTypePair: Rule = ({ type, fieldType }) => {
  const allowed = VALID_FIELD_TYPES[type as PropertyType] as readonly string[] | undefined;
  if (!allowed || allowed.includes(fieldType)) return [];
  return [
    detail(
      'INVALID_FIELD_TYPE',
      'fieldType',
      `fieldType '${fieldType}' is not valid for type '${type}'; use one of: ${allowed.join(', ')}.`,
    ),
  ];
};

const optionsAllowed: Rule = ({ type, options }) => {
  if (options.length === 0 || TYPES_WITH_OPTIONS.has(type)) return [];
  return [
    detail(
      'INVALID_OPTION',
      'options',
      `A property of type '${type}' takes no options (only enumeration and bool do); remove them or send "options": [].`,
    ),
  ];
};

const optionCount: Rule = ({ options }) =>
  options.length > MAX_OPTIONS
    ? [
        detail(
          'INVALID_OPTION',
          'options',
          `The property has ${options.length} options; at most ${MAX_OPTIONS} are allowed.`,
        ),
      ]
    : [];

/** Option values must be unique, and so must option labels. One Map pass per key: O(n). */
const uniqueOptions: Rule = ({ options }) => {
  const errors: ErrorDetail[] = [];
  for (const key of ['value', 'label'] as const) {
    const firstIndex = new Map<string, number>();
    options.forEach((option, i) => {
      const first = firstIndex.get(option[key]);
      if (first === undefined) {
        firstIndex.set(option[key], i);
        return;
      }
      errors.push(
        detail(
          'INVALID_OPTION',
          `options[${i}].${key}`,
          `Option ${key} '${option[key]}' appears twice (options[${first}] and options[${i}]); option ${key}s must be unique.`,
        ),
      );
    });
  }
  return errors;
};

const boolOptions: Rule = ({ type, options }) => {
  if (type !== 'bool' || options.length === 0) return [];
  const values = options.map((o) => o.value).sort();
  if (values.length === 2 && values[0] === 'false' && values[1] === 'true') return [];
  return [
    detail(
      'INVALID_BOOLEAN_OPTION',
      'options',
      `A bool property's options must be exactly two, with the values 'true' and 'false' (got: ${values.map((v) => `'${v}'`).join(', ')}).`,
    ),
  ];
};

const enumerationNeedsOptions: Rule = ({ type, options, externalOptions }) =>
  type === 'enumeration' && options.length === 0 && externalOptions !== true
    ? [
        detail(
          'REQUIRED_FIELD',
          'options',
          'An enumeration property needs at least one option (or externalOptions true with referencedObjectType OWNER).',
        ),
      ]
    : [];

const externalOptionsRule: Rule = ({ type, options, externalOptions, referencedObjectType }) => {
  const errors: ErrorDetail[] = [];
  if (referencedObjectType !== undefined && referencedObjectType !== OWNER) {
    errors.push(
      detail(
        'INVALID_REFERENCED_OBJECT_TYPE',
        'referencedObjectType',
        `referencedObjectType '${referencedObjectType}' is not supported; the only value is '${OWNER}'.`,
      ),
    );
  }
  if (externalOptions !== true) {
    if (referencedObjectType === OWNER) {
      errors.push(
        detail(
          'INVALID_EXTERNAL_OPTIONS',
          'externalOptions',
          `referencedObjectType '${OWNER}' requires externalOptions true.`,
        ),
      );
    }
    return errors;
  }
  if (type !== 'enumeration') {
    errors.push(
      detail(
        'INVALID_EXTERNAL_OPTIONS',
        'externalOptions',
        `externalOptions applies only to enumeration properties, not to type '${type}'.`,
      ),
    );
  }
  if (referencedObjectType !== OWNER) {
    errors.push(
      detail(
        'INVALID_EXTERNAL_OPTIONS',
        'referencedObjectType',
        `externalOptions true requires referencedObjectType '${OWNER}'.`,
      ),
    );
  }
  if (options.length > 0) {
    errors.push(
      detail(
        'INVALID_OPTION',
        'options',
        'A property with externalOptions gets its options from the account; remove its options.',
      ),
    );
  }
  return errors;
};

const calculationFormulaRule: Rule = ({ fieldType, calculationFormula }) => {
  const hasFormula = calculationFormula !== undefined && calculationFormula !== '';
  if (fieldType === 'calculation_equation' && !hasFormula) {
    return [
      detail(
        'REQUIRED_FIELD',
        'calculationFormula',
        'A property with fieldType calculation_equation needs a calculationFormula.',
      ),
    ];
  }
  if (fieldType !== 'calculation_equation' && calculationFormula !== undefined) {
    return [
      detail(
        'INVALID_CALCULATION_FORMULA',
        'calculationFormula',
        `calculationFormula applies only to fieldType calculation_equation, not to '${fieldType}'.`,
      ),
    ];
  }
  return [];
};

/** Every definition rule, in the order their errors are reported. */
const DEFINITION_RULES: readonly Rule[] = [
  fieldTypePair,
  optionsAllowed,
  optionCount,
  uniqueOptions,
  boolOptions,
  enumerationNeedsOptions,
  externalOptionsRule,
  calculationFormulaRule,
];

/** All rule violations of a definition (create or the result of a PATCH); empty when valid. */
export function checkDefinition(p: DefinitionFields): ErrorDetail[] {
  return DEFINITION_RULES.flatMap((rule) => rule(p));
}

/** Active-property counts of an object type, for the per-type limits. */
export interface PropertyCounts {
  custom: number;
  unique: number;
}

export function countProperties(properties: Iterable<Property>): PropertyCounts {
  const counts: PropertyCounts = { custom: 0, unique: 0 };
  for (const p of properties) {
    if (p.archived === true) continue;
    if (p.platformDefined !== true) counts.custom += 1;
    if (p.hasUniqueValue === true) counts.unique += 1;
  }
  return counts;
}

/** Limits a new (or restored) active property must stay within. */
export function checkLimits(
  counts: PropertyCounts,
  adding: { hasUniqueValue?: boolean },
  objectType: string,
): ErrorDetail[] {
  const errors: ErrorDetail[] = [];
  if (counts.custom >= MAX_CUSTOM_PROPERTIES) {
    errors.push(
      detail(
        'TOO_MANY_PROPERTIES',
        'name',
        `${objectType} already has ${counts.custom} custom properties; at most ${MAX_CUSTOM_PROPERTIES} are allowed. Archive one first.`,
      ),
    );
  }
  if (adding.hasUniqueValue === true && counts.unique >= MAX_UNIQUE_PROPERTIES) {
    errors.push(
      detail(
        'TOO_MANY_UNIQUE_PROPERTIES',
        'hasUniqueValue',
        `${objectType} already has ${counts.unique} properties with hasUniqueValue; at most ${MAX_UNIQUE_PROPERTIES} are allowed.`,
      ),
    );
  }
  return errors;
}

/**
 * Reads a property create or update body (untrusted JSON) into typed fields, collecting an
 * error detail for every field of the wrong JSON type or missing. Semantic rules (type / fieldType
 * pairs, options, names) live in `property-rules.ts`; this file only checks shapes.
 *
 * `null` counts as absent; fields the endpoint does not take are ignored, as the platform ignores the
 * fields a PATCH cannot change.
 */
import {
  DATA_SENSITIVITIES,
  FIELD_TYPES,
  NUMBER_DISPLAY_HINTS,
  PROPERTY_TYPES,
  TEXT_DISPLAY_HINTS,
  type ErrorDetail,
  type PropertyCreate,
  type PropertyOption,
  type PropertyUpdate,
} from '../../wire/api.js';
import { isJsonObject } from '../request-values.js';

/** A create body as the emulator takes it. */
export type PropertyCreateInput = PropertyCreate;

type FieldSpec =
  | { kind: 'string' | 'boolean' | 'integer' | 'options' }
  | { kind: 'enum'; values: readonly string[]; code: string };

const string: FieldSpec = { kind: 'string' };
const boolean: FieldSpec = { kind: 'boolean' };
const integer: FieldSpec = { kind: 'integer' };
const options: FieldSpec = { kind: 'options' };
const propertyType: FieldSpec = { kind: 'enum', values: PROPERTY_TYPES, code: 'INVALID_PROPERTY_TYPE' };
const fieldType: FieldSpec = { kind: 'enum', values: FIELD_TYPES, code: 'INVALID_FIELD_TYPE' };
const dataSensitivity: FieldSpec = {
  kind: 'enum',
  values: DATA_SENSITIVITIES,
  code: 'INVALID_DATA_SENSITIVITY',
};

/** Fields PATCH applies; every other field of a PATCH body is silently ignored. */
const UPDATE_FIELDS: Readonly<Record<keyof PropertyUpdate, FieldSpec>> = {
  label: string,
  description: string,
  groupName: string,
  type: propertyType,
  fieldType,
  options,
  displayOrder: integer,
  hidden: boolean,
  formField: boolean,
  calculationFormula: string,
  showCurrencySymbol: boolean,
  currencyPropertyName: string,
  numberDisplayHint: { kind: 'enum', values: NUMBER_DISPLAY_HINTS, code: 'INVALID_NUMBER_DISPLAY_HINT' },
  textDisplayHint: { kind: 'enum', values: TEXT_DISPLAY_HINTS, code: 'INVALID_TEXT_DISPLAY_HINT' },
};

const CREATE_FIELDS: Readonly<Record<keyof PropertyCreateInput, FieldSpec>> = {
  ...UPDATE_FIELDS,
  name: string,
  dataSensitivity,
  externalOptions: boolean,
  referencedObjectType: string,
  hasUniqueValue: boolean,
};

const REQUIRED_ON_CREATE = ['name', 'label', 'type', 'fieldType', 'groupName'] as const;

export interface ShapeResult<T> {
  value: T;
  errors: ErrorDetail[];
}

const detail = (code: string, where: string, message: string): ErrorDetail => ({ message, code, in: where });

const JSON_TYPE_CHECKS = {
  string: { test: (v: unknown) => typeof v === 'string', code: 'INVALID_STRING', noun: 'a string' },
  boolean: { test: (v: unknown) => typeof v === 'boolean', code: 'INVALID_BOOLEAN', noun: 'true or false' },
  integer: { test: (v: unknown) => Number.isInteger(v), code: 'INVALID_INTEGER', noun: 'an integer' },
} as const;

function readOption(raw: unknown, where: string, errors: ErrorDetail[]): PropertyOption | undefined {
  if (!isJsonObject(raw)) {
    errors.push(detail('INVALID_OPTION', where, `${where} must be an object with a label and a value.`));
    return undefined;
  }
  const before = errors.length;
  for (const key of ['label', 'value'] as const) {
    const v = raw[key];
    if (typeof v !== 'string' || v === '') {
      errors.push(detail('REQUIRED_FIELD', `${where}.${key}`, `${where}.${key} must be a non-empty string.`));
    }
  }
  const optional = { description: 'string', displayOrder: 'integer', hidden: 'boolean' } as const;
  for (const [key, kind] of Object.entries(optional)) {
    const v = raw[key];
    const check = JSON_TYPE_CHECKS[kind];
    if (v !== undefined && v !== null && !check.test(v)) {
      errors.push(detail(check.code, `${where}.${key}`, `${where}.${key} must be ${check.noun}.`));
    }
  }
  if (errors.length > before) return undefined;
  const option: PropertyOption = { label: raw.label as string, value: raw.value as string };
  if (typeof raw.description === 'string') option.description = raw.description;
  if (typeof raw.displayOrder === 'number') option.displayOrder = raw.displayOrder;
  if (typeof raw.hidden === 'boolean') option.hidden = raw.hidden;
  return option;
}

function readField(name: string, raw: unknown, spec: FieldSpec, errors: ErrorDetail[]): unknown {
  if (spec.kind === 'enum') {
    if (typeof raw === 'string' && spec.values.includes(raw)) return raw;
    errors.push(
      detail(spec.code, name, `${name} ${JSON.stringify(raw)} is not one of: ${spec.values.join(', ')}.`),
    );
    return undefined;
  }
  if (spec.kind === 'options') {
    if (!Array.isArray(raw)) {
      errors.push(detail('INVALID_OPTION', name, 'options must be an array of {label, value} objects.'));
      return undefined;
    }
    const read = raw.map((item, i) => readOption(item, `options[${i}]`, errors));
    return read.every((o) => o !== undefined) ? read : undefined;
  }
  const check = JSON_TYPE_CHECKS[spec.kind];
  if (check.test(raw)) return raw;
  errors.push(detail(check.code, name, `${name} must be ${check.noun}.`));
  return undefined;
}

function readFields(
  body: Record<string, unknown>,
  fields: Readonly<Record<string, FieldSpec>>,
  errors: ErrorDetail[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(fields)) {
    const raw = body[name];
    if (raw === undefined || raw === null) continue;
    const value = readField(name, raw, spec, errors);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

const notAnObject = (what: string): ErrorDetail =>
  detail('INVALID_JSON', 'body', `The request body must be a JSON object (${what}).`);

/** A create body: every field of a property create, the five required ones present and non-empty. */
export function readPropertyCreate(body: unknown): ShapeResult<PropertyCreateInput> {
  const errors: ErrorDetail[] = [];
  if (!isJsonObject(body)) return { value: {} as PropertyCreateInput, errors: [notAnObject('a property')] };
  const value = readFields(body, CREATE_FIELDS, errors);
  for (const name of REQUIRED_ON_CREATE) {
    if (body[name] === undefined || body[name] === null || body[name] === '') {
      errors.push(detail('REQUIRED_FIELD', name, `${name} is required.`));
    }
  }
  return { value: value as unknown as PropertyCreateInput, errors };
}

/** A PATCH body: only the fields PATCH applies are read; the others are ignored. */
export function readPropertyUpdate(body: unknown): ShapeResult<PropertyUpdate> {
  const errors: ErrorDetail[] = [];
  if (!isJsonObject(body)) return { value: {}, errors: [notAnObject('the fields to change')] };
  const value = readFields(body, UPDATE_FIELDS, errors);
  for (const name of ['label', 'groupName'] as const) {
    if (body[name] === '') errors.push(detail('REQUIRED_FIELD', name, `${name} must not be empty.`));
  }
  return { value, errors };
}

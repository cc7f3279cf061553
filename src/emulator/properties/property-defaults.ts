/**
 * Builds the stored (= API) shape of a property definition: defaults filled on create, and the merge
 * of a PATCH into an existing definition.
 *
 * Defaults are chosen so that normalising is idempotent: a definition read back and sent again (as a
 * create or a PATCH with the same fields) comes out equal. Hence an option's `displayOrder` defaults to
 * its index and its `description` to '' rather than being left out.
 */
import {
  PROPERTY_DISPLAY_FIELDS,
  type FieldType,
  type ModificationMetadata,
  type Property,
  type PropertyDisplayFields,
  type PropertyOption,
  type PropertyUpdate,
} from '../../wire/api.js';
import type { PropertyCreateInput } from './property-shape.js';

export type NormalizedOption = Required<PropertyOption>;

export function normalizeOptions(options: readonly PropertyOption[]): NormalizedOption[] {
  return options.map((o, i) => ({
    label: o.label,
    value: o.value,
    description: o.description ?? '',
    displayOrder: o.displayOrder ?? i,
    hidden: o.hidden ?? false,
  }));
}

/** Metadata of a custom property: a calculated property's value is computed, hence read-only. */
export function customModificationMetadata(fieldType: FieldType | (string & {})): ModificationMetadata {
  return {
    archivable: true,
    readOnlyDefinition: false,
    readOnlyOptions: false,
    readOnlyValue: fieldType === 'calculation_equation',
  };
}

type OptionalField = 'calculationFormula' | 'referencedObjectType' | (typeof PROPERTY_DISPLAY_FIELDS)[number];

/** Fields a definition may carry or leave out (everything else always has a value once stored). */
function optionalFields(input: Pick<Property, OptionalField>): Partial<Property> {
  const out: Partial<Property> = {};
  if (input.calculationFormula !== undefined) out.calculationFormula = input.calculationFormula;
  if (input.referencedObjectType !== undefined) out.referencedObjectType = input.referencedObjectType;
  for (const field of PROPERTY_DISPLAY_FIELDS) {
    const value = input[field];
    if (value !== undefined) Object.assign(out, { [field]: value });
  }
  return out;
}

/** The display fields of a create or update body, those it gives. */
function displayFields(input: PropertyDisplayFields): PropertyDisplayFields {
  const out: PropertyDisplayFields = {};
  for (const field of PROPERTY_DISPLAY_FIELDS)
    if (input[field] !== undefined) Object.assign(out, { [field]: input[field] });
  return out;
}

/**
 * A new custom property from a create body. `createdAt` is kept from the archived property being
 * restored, if any; a restore otherwise takes the new definition whole.
 */
export function buildProperty(input: PropertyCreateInput, now: string, createdAt = now): Property {
  const { calculationFormula, referencedObjectType } = input;
  return {
    name: input.name,
    label: input.label,
    type: input.type,
    fieldType: input.fieldType,
    groupName: input.groupName,
    description: input.description ?? '',
    options: normalizeOptions(input.options ?? []),
    displayOrder: input.displayOrder ?? -1,
    ...optionalFields({ calculationFormula, referencedObjectType, ...displayFields(input) }),
    dataSensitivity: input.dataSensitivity ?? 'non_sensitive',
    externalOptions: input.externalOptions ?? false,
    formField: input.formField ?? false,
    hasUniqueValue: input.hasUniqueValue ?? false,
    hidden: input.hidden ?? false,
    archived: false,
    calculated: false,
    createdAt,
    updatedAt: now,
    platformDefined: false,
    modificationMetadata: customModificationMetadata(input.fieldType),
  };
}

/** Property types that keep options and fieldTypes that keep a formula (see `applyUpdate`). */
const KEEPS_OPTIONS: ReadonlySet<string> = new Set(['enumeration', 'bool']);

/**
 * The definition after a PATCH (not yet validated). Only the fields PATCH takes apply;
 * `options` replaces the whole list. When the PATCH moves the property to a type without options
 * (or off calculation_equation) and does not send options (a formula) itself, the stale options
 * (formula) are dropped rather than failing the PATCH for a field it never named.
 */
export function applyUpdate(existing: Property, update: PropertyUpdate, now: string): Property {
  const type = update.type ?? existing.type;
  const fieldType = update.fieldType ?? existing.fieldType;
  let options = update.options ? normalizeOptions(update.options) : existing.options;
  if (!update.options && !KEEPS_OPTIONS.has(type)) options = [];
  let calculationFormula = update.calculationFormula ?? existing.calculationFormula;
  if (update.calculationFormula === undefined && fieldType !== 'calculation_equation') {
    calculationFormula = undefined;
  }
  const display = { ...displayFields(existing), ...displayFields(update) };
  const {
    calculationFormula: _f,
    referencedObjectType,
    numberDisplayHint: _n,
    textDisplayHint: _t,
    currencyPropertyName: _c,
    showCurrencySymbol: _s,
    ...rest
  } = existing;
  return {
    ...rest,
    label: update.label ?? existing.label,
    type,
    fieldType,
    groupName: update.groupName ?? existing.groupName,
    description: update.description ?? existing.description,
    options,
    displayOrder: update.displayOrder ?? existing.displayOrder,
    ...optionalFields({ calculationFormula, referencedObjectType, ...display }),
    formField: update.formField ?? existing.formField,
    hidden: update.hidden ?? existing.hidden,
    updatedAt: now,
    modificationMetadata: customModificationMetadata(fieldType),
  };
}

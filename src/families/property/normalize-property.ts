/**
 * Property definitions into the normalised model. One function serves both sides: a manifest entry
 * (few fields) and an API response (every field plus response-only ones) give equal values when they
 * describe the same property.
 */
import {
  PROPERTY_DISPLAY_FIELDS,
  type Property,
  type PropertyCreate,
  type PropertyDisplayFields,
} from '../../wire/api.js';
import { PROPERTY_DEFAULTS } from '../../engine/model/defaults.js';
import { normalizeOptions, type OptionLike } from '../../engine/model/normalize-options.js';
import type { NormalizedProperty } from './property-shape.js';

/** What `normalizeProperty` reads: the request fields of a property definition, all but the first five optional. */
export type PropertyLike = Pick<PropertyCreate, 'name' | 'label' | 'groupName'> & {
  type: string;
  fieldType: string;
  description?: string | null;
  displayOrder?: number | null;
  options?: readonly OptionLike[] | null;
  calculationFormula?: string | null;
  dataSensitivity?: string | null;
  externalOptions?: boolean | null;
  referencedObjectType?: string | null;
  formField?: boolean | null;
  hasUniqueValue?: boolean | null;
  hidden?: boolean | null;
} & { [K in (typeof PROPERTY_DISPLAY_FIELDS)[number]]?: PropertyDisplayFields[K] | null };

export function normalizeProperty(input: PropertyLike): NormalizedProperty {
  const property: NormalizedProperty = {
    name: input.name,
    label: input.label,
    type: input.type,
    fieldType: input.fieldType,
    groupName: input.groupName,
    description: input.description ?? PROPERTY_DEFAULTS.description,
    displayOrder: input.displayOrder ?? PROPERTY_DEFAULTS.displayOrder,
    options: normalizeOptions(input.options),
    dataSensitivity: input.dataSensitivity ?? PROPERTY_DEFAULTS.dataSensitivity,
    externalOptions: input.externalOptions ?? PROPERTY_DEFAULTS.externalOptions,
    formField: input.formField ?? PROPERTY_DEFAULTS.formField,
    hasUniqueValue: input.hasUniqueValue ?? PROPERTY_DEFAULTS.hasUniqueValue,
    hidden: input.hidden ?? PROPERTY_DEFAULTS.hidden,
  };
  // an empty string means "not set" on both sides: the planner clears these by sending ''
  const referencedObjectType = nonEmpty(input.referencedObjectType);
  if (referencedObjectType !== undefined) property.referencedObjectType = referencedObjectType;
  const calculationFormula = nonEmpty(input.calculationFormula);
  if (calculationFormula !== undefined) property.calculationFormula = calculationFormula;
  // the display fields: kept where given (a manifest that leaves one out does not manage it)
  for (const field of PROPERTY_DISPLAY_FIELDS) {
    const value = input[field];
    if (value !== undefined && value !== null && value !== '') Object.assign(property, { [field]: value });
  }
  return property;
}

/**
 * A property as the API returns it, without the response-only fields (timestamps, user ids,
 * `modificationMetadata`, `calculated`, `dateDisplayHint`, ...). The live-only
 * flags are read by `flagsOf` (model/flags.ts).
 */
export function fromApiProperty(property: Property): NormalizedProperty {
  return normalizeProperty(property);
}

function nonEmpty(value: string | null | undefined): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

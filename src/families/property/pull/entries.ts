/**
 * Properties and groups as manifest entries: the API's own names, and only the fields that differ from
 * the platform's defaults, so the YAML stays short. Only defaults the planner's normaliser fills the same
 * way are left out (src/engine/model/defaults.ts), so a pulled entry plans as equal to the live resource. An
 * option's `displayOrder` is left out when it equals the option's position; the options of an
 * `externalOptions` property are the platform's (its users) and are never written.
 */
import { PROPERTY_DISPLAY_FIELDS } from '../../../wire/api.js';
import {
  defaultOptionDisplayOrder,
  GROUP_DEFAULT_DISPLAY_ORDER,
  OPTION_DEFAULTS,
  PROPERTY_DEFAULTS,
} from '../../../engine/model/defaults.js';
import type { NormalizedOption } from '../../../engine/model/schema-model.js';
import type { Entry } from '../../../engine/pull/entries.js';
import type { PlainValue } from '../../../engine/pull/yaml-edit.js';
import type { NormalizedGroup } from '../group-model.js';
import type { NormalizedProperty } from '../model.js';
import { splitRetired } from './retired-options.js';

/** The property fields pull compares and writes, besides `name` and `options`. */
export const PROPERTY_FIELDS = [
  'label',
  'type',
  'fieldType',
  'groupName',
  'description',
  'displayOrder',
  'dataSensitivity',
  'hasUniqueValue',
  'externalOptions',
  'referencedObjectType',
  'formField',
  'hidden',
  'calculationFormula',
  ...PROPERTY_DISPLAY_FIELDS,
] as const satisfies readonly (keyof NormalizedProperty)[];

/** Key orders of each kind of entry: new keys go to their place among the keys already written. */
export const ENTRY_KEY_ORDER = {
  group: ['name', 'label', 'displayOrder', 'archived'],
  property: ['name', ...PROPERTY_FIELDS, 'options', 'archived'],
  option: ['label', 'value', 'description', 'displayOrder', 'hidden', 'replaces'],
} as const satisfies Record<string, readonly string[]>;

type PropertyField = (typeof PROPERTY_FIELDS)[number];

/**
 * The value a field takes when a manifest leaves it out (undefined: the field is unset). The platform
 * answers `showCurrencySymbol: false` for every property: pull writes it only when true.
 */
const PROPERTY_FIELD_DEFAULTS: Readonly<Partial<Record<PropertyField, PlainValue>>> = {
  ...PROPERTY_DEFAULTS,
  showCurrencySymbol: false,
};

/** Whether `value` is what the normaliser fills for a property field left out. */
export function isPropertyDefault(field: PropertyField, value: unknown): boolean {
  return value === undefined || value === PROPERTY_FIELD_DEFAULTS[field];
}

export function propertyEntry(property: NormalizedProperty): Entry {
  const entry: Entry = { name: property.name };
  for (const field of PROPERTY_FIELDS) {
    const value = property[field];
    if (!isPropertyDefault(field, value)) entry[field] = value as PlainValue;
  }
  if (!property.externalOptions && property.options.length > 0) {
    const { shown, replaces } = splitRetired(property.options);
    entry.options = shown.map((option, index) => {
      const written = optionEntry(option, index);
      const old = replaces.get(option.value);
      return old === undefined ? written : { ...written, replaces: old };
    });
  }
  return entry;
}

/** An option at `index`, defaults (description, hidden, displayOrder = index) left out. */
export function optionEntry(option: NormalizedOption, index: number): Entry {
  const entry: Entry = { label: option.label, value: option.value };
  if (option.description !== OPTION_DEFAULTS.description) entry.description = option.description;
  if (option.displayOrder !== defaultOptionDisplayOrder(index)) entry.displayOrder = option.displayOrder;
  if (option.hidden !== OPTION_DEFAULTS.hidden) entry.hidden = option.hidden;
  return entry;
}

export function groupEntry(group: NormalizedGroup): Entry {
  const entry: Entry = { name: group.name, label: group.label };
  if (group.displayOrder !== GROUP_DEFAULT_DISPLAY_ORDER) entry.displayOrder = group.displayOrder;
  return entry;
}

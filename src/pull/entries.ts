/**
 * Live resources as manifest entries: the API's own names, and only the fields that differ from the
 * platform's defaults, so the YAML stays short. Only defaults the planner's normaliser fills the same
 * way are left out (src/model/defaults.ts), so a pulled entry plans as equal to the live resource. An
 * option's `displayOrder` is left out when it equals the option's position; the options of an
 * `externalOptions` property are the platform's (its users) and are never written.
 */
import { PROPERTY_DISPLAY_FIELDS } from '../wire/api.js';
import { splitRetired } from './retired-options.js';
import {
  defaultOptionDisplayOrder,
  GROUP_DEFAULT_DISPLAY_ORDER,
  OPTION_DEFAULTS,
  PROPERTY_DEFAULTS,
} from '../model/defaults.js';
import type {
  NormalizedEventProperty,
  NormalizedGroup,
  NormalizedLabel,
  NormalizedOption,
  NormalizedProperty,
} from '../model/schema-model.js';
import type { PlainValue } from './yaml-edit.js';

export type Entry = { [key: string]: PlainValue };

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

/** Key orders of each kind of mapping: new keys go to their place among the keys already written. */
export const KEY_ORDER = {
  properties: ['kind', 'objectType', 'groups', 'properties'],
  associations: ['kind', 'from', 'to', 'types'],
  events: ['kind', 'eventName', 'definition', 'properties'],
  group: ['name', 'label', 'displayOrder', 'archived'],
  property: ['name', ...PROPERTY_FIELDS, 'options', 'archived'],
  option: ['label', 'value', 'description', 'displayOrder', 'hidden', 'replaces'],
  associationType: [
    'label',
    'name',
    'inverseLabel',
    'renamedFrom',
    'inverseRenamedFrom',
    'category',
    'typeId',
    'maxToObjectIds',
    'inverseMaxToObjectIds',
    'deleted',
  ],
  eventProperty: ['name', 'label', 'type', 'description', 'options', 'deleted'],
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

export function eventPropertyEntry(property: NormalizedEventProperty): Entry {
  const entry: Entry = { name: property.name, label: property.label, type: property.type };
  if (property.description !== '') entry.description = property.description;
  if (property.options.length > 0) entry.options = property.options.map(optionEntry);
  return entry;
}

/**
 * A user label pair seen from one direction: its text, its inverse's text, and the limits of both
 * directions' types. Pull writes each pair once (a label and its inverse are one resource).
 */
export function labelEntry(
  label: NormalizedLabel,
  limits: { maxToObjectIds?: number | undefined; inverseMaxToObjectIds?: number | undefined },
): Entry {
  const entry: Entry = { label: label.label };
  if (label.inverseLabel !== undefined) entry.inverseLabel = label.inverseLabel;
  if (limits.maxToObjectIds !== undefined) entry.maxToObjectIds = limits.maxToObjectIds;
  if (label.inverseLabel !== undefined && limits.inverseMaxToObjectIds !== undefined)
    entry.inverseMaxToObjectIds = limits.inverseMaxToObjectIds;
  return entry;
}

/** A limit on an association type that is not a user label (built-in, or unlabelled). */
export function typeLimitEntry(category: string, typeId: number, maxToObjectIds: number): Entry {
  return { category, typeId, maxToObjectIds };
}

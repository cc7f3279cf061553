/** Event properties as manifest entries: only the fields that differ from the platform's defaults. */
import type { Entry } from '../../../engine/pull/entries.js';
import { optionEntry } from '../../property/pull/entries.js';
import type { NormalizedEventProperty } from '../model.js';

/** The key order of an event property entry: new keys go to their place among those already written. */
export const EVENT_PROPERTY_KEY_ORDER = [
  'name',
  'label',
  'type',
  'description',
  'options',
  'deleted',
] as const;

export function eventPropertyEntry(property: NormalizedEventProperty): Entry {
  const entry: Entry = { name: property.name, label: property.label, type: property.type };
  if (property.description !== '') entry.description = property.description;
  if (property.options.length > 0) entry.options = property.options.map(optionEntry);
  return entry;
}

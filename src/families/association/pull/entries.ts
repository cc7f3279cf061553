/** Label pairs and limits as manifest entries of an `Associations` document's `types`. */
import type { Entry } from '../../../engine/pull/entries.js';
import type { NormalizedLabel } from '../label-model.js';

/** The key order of a type entry: new keys go to their place among the keys already written. */
export const TYPE_KEY_ORDER = [
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
] as const;

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

/**
 * Association labels and limits into the normalised model, plus the keys they are stored under.
 */
import type { AssociationCategory, AssociationLabel, AssociationTypeConfig } from '../wire/api.js';
import { canonicalObjectType } from './object-types.js';
import type { NormalizedLabel, NormalizedLimit } from './schema-model.js';

/** The category of labels users create. */
export const USER_DEFINED: AssociationCategory = 'USER_DEFINED';

/** `tickets->orders`; `0-5` and `tickets` give the same key. */
export function pairKey(from: string, to: string): string {
  return `${canonicalObjectType(from)}->${canonicalObjectType(to)}`;
}

/**
 * The key of a limit within its pair, also the last part of its address: a user label's text, or
 * `CATEGORY/typeId` for any other association type (`PLATFORM_DEFINED/27`).
 */
export function limitKey(limit: Pick<NormalizedLimit, 'category' | 'typeId' | 'label'>): string {
  if (limit.category === USER_DEFINED && limit.label !== undefined) return limit.label;
  return `${limit.category}/${limit.typeId ?? '?'}`;
}

/**
 * A label of a label list (`GET .../labels`), optionally with the inverse direction's entry (from the
 * reverse pair's list, matched by `inverseTypeId`). The unlabeled type (`label: null`) is no label:
 * undefined.
 */
export function fromApiLabel(
  label: AssociationLabel,
  inverse?: Pick<AssociationLabel, 'typeId' | 'label'>,
): NormalizedLabel | undefined {
  if (label.label === null || label.label === '') return undefined;
  const normalized: NormalizedLabel = { label: label.label, category: label.category, typeId: label.typeId };
  if (typeof label.name === 'string') normalized.name = label.name;
  if (inverse !== undefined) {
    normalized.inverseTypeId = inverse.typeId;
    if (inverse.label !== null && inverse.label !== '') normalized.inverseLabel = inverse.label;
  }
  return normalized;
}

/** The limit of an association type configuration; undefined when no limit is set on that type. */
export function fromApiLimit(config: AssociationTypeConfig): NormalizedLimit | undefined {
  if (typeof config.userEnforcedMaxToObjectIds !== 'number') return undefined;
  const limit: NormalizedLimit = {
    category: config.category,
    typeId: config.typeId,
    maxToObjectIds: config.userEnforcedMaxToObjectIds,
  };
  if (config.label !== null && config.label !== '') limit.label = config.label;
  return limit;
}

/**
 * The internal name sent when creating a label whose manifest entry gives none: the text in lower case,
 * every run of other characters as `_` (the platform refuses hyphens and a leading digit).
 * `Primary order` -> `primary_order`.
 */
export function deriveLabelName(label: string): string {
  const slug = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (slug === '') return 'label';
  return /^[0-9]/.test(slug) ? `label_${slug}` : slug;
}

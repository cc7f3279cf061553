/**
 * Association labels into the normalised model, plus the key of an ordered object pair they are stored
 * under.
 */
import type { AssociationCategory, AssociationLabel } from '../../wire/api.js';
import type { NormalizedLabel } from './label-model.js';

/** The category of labels users create. */
export const USER_DEFINED: AssociationCategory = 'USER_DEFINED';

/** `tickets->orders`; `0-5` and `tickets` give the same key. */
export { pairKey } from '../../engine/model/object-types.js';

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

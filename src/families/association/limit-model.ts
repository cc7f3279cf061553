/**
 * A limit, normalised: the limits (`userEnforcedMaxToObjectIds`) set on association
 * types, per ordered pair of object types. A user label's limit is declared by the label's text (its
 * typeId is only known live); a built-in type's by category and typeId.
 */
import type { AssociationCategory, AssociationTypeConfig } from '../../wire/api.js';
import { pairKey, USER_DEFINED } from './normalize-association.js';

/**
 * A limit on an association type of one direction. `maxToObjectIds` absent: no limit (desired: remove any
 * live limit).
 */
export interface NormalizedLimit {
  category: AssociationCategory;
  typeId?: number;
  label?: string;
  maxToObjectIds?: number;
}

/**
 * The key of a limit within its pair, also the last part of its address: a user label's text, or
 * `CATEGORY/typeId` for any other association type (`PLATFORM_DEFINED/27`).
 */
export function limitKey(limit: Pick<NormalizedLimit, 'category' | 'typeId' | 'label'>): string {
  if (limit.category === USER_DEFINED && limit.label !== undefined) return limit.label;
  return `${limit.category}/${limit.typeId ?? '?'}`;
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

export function limitAddress(
  from: string,
  to: string,
  limit: Pick<NormalizedLimit, 'category' | 'typeId' | 'label'>,
): string {
  return `${pairKey(from, to)}:${limitKey(limit)}`;
}

/** What the association family reads: the directions of object pairs, with or without their reverse. */
import { canonicalObjectType } from '../../../engine/model/object-types.js';
import { pairKey } from '../normalize-association.js';

export interface PairScope {
  from: string;
  to: string;
  /**
   * also read the reverse direction (to -> from) to learn each label's inverse: needed whenever labels
   * are managed, since a label pair is one resource with two directions (matched by the text of either,
   * unmanaged as a whole); only a direction that manages built-in type limits alone does without
   */
  inverse: boolean;
}

/** The association family's part of a read scope: `pairKey(from, to)` -> what to read of it. */
export type PairsScope = Map<string, PairScope>;

export function pairScopeOf(scope: PairsScope, from: string, to: string): PairScope {
  const key = pairKey(from, to);
  let entry = scope.get(key);
  if (entry === undefined) {
    entry = { from: canonicalObjectType(from), to: canonicalObjectType(to), inverse: false };
    scope.set(key, entry);
  }
  return entry;
}

export function mergePairs(into: PairsScope, other: PairsScope): void {
  for (const pair of other.values()) pairScopeOf(into, pair.from, pair.to).inverse ||= pair.inverse;
}

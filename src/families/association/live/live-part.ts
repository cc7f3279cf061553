/**
 * How the association family reads the live account: one configuration read per direction of the object
 * pairs in scope (read-associations.ts), with the reverse direction when the inverse labels are needed.
 */
import type { LivePart } from '../../../engine/family.js';
import { tombstonesOfKind } from '../../../engine/model/desired-state.js';
import { labelScope } from '../label-scope.js';
import { associationsOf } from '../model.js';
import { pairKey } from '../normalize-association.js';
import { readAssociations } from '../read-associations.js';
import type { LabelTombstone, LimitTombstone } from '../tombstones.js';
import { mergePairs, pairScopeOf, type PairsScope } from './scope.js';

export const associationLive: LivePart<PairsScope> = {
  emptyScope: () => new Map(),
  fromDesired: (desired, policy, scope) => {
    const labelsManaged = policy.unmanaged !== 'ignore';
    for (const pair of associationsOf(desired.state).values()) {
      const entry = pairScopeOf(scope, pair.from, pair.to);
      if (
        labelsManaged ||
        pair.labels.size > 0 ||
        [...pair.limits.values()].some((l) => l.label !== undefined)
      )
        entry.inverse = true;
    }
    for (const tombstone of tombstonesOfKind<LabelTombstone>(desired, 'label'))
      pairScopeOf(scope, tombstone.from, tombstone.to).inverse = true;
    for (const tombstone of tombstonesOfKind<LimitTombstone>(desired, 'limit'))
      pairScopeOf(scope, tombstone.from, tombstone.to);
    // the object pairs the label scope names, with their inverses, when the unmanaged policy looks at them
    if (labelsManaged)
      for (const { from, to } of labelScope(policy.manage.labels ?? []).pairs)
        pairScopeOf(scope, from, to).inverse = true;
  },
  merge: mergePairs,
  isEmpty: (scope) => scope.size === 0,
  read: (client, scope, state) => readAssociations(client, scope, state),
  // one read per direction, the reverse ones with it
  calls: (scope) => {
    const directions = new Set<string>();
    for (const pair of scope.values()) {
      directions.add(pairKey(pair.from, pair.to));
      if (pair.inverse && pair.from !== pair.to) directions.add(pairKey(pair.to, pair.from));
    }
    return directions.size;
  },
};

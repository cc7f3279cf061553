/**
 * Associations, object pair by object pair: the label pairs first (both directions at once), then the
 * limits of each direction (they need the labels' typeIds). The object pairs are those the manifests or
 * tombstones name, in either direction, and, when the unmanaged policy looks, those the entries of the
 * label scope name (`manage.labels`: a label of theirs no manifest names is unmanaged).
 */
import { at } from '../../core/must.js';
import { pairKey } from './normalize-association.js';
import { canonicalObjectType } from '../../engine/model/object-types.js';
import { labelScope } from './label-scope.js';
import type { DiffContext } from '../../engine/plan/diff/diff-context.js';
import { diffLabelPairs } from './label-diff.js';
import { diffLimits } from './limit-diff.js';
import { associationsOf } from './model.js';
import { tombstonesOfKind } from '../../engine/model/desired-state.js';
import type { LabelTombstone, LimitTombstone } from './tombstones.js';

export function diffAssociations(ctx: DiffContext): void {
  /** object pair -> the directions named, in the order first named */
  const objectPairs = new Map<string, { from: string; to: string }[]>();
  const name = (rawFrom: string, rawTo: string): void => {
    const from = canonicalObjectType(rawFrom);
    const to = canonicalObjectType(rawTo);
    const key = [from, to].sort().join('<->');
    const directions = objectPairs.get(key) ?? [];
    if (!directions.some((d) => d.from === from && d.to === to)) directions.push({ from, to });
    objectPairs.set(key, directions);
  };
  for (const pair of associationsOf(ctx.desired.state).values()) name(pair.from, pair.to);
  for (const tombstone of [
    ...tombstonesOfKind<LabelTombstone>(ctx.desired, 'label'),
    ...tombstonesOfKind<LimitTombstone>(ctx.desired, 'limit'),
  ])
    name(tombstone.from, tombstone.to);
  if (ctx.policy.unmanaged !== 'ignore')
    for (const pair of labelScope(ctx.policy.manage.labels ?? []).pairs) name(pair.from, pair.to);
  for (const directions of objectPairs.values()) {
    const first = at(directions, 0);
    const labels = diffLabelPairs(ctx, first.from, first.to);
    for (const { from, to } of directions) {
      // the desired map may have been keyed by hand: look the pair up by its canonical key either way
      const key = pairKey(from, to);
      diffLimits(
        ctx,
        from,
        to,
        associationsOf(ctx.desired.state).get(key),
        associationsOf(ctx.live).get(key),
        labels,
      );
    }
  }
}

/**
 * Associations, object pair by object pair: the label pairs first (both directions at once), then the
 * limits of each direction (they need the labels' typeIds). The object pairs are those the manifests or
 * tombstones name, in either direction, and, when the unmanaged policy looks, those the entries of the
 * label scope name (`manage.labels`: a label of theirs no manifest names is unmanaged).
 */
import { at } from '../../core/must.js';
import { pairKey } from '../../model/normalize-association.js';
import { canonicalObjectType } from '../../model/object-types.js';
import { labelScope } from '../../model/label-scope.js';
import type { DiffContext } from './diff-context.js';
import { diffLabelPairs } from './labels.js';
import { diffLimits } from './limits.js';

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
  for (const pair of ctx.desired.state.associations.values()) name(pair.from, pair.to);
  for (const tombstone of ctx.desired.tombstones) {
    if (tombstone.kind === 'label' || tombstone.kind === 'limit') name(tombstone.from, tombstone.to);
  }
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
        ctx.desired.state.associations.get(key),
        ctx.live.associations.get(key),
        labels,
      );
    }
  }
}

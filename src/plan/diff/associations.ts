/** Labels, then limits (they need the labels' typeIds), of every pair the manifests or tombstones name. */
import { pairKey } from '../../model/normalize-association.js';
import { canonicalObjectType } from '../../model/object-types.js';
import type { DiffContext } from './diff-context.js';
import { diffLabels } from './labels.js';
import { diffLimits } from './limits.js';

export function diffAssociations(ctx: DiffContext): void {
  const pairs = new Map<string, { from: string; to: string }>();
  for (const pair of ctx.desired.state.associations.values()) {
    const from = canonicalObjectType(pair.from);
    const to = canonicalObjectType(pair.to);
    pairs.set(pairKey(from, to), { from, to });
  }
  for (const tombstone of ctx.desired.tombstones) {
    if (tombstone.kind !== 'label' && tombstone.kind !== 'limit') continue;
    const from = canonicalObjectType(tombstone.from);
    const to = canonicalObjectType(tombstone.to);
    if (!pairs.has(pairKey(from, to))) pairs.set(pairKey(from, to), { from, to });
  }
  for (const [key, { from, to }] of pairs) {
    // the desired map may have been keyed by hand: look the pair up by its canonical key either way
    const desired = ctx.desired.state.associations.get(key);
    const live = ctx.live.associations.get(key);
    const labels = diffLabels(ctx, from, to, desired, live);
    diffLimits(ctx, from, to, desired, live, labels);
  }
}

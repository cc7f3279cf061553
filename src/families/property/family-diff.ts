/**
 * The property family's diff: per object type (in a manifest, in a tombstone, or read live for the
 * unmanaged policy), its properties (diff.ts), then its groups (group-diff.ts), which need to know the
 * properties the plan archives.
 */
import { tombstonesOfKind } from '../../engine/model/desired-state.js';
import { canonicalObjectType } from '../../engine/model/object-types.js';
import type { DiffContext } from '../../engine/plan/diff/diff-context.js';
import { diffProperties } from './diff.js';
import { diffGroups } from './group-diff.js';
import { objectsOf } from './model.js';
import type { GroupTombstone, PropertyTombstone } from './tombstones.js';

export function diffObjectTypes(ctx: DiffContext): void {
  const desired = objectsOf(ctx.desired.state);
  const live = objectsOf(ctx.live);
  const objectTypes = new Set<string>([...desired.keys(), ...live.keys()].map(canonicalObjectType));
  for (const tombstone of [
    ...tombstonesOfKind<PropertyTombstone>(ctx.desired, 'property'),
    ...tombstonesOfKind<GroupTombstone>(ctx.desired, 'group'),
  ])
    objectTypes.add(canonicalObjectType(tombstone.objectType));
  for (const objectType of objectTypes) {
    const desiredSchema = desired.get(objectType);
    const liveSchema = live.get(objectType);
    const archived = diffProperties(ctx, objectType, desiredSchema, liveSchema);
    diffGroups(ctx, objectType, desiredSchema, liveSchema, archived);
  }
}

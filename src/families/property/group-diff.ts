/**
 * Property groups of one object type: create, update, archive (tombstone). Groups are never archived by
 * the `unmanaged` policy (`manage.groups` selects properties, not groups). Archiving a group that would
 * still hold active properties after this plan is an error found here, before any write: the API
 * refuses it (GROUP_WITH_ACTIVE_PROPERTIES). A property naming a group that exists neither in a manifest
 * nor live is an error too. A group outside the policy's manage scope is an error and is left alone
 * (ownership.ts).
 */
import { canonicalObjectType } from '../../engine/model/object-types.js';
import { quoteList } from '../../core/quote-list.js';
import { diffFields } from '../../engine/plan/diff/field-diff.js';
import {
  diagnose,
  tombstoneConflict,
  isActive,
  isBuiltIn,
  tombstonesOf,
  type DiffContext,
} from '../../engine/plan/diff/diff-context.js';
import { groupAddress } from './group-model.js';
import { propertyAddress } from './model.js';
import type { ObjectSchema } from './model.js';
import { ownsGroup } from './ownership.js';
import type { GroupTombstone } from './tombstones.js';

const UPDATABLE_GROUP_FIELDS = ['label', 'displayOrder'] as const;

export function diffGroups(
  ctx: DiffContext,
  objectType: string,
  desired: ObjectSchema | undefined,
  live: ObjectSchema | undefined,
  archivedProperties: ReadonlySet<string>,
): void {
  for (const group of desired?.groups.values() ?? []) {
    if (!ownsGroup(ctx, objectType, group.name)) continue;
    const current = live?.groups.get(group.name);
    if (current === undefined) {
      ctx.changes.push({ type: 'group.create', meta: { objectType, group } });
      continue;
    }
    const fields = diffFields(current, group, UPDATABLE_GROUP_FIELDS);
    if (fields.length > 0)
      ctx.changes.push({ type: 'group.update', meta: { objectType, name: group.name, fields } });
  }

  for (const property of desired?.properties.values() ?? []) {
    if (desired?.groups.has(property.groupName) === true || live?.groups.has(property.groupName) === true)
      continue;
    const address = propertyAddress(objectType, property.name);
    diagnose(ctx, {
      level: 'error',
      code: 'UNKNOWN_GROUP',
      address,
      message: `${address} is in group '${property.groupName}', which no manifest declares and ${objectType} does not have`,
      hint: `Declare the group under groups: in the ${objectType} manifest, or use an existing group.`,
    });
  }

  let membersAfter: Map<string, string[]> | undefined; // computed once, only when a group is archived
  for (const tombstone of tombstonesOf<GroupTombstone>(ctx, 'group').values()) {
    if (canonicalObjectType(tombstone.objectType) !== objectType) continue;
    const address = groupAddress(objectType, tombstone.name);
    if (desired?.groups.has(tombstone.name) === true) {
      tombstoneConflict(ctx, address, tombstone, `${address} is both declared and marked archived`);
      continue;
    }
    const current = live?.groups.get(tombstone.name);
    if (current === undefined || live === undefined) continue;
    if (!ownsGroup(ctx, objectType, tombstone.name, tombstone)) continue;
    membersAfter ??= groupMembersAfterPlan(desired, live, archivedProperties);
    const remaining = membersAfter.get(tombstone.name) ?? [];
    if (remaining.length > 0) {
      diagnose(ctx, {
        level: 'error',
        code: 'GROUP_NOT_EMPTY',
        address,
        source: tombstone.source,
        message: `${address} cannot be archived: it would still hold ${remaining.length} active propert${remaining.length === 1 ? 'y' : 'ies'} (${quoteList(remaining)})`,
        hint: 'Archive those properties or move them to another group in the same plan.',
      });
      continue;
    }
    ctx.changes.push({
      type: 'group.archive',
      meta: { objectType, name: tombstone.name, cause: 'tombstone', group: current },
    });
  }
}

/** Group name -> names of the properties it holds once the plan has run (sorted). */
function groupMembersAfterPlan(
  desired: ObjectSchema | undefined,
  live: ObjectSchema,
  archived: ReadonlySet<string>,
): Map<string, string[]> {
  const members = new Map<string, string[]>();
  const add = (group: string, name: string): void => {
    const list = members.get(group);
    if (list === undefined) members.set(group, [name]);
    else list.push(name);
  };
  // a declared custom property ends up in its declared group; anything else stays where it is live
  const movesToDeclaredGroup = (name: string): boolean =>
    desired?.properties.has(name) === true && !isBuiltIn(live.propertyFlags.get(name));
  for (const property of live.properties.values()) {
    if (!isActive(live.propertyFlags.get(property.name)) || archived.has(property.name)) continue;
    if (!movesToDeclaredGroup(property.name)) add(property.groupName, property.name);
  }
  for (const property of desired?.properties.values() ?? []) {
    if (movesToDeclaredGroup(property.name) || !live.properties.has(property.name)) {
      add(property.groupName, property.name);
    }
  }
  for (const list of members.values()) list.sort();
  return members;
}

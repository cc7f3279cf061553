/**
 * The property family's ownership scope (when the policy has a `manage` scope, every resource a manifest
 * names must lie inside it, plan/diff/ownership.ts):
 *
 * - a live property: by its name or its live group; the declared group does not count (a manifest must not
 *   take a property by moving it into a managed group);
 * - a property the account lacks: by its name or its declared group; an archived one (restored by the
 *   plan): by its name or the group it was archived in;
 * - the old name of a rename, a tombstone: the live property, by its name or its live group;
 * - a group, declared or tombstoned: listed in `manage.groups`, or by its name.
 */
import type { SourceLocation } from '../../core/source/source-location.js';
import { hasManageScope } from '../../engine/model/policy.js';
import { isActive, isBuiltIn, type DiffContext } from '../../engine/plan/diff/diff-context.js';
import { NO_PREFIX, OUTSIDE, outside } from '../../engine/plan/diff/ownership.js';
import { groupAddress } from './group-model.js';
import { propertyIntents } from './intents.js';
import { objectTypeScope, type ObjectTypeScope } from './manage-scope.js';
import { propertyAddress, type NormalizedProperty, type ObjectSchema } from './model.js';

/** The scope questions of one object type, made once per diff (a diff asks them for every property). */
const scopes = new WeakMap<DiffContext, Map<string, ObjectTypeScope>>();

function scopeOf(ctx: DiffContext, objectType: string): ObjectTypeScope {
  let byType = scopes.get(ctx);
  if (byType === undefined) {
    byType = new Map();
    scopes.set(ctx, byType);
  }
  let scope = byType.get(objectType);
  if (scope === undefined) {
    scope = objectTypeScope(ctx.policy, objectType);
    byType.set(objectType, scope);
  }
  return scope;
}

/** A property a manifest declares (and the property it is renamed from): whether the diff may go on with it. */
export function ownsDeclaredProperty(
  ctx: DiffContext,
  objectType: string,
  property: NormalizedProperty,
  live: ObjectSchema | undefined,
): boolean {
  if (!hasManageScope(ctx.policy)) return true;
  const declared = declaredInScope(ctx, objectType, property, live);
  const renamed = renameSourceInScope(ctx, objectType, property, live);
  return declared && renamed;
}

/** Live: by its live group; archived (a restore): by the group it was archived in; new: by its declared group. */
function declaredInScope(
  ctx: DiffContext,
  objectType: string,
  property: NormalizedProperty,
  live: ObjectSchema | undefined,
): boolean {
  const flags = live?.propertyFlags.get(property.name);
  if (isBuiltIn(flags)) return true;
  const scope = scopeOf(ctx, objectType);
  const current = live?.properties.get(property.name);
  const group = current?.groupName ?? property.groupName;
  if (scope.property(property.name, group) !== undefined) return true;
  const why =
    current === undefined
      ? `it is new, its group '${group}' is not managed and ${NO_PREFIX}`
      : !isActive(flags)
        ? `it is archived in group '${group}', which is not managed, and ${NO_PREFIX} (declaring it restores it)`
        : scope.property(property.name, property.groupName) !== undefined
          ? `the manifest moves it into the managed group '${property.groupName}', but its live group '${group}' is not managed and ${NO_PREFIX}: a manifest cannot take a property by moving it`
          : `its live group '${group}' is not managed and ${NO_PREFIX}`;
  const address = propertyAddress(objectType, property.name);
  outside(
    ctx,
    address,
    undefined,
    `${address} is ${OUTSIDE}: ${why}`,
    adoptProperty(objectType, property.name, group),
  );
  return false;
}

/** The old name of a rename: the live property it copies from and archives. */
function renameSourceInScope(
  ctx: DiffContext,
  objectType: string,
  property: NormalizedProperty,
  live: ObjectSchema | undefined,
): boolean {
  const address = propertyAddress(objectType, property.name);
  const from = propertyIntents(ctx.desired).renames.get(address);
  const old = from === undefined ? undefined : live?.properties.get(from);
  if (from === undefined || old === undefined) return true;
  const flags = live?.propertyFlags.get(from);
  // a built-in source is refused by the rename itself; an archived one is no rename
  if (isBuiltIn(flags) || !isActive(flags)) return true;
  if (scopeOf(ctx, objectType).property(from, old.groupName) !== undefined) return true;
  outside(
    ctx,
    address,
    undefined,
    `${address} is renamed from ${propertyAddress(objectType, from)}, which is ${OUTSIDE}: its live group '${old.groupName}' is not managed and ${NO_PREFIX}`,
    adoptProperty(objectType, from, old.groupName, 'remove renamedFrom'),
  );
  return false;
}

/** A tombstone of a live custom property. */
export function ownsPropertyTombstone(
  ctx: DiffContext,
  objectType: string,
  current: NormalizedProperty,
  source: SourceLocation | undefined,
): boolean {
  if (!hasManageScope(ctx.policy)) return true;
  if (scopeOf(ctx, objectType).property(current.name, current.groupName) !== undefined) return true;
  const address = propertyAddress(objectType, current.name);
  outside(
    ctx,
    address,
    source,
    `${address} is marked archived, but it is ${OUTSIDE}: its live group '${current.groupName}' is not managed and ${NO_PREFIX}`,
    adoptProperty(objectType, current.name, current.groupName, 'remove the tombstone'),
  );
  return false;
}

/** A group a manifest declares, or a tombstone of a live group. */
export function ownsGroup(
  ctx: DiffContext,
  objectType: string,
  name: string,
  tombstone?: { source?: SourceLocation | undefined },
): boolean {
  if (!hasManageScope(ctx.policy)) return true;
  if (scopeOf(ctx, objectType).group(name) !== undefined) return true;
  const address = groupAddress(objectType, name);
  const what = tombstone === undefined ? `${address} is` : `${address} is marked archived, but it is`;
  outside(
    ctx,
    address,
    tombstone?.source,
    `${what} ${OUTSIDE}: manage.groups does not list it and ${NO_PREFIX}`,
    `To adopt it on purpose, add ${objectType}.${name} to policy.manage.groups; otherwise ${tombstone === undefined ? 'remove it from the manifest' : 'remove the tombstone'}.`,
  );
  return false;
}

/** `add deals.finance_cost_center to policy.manage.prefixes (or deals.dealinformation to ...)` */
function adoptProperty(
  objectType: string,
  name: string,
  group: string,
  otherwise = 'remove it from the manifest',
): string {
  return (
    `To adopt it on purpose, add ${objectType}.${name} to policy.manage.prefixes, or ${objectType}.${group} ` +
    `to policy.manage.groups to adopt every property of that group; otherwise ${otherwise}.`
  );
}

/**
 * The event family's ownership scope (when the policy has a `manage` scope, every resource a manifest
 * names must lie inside it, plan/diff/ownership.ts):
 *
 * - an event definition the plan creates: listed in `manage.events`, or by its name;
 * - an event property, declared or tombstoned: by its name or its event definition.
 */
import type { SourceLocation } from '../../core/source/source-location.js';
import { hasManageScope } from '../../engine/model/policy.js';
import type { DiffContext } from '../../engine/plan/diff/diff-context.js';
import { NO_PREFIX, OUTSIDE, outside } from '../../engine/plan/diff/ownership.js';
import { eventScope } from './manage-scope.js';
import { eventDefinitionAddress, eventPropertyAddress } from './model.js';

/** An event definition the plan would create. */
export function ownsEventDefinition(ctx: DiffContext, eventName: string): boolean {
  if (!hasManageScope(ctx.policy)) return true;
  if (eventScope(ctx.policy).definition(eventName) !== undefined) return true;
  const address = eventDefinitionAddress(eventName);
  outside(
    ctx,
    address,
    undefined,
    `${address} is ${OUTSIDE}, so the plan may not create it: manage.events does not list it and ${NO_PREFIX}`,
    `To adopt it on purpose, add ${eventName} to policy.manage.events; otherwise remove its manifest.`,
  );
  return false;
}

/** An event property a manifest declares, or a tombstone of a live one. */
export function ownsEventProperty(
  ctx: DiffContext,
  eventName: string,
  name: string,
  tombstone?: { source?: SourceLocation | undefined },
): boolean {
  if (!hasManageScope(ctx.policy)) return true;
  if (eventScope(ctx.policy).property(eventName, name) !== undefined) return true;
  const address = eventPropertyAddress(eventName, name);
  const what = tombstone === undefined ? `${address} is` : `${address} is marked deleted, but it is`;
  outside(
    ctx,
    address,
    tombstone?.source,
    `${what} ${OUTSIDE}: ${NO_PREFIX} and manage.events does not list its event definition '${eventName}'`,
    `To adopt it on purpose, add ${eventName} to policy.manage.events (the event definition with all its properties); otherwise ${tombstone === undefined ? 'remove it from the manifest' : 'remove the tombstone'}.`,
  );
  return false;
}

/**
 * The ownership scope: when the target's policy has a `manage` scope (any entry), every resource a
 * manifest names must lie inside it (each family says what lies inside for its resources). A resource
 * outside it is an error at its manifest entry (OUTSIDE_MANAGE_SCOPE), saying why and which entry adopts
 * it on purpose, and the diff leaves the resource alone: the plan cannot be applied, so nothing is
 * written.
 *
 * Built-in resources are never changed (the diff warns about them instead), and a tombstone of something
 * already gone does nothing, so neither is checked.
 */
import type { SourceLocation } from '../../../core/source/source-location.js';
import { families } from '../../installed.js';
import { hasManageScope, type ScopePolicy } from '../../model/policy.js';
import type { PlanDiagnostic } from '../diagnostics.js';
import { diagnose, type DiffContext } from './diff-context.js';

export const OUTSIDE = "outside the policy's manage scope";
export const NO_PREFIX = 'its name matches no manage prefix';

/**
 * The one warning of a plan whose policy has no manage scope (undefined when it has one): said once per
 * plan, not per resource, since every resource is then in the same position.
 */
export function unscopedWarning(policy: ScopePolicy): PlanDiagnostic | undefined {
  if (hasManageScope(policy)) return undefined;
  const installed = families();
  const keys = installed.flatMap((family) => (family.manage ?? []).map((key) => key.key));
  return {
    level: 'warning',
    code: 'NO_MANAGE_SCOPE',
    message: `The policy has no manage scope: this project may change every resource its manifests name (${installed.map((family) => family.description).join('; ')}), including other teams'.`,
    hint: `Add policy.manage to crm-schema.yaml with what the project owns (${keys.join(', ')}); a manifest naming anything outside it is then refused.`,
  };
}

/** The error of a resource outside the scope, at its manifest entry. */
export function outside(
  ctx: DiffContext,
  address: string,
  source: SourceLocation | undefined,
  message: string,
  hint: string,
): void {
  diagnose(ctx, {
    level: 'error',
    code: 'OUTSIDE_MANAGE_SCOPE',
    address,
    source,
    message,
    hint,
  });
}

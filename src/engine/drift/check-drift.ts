/**
 * The drift check: the plan of the pipeline (the same live read and diff as `plan`), read as drift.
 *
 * It plans with the policy's `unmanaged` set to `archive`, so that the live read lists every object type
 * `manage` names in full and the planner turns each unmanaged resource into a change that carries the
 * live resource; `classifyDrift` then keeps those the project's own policy counts. No record is counted
 * (no data check): drift reports differences, not their cost.
 *
 * With a baseline (the manifests as last deployed), the live account is read once for both sets of
 * manifests, and each is diffed against it: a difference the baseline does not share is a change merged
 * but not yet deployed, not an outside edit.
 */
import type { CrmClient } from '../../api/client.js';
import type { DesiredState } from '../model/desired-state.js';
import { diff } from '../plan/diff/diff.js';
import { computePlan } from '../pipeline/compute-plan.js';
import type { Baseline } from './baseline.js';
import { classifyDrift, resourceKey } from './classify.js';
import type { DriftDocument } from './drift-report.js';
import type { ScopePolicy } from '../model/policy.js';
import type { PlanTarget } from '../model/plan-target.js';
import { defined } from '../../core/defined.js';

export interface DriftCheck {
  report: DriftDocument;
  /** the number of planner errors (the check then exits 1) */
  errors: number;
}

/** The policy drift plans with: the project's scope, every unmanaged resource in it turned into a change. */
export function driftPolicy(policy: ScopePolicy): ScopePolicy {
  return { ...policy, unmanaged: 'archive' };
}

export interface DriftOptions {
  policy: ScopePolicy;
  target?: PlanTarget;
  baseline?: Baseline;
}

export async function checkDrift(
  client: CrmClient,
  desired: DesiredState,
  options: DriftOptions,
): Promise<DriftCheck> {
  const policy = driftPolicy(options.policy);
  const { plan, live } = await computePlan(client, desired, {
    policy,
    dataCheck: false,
    alsoRead: options.baseline === undefined ? [] : [options.baseline.desired],
  });
  const baselineDiffers =
    options.baseline === undefined
      ? undefined
      : new Set(
          diff(options.baseline.desired, live, { policy }).changes.map((change) => resourceKey(change)),
        );
  const report = classifyDrift(options.target === undefined ? plan : { ...plan, target: options.target }, {
    policy: options.policy,
    live,
    ...defined({ baselineDiffers }),
  });
  if (options.baseline !== undefined)
    report.baseline = { ref: options.baseline.ref, commit: options.baseline.commit };
  return { report, errors: report.diagnostics.filter((d) => d.level === 'error').length };
}

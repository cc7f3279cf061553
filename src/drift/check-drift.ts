/**
 * The drift check: the same live read and diff as `plan` (src/cli/compute-plan.ts), read as drift.
 *
 * It plans with the policy's `unmanaged` set to `archive`, so that the live read lists every object type
 * `manage` names in full and the planner turns each unmanaged resource into a change that carries the
 * live resource; `classifyDrift` then keeps those the project's own policy counts. No record is counted
 * (no data check): drift reports differences, not their cost.
 */
import type { CrmClient } from '../api/client.js';
import { computePlan } from '../cli/compute-plan.js';
import type { DesiredState, PlanPolicy } from '../plan/desired.js';
import { classifyDrift } from './classify.js';
import type { DriftDocument } from './drift-report.js';

export interface DriftCheck {
  report: DriftDocument;
  /** the number of planner errors (the check then exits 1) */
  errors: number;
}

/** The policy drift plans with: the project's scope, every unmanaged resource in it turned into a change. */
export function driftPolicy(policy: PlanPolicy): PlanPolicy {
  return { ...policy, unmanaged: 'archive' };
}

export async function checkDrift(
  client: CrmClient,
  desired: DesiredState,
  options: { policy: PlanPolicy; target?: { baseUrl: string; environment?: string } },
): Promise<DriftCheck> {
  const { plan } = await computePlan(client, desired, {
    policy: driftPolicy(options.policy),
    dataCheck: false,
  });
  const report = classifyDrift(options.target === undefined ? plan : { ...plan, target: options.target }, {
    policy: options.policy,
  });
  return { report, errors: report.diagnostics.filter((d) => d.level === 'error').length };
}

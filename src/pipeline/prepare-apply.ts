/**
 * What apply will send, decided before the first write. Without a saved plan: the plan made now. With
 * one: the plan is made again from the manifests and the live account with apply's own allowances and
 * data check, which must be those it was saved with (`savedSettings`), and the saved plan is applied
 * only when both agree (what a half-finished run already did is found done); a plan with errors is never
 * applied. A rollback's saved plan is made again the same way, from the apply record it carries.
 */
import type { CrmClient } from '../api/client.js';
import type { DesiredState } from '../model/desired-state.js';
import type { PlanDocument } from '../plan/plan-document.js';
import {
  computePlan,
  type ComputedPlan,
  type ComputePlanOptions,
  type DesiredFromLive,
} from './compute-plan.js';
import { planErrors } from './plan-errors.js';
import { verifySavedPlan } from './verify-saved.js';

export interface ApplyInput {
  computed: ComputedPlan;
  /** the changes to apply: the saved plan's once verified, else the plan just made */
  plan: Pick<PlanDocument, 'changes'>;
  /** change id -> why it is already done (a run before this one applied it) */
  alreadyDone: Map<string, string>;
  /** label address -> typeId, learned for changes that refer to labels created earlier */
  typeIds: Map<string, number>;
}

export async function prepareApply(
  client: CrmClient,
  desired: DesiredState | DesiredFromLive,
  options: ComputePlanOptions,
  saved?: PlanDocument,
): Promise<ApplyInput> {
  const computed = await computePlan(client, desired, options);
  if (saved === undefined) {
    return { computed, plan: computed.plan, alreadyDone: new Map(), typeIds: new Map() };
  }
  if (computed.plan.summary.errors > 0) throw planErrors(computed.plan, { command: 'apply', unseen: true });
  const verified = await verifySavedPlan(client, saved, computed.plan, computed.live);
  return {
    computed,
    plan: { changes: verified.changes },
    alreadyDone: verified.alreadyDone,
    typeIds: verified.typeIds,
  };
}

/**
 * What apply will send, decided before the first write. Without a saved plan: the plan made now. With
 * one: the plan is made again from the manifests and the live account with apply's own allowances and
 * data check, which must be those it was saved with (`savedSettings`), and the saved plan is applied
 * only when both agree (what a half-finished run already did is found done); a plan with errors is never
 * applied. A rollback's saved plan is made again the same way, from the apply record it carries.
 */
import type { CrmClient } from '../../api/client.js';
import type { DesiredState } from '../model/desired-state.js';
import { CrmSchemaError } from '../../core/errors.js';
import type { PlanDocument, PlannedChange } from '../plan/plan-document.js';
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
  /** the changes planned now of the kinds of resources the saved plan could not read (shown before they go) */
  plannedNow: PlannedChange[];
}

export async function prepareApply(
  client: CrmClient,
  desired: DesiredState | DesiredFromLive,
  options: ComputePlanOptions,
  saved?: PlanDocument,
): Promise<ApplyInput> {
  const computed = await computePlan(client, desired, options);
  // apply never sends what it could not read: its token must read every kind of resource the plan names
  if ((computed.plan.notRead ?? []).length > 0) throw notReadByApply(computed.plan);
  if (saved === undefined) {
    return { computed, plan: computed.plan, alreadyDone: new Map(), typeIds: new Map(), plannedNow: [] };
  }
  if (computed.plan.summary.errors > 0) throw planErrors(computed.plan, { command: 'apply', unseen: true });
  const verified = await verifySavedPlan(client, saved, computed.plan, computed.live);
  return {
    computed,
    plan: { changes: verified.changes },
    alreadyDone: verified.alreadyDone,
    typeIds: verified.typeIds,
    plannedNow: verified.plannedNow,
  };
}

function notReadByApply(plan: PlanDocument): CrmSchemaError {
  const names = plan.diagnostics.filter((d) => d.code === 'EVENTS_NOT_READ').map((d) => d.address ?? '');
  return new CrmSchemaError(
    'EVENTS_NOT_READ',
    `apply cannot read the event definitions the manifests name (${names.slice(0, 3).join(', ')}${names.length > 3 ? ', ...' : ''}): the token lacks the event scope. Nothing was changed.`,
    {
      hint: 'Give the deploy token the scope of event definitions (behavioral_events.event_definitions.read_write): apply plans and applies them with it.',
    },
  );
}

/**
 * The one way a plan is computed: desired state + live account -> plan. Read the live state the desired
 * state and the policy put in scope (plus what `alsoRead` puts in scope), diff (with the one warning of a
 * policy without a manage scope), count the records that changes touch (the data check), then classify,
 * order and build the plan document. `plan`, `apply` (and
 * the verification of a saved plan) and `drift` all plan through here.
 */
import type { CrmClient } from '../api/client.js';
import { runDataCheck } from '../live/data-check.js';
import { readLiveState } from '../live/read-live.js';
import { mergeScope, scopeFromDesired, type LiveScope } from '../live/scope.js';
import type { SchemaState } from '../model/schema-model.js';
import { dataCheckTargets } from '../plan/data-check.js';
import type { DesiredState } from '../model/desired-state.js';
import { diff, sortDiagnostics } from '../plan/diff/diff.js';
import { unscopedWarning } from '../plan/diff/ownership.js';
import type { PlanDocument } from '../plan/plan-document.js';
import { buildPlan, type DecisionContext } from '../plan/plan.js';
import type { PlanRuleContext } from '../plan/rules/rule-types.js';
import type { RecordValuesPolicy, ScopePolicy } from '../model/policy.js';
import { liveProperty } from '../model/schema-lookup.js';

export interface ComputePlanOptions extends DecisionContext {
  policy: ScopePolicy;
  /** count the records (and record associations) removals touch; default true */
  dataCheck?: boolean;
  /** calls the data check may make (`--data-check-budget`) */
  dataCheckBudget?: number;
  /** more desired states whose resources the live read covers too (drift's baseline) */
  alsoRead?: readonly DesiredState[];
  /** whether plans may quote record values (the target's `recordValues`); default: no */
  recordValues?: RecordValuesPolicy;
}

export interface ComputedPlan {
  plan: PlanDocument;
  live: SchemaState;
  scope: LiveScope;
  /** calls made by the data check */
  searches: number;
}

export async function computePlan(
  client: CrmClient,
  desired: DesiredState,
  options: ComputePlanOptions,
): Promise<ComputedPlan> {
  const scope = scopeFromDesired(desired, options.policy);
  for (const other of options.alsoRead ?? []) mergeScope(scope, scopeFromDesired(other, options.policy));
  const live = await readLiveState(client, scope);
  const result = diff(desired, live, { policy: options.policy });
  const unscoped = unscopedWarning(options.policy);
  if (unscoped !== undefined) result.diagnostics = sortDiagnostics([...result.diagnostics, unscoped]);
  const ctx: PlanRuleContext = {};
  let searches = 0;
  if (options.dataCheck !== false) {
    const targets = dataCheckTargets(result.changes, {
      show: options.recordValues === 'show',
      // a property the account marks sensitive (or highly sensitive) is never quoted
      sensitive: (objectType, name) =>
        (liveProperty(live, objectType, name)?.dataSensitivity ?? 'non_sensitive') !== 'non_sensitive',
    });
    if (targets.length > 0) {
      const check = await runDataCheck(client, targets, { budget: options.dataCheckBudget });
      ctx.counts = check.counts;
      result.diagnostics.push(...check.diagnostics);
      searches = check.calls;
    }
  }
  return {
    plan: buildPlan(result, live, {
      ...ctx,
      gate: options.gate,
      allowances: options.allowances,
      // the requests go on the paths of the version the client speaks
      apiVersion: client.apiVersion,
    }),
    live,
    scope,
    searches,
  };
}

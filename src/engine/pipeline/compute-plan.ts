/**
 * The one way a plan is computed: desired state + live account -> plan. Read the live state the desired
 * state and the policy put in scope (plus what `alsoRead` puts in scope), diff (with the one warning of a
 * policy without a manage scope, or of one without labels when the manifests name labels), count the records that changes touch (the data check), then classify,
 * order and build the plan document. `plan`, `apply` (and
 * the verification of a saved plan) and `drift` all plan through here.
 */
import type { CrmClient } from '../../api/client.js';
import { runDataCheck } from '../live/data-check.js';
import { readLiveState } from '../live/read-live.js';
import { mergeScope, scopeFromDesired, type LiveScope } from '../live/scope.js';
import type { SchemaState } from '../model/schema-model.js';
import { dataCheckTargets } from '../plan/data-check.js';
import type { DesiredState } from '../model/desired-state.js';
import { diff, sortDiagnostics } from '../plan/diff/diff.js';
import { families } from '../installed.js';
import { fieldSensitivity, NON_SENSITIVE } from '../record-fields.js';
import { unscopedWarning } from '../plan/diff/ownership.js';
import type { PlanDocument } from '../plan/plan-document.js';
import { buildPlan, type DecisionContext } from '../plan/plan.js';
import type { PlanRuleContext } from '../plan/rules/rule-types.js';
import type { SampleValues } from '../plan/data-counts.js';
import type { RecordValuesPolicy, ScopePolicy } from '../model/policy.js';
import type { Change } from '../plan/change-types.js';
import type { PlanDiagnostic } from '../plan/diagnostics.js';

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

/**
 * A desired state made from the live state (a rollback's: each resource back to what an apply record says
 * it was, where the account still holds what that apply left): `reads` is what the live read covers,
 * `from` makes the desired state once the live state is known, with its own diagnostics and an `adjust`
 * of the diff's changes.
 */
export interface DesiredFromLive {
  reads: DesiredState;
  from(live: SchemaState): {
    desired: DesiredState;
    diagnostics: PlanDiagnostic[];
    adjust(changes: readonly Change[]): Change[];
  };
}

export interface ComputedPlan {
  plan: PlanDocument;
  /** the desired state the plan was made for (a rollback's is made from the live state) */
  desired: DesiredState;
  live: SchemaState;
  scope: LiveScope;
  /** calls made by the data check */
  searches: number;
}

export async function computePlan(
  client: CrmClient,
  source: DesiredState | DesiredFromLive,
  options: ComputePlanOptions,
): Promise<ComputedPlan> {
  const fromLive = 'reads' in source ? source : undefined;
  const scope = scopeFromDesired(fromLive?.reads ?? (source as DesiredState), options.policy);
  for (const other of options.alsoRead ?? []) mergeScope(scope, scopeFromDesired(other, options.policy));
  const live = await readLiveState(client, scope);
  const made = fromLive?.from(live);
  const desired = made?.desired ?? (source as DesiredState);
  const result = diff(desired, live, { policy: options.policy });
  if (made !== undefined) {
    result.changes = made.adjust(result.changes);
    result.diagnostics = sortDiagnostics([...made.diagnostics, ...result.diagnostics]);
  }
  const unscoped =
    made === undefined
      ? [
          unscopedWarning(options.policy),
          ...families().flatMap((family) => family.planWarnings?.(options.policy, desired) ?? []),
        ].filter((d): d is PlanDiagnostic => d !== undefined)
      : [];
  if (unscoped.length > 0) result.diagnostics = sortDiagnostics([...result.diagnostics, ...unscoped]);
  const ctx: PlanRuleContext = {};
  let searches = 0;
  const quote: SampleValues = {
    show: options.recordValues === 'show',
    // a property the account marks sensitive (or highly sensitive) is never quoted
    sensitive: (objectType, name) =>
      (fieldSensitivity(live, objectType, name) ?? NON_SENSITIVE) !== NON_SENSITIVE,
  };
  if (options.dataCheck !== false) {
    const targets = dataCheckTargets(result.changes, quote);
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
      quote,
      // the requests go on the paths of the version the client speaks
      apiVersion: client.apiVersion,
    }),
    desired,
    live,
    scope,
    searches,
  };
}

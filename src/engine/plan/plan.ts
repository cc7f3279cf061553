/**
 * The planner, end to end and pure: diff -> severity rules -> dependencies -> order -> the plan
 * document (requests, fingerprints, summary). The plan command may run the steps itself to fetch record
 * counts in between: `diff`, then `dataCheckTargets(result.changes)`, then `buildPlan` with the counts.
 */
import { must } from '../../core/must.js';
import type { SchemaState } from '../model/schema-model.js';
import { type DesiredState } from '../model/desired-state.js';
import type { PlanDiagnostic } from './diagnostics.js';
import { computeDependencies } from './dependencies.js';
import { diff, type DiffResult } from './diff/diff.js';
import { fingerprintFor } from './fingerprint.js';
import {
  actionOf,
  addressOf,
  cycleAllowed,
  idOf,
  messageOf,
  phaseOf,
  requestsFor,
} from './kinds/registry.js';
import { orderChanges } from './order.js';
import { DEFAULT_GATE, decideAll, type Allowances } from './policy-decision.js';
import {
  PLAN_FORMAT_VERSION,
  summarizePlan,
  type PlanDocument,
  type PlannedChange,
} from './plan-document.js';
import { classify, type ClassifiedChange, type PlanRuleContext } from './classify.js';
import { DEFAULT_POLICY, type ScopePolicy } from '../model/policy.js';
import { notReadOf } from './not-read.js';
import type { GatePolicy } from '../model/policy.js';
import { defined } from '../../core/defined.js';
import { DEFAULT_API_VERSION, type ApiVersion } from '../../wire/api-version.js';
import type { SampleValues } from './data-counts.js';
import { reversalOf } from './reversibility.js';

/** What decides each change's fate: the target's policy and the command-line allowances. */
export interface DecisionContext {
  gate?: GatePolicy;
  allowances?: Allowances;
  /** the API version whose paths the requests use (default: legacy) */
  apiVersion?: ApiVersion;
  /**
   * the target's policy on record values, which says what an apply record keeps of them (and so what a
   * rollback can put back); default: none kept
   */
  quote?: SampleValues;
}

export interface PlanOptions extends PlanRuleContext, DecisionContext {
  policy?: ScopePolicy;
}

export function plan(desired: DesiredState, live: SchemaState, options: PlanOptions = {}): PlanDocument {
  const result = diff(desired, live, { policy: options.policy ?? DEFAULT_POLICY });
  return buildPlan(result, live, options);
}

export function buildPlan(
  result: DiffResult,
  live: SchemaState,
  ctx: PlanRuleContext & DecisionContext = {},
): PlanDocument {
  const classified = classify(result.changes, ctx);
  const dependsOn = computeDependencies(classified);
  const { ordered, cycles } = orderChanges(classified, dependsOn);
  const apiVersion = ctx.apiVersion ?? DEFAULT_API_VERSION;
  const annotated = ordered.map((change) => ({
    ...annotate(change, live, dependsOn, apiVersion),
    reversal: reversalOf(change, { ...defined({ counts: ctx.counts, quote: ctx.quote }) }),
  }));
  const decisions = decideAll(
    annotated.map((change, i) => ({ ...change, ...defined({ blocked: ordered[i]?.blocked }) })),
    ctx.gate ?? DEFAULT_GATE,
    ctx.allowances,
  );
  const changes = annotated.map((change) => ({
    ...change,
    policy: must(decisions.get(change.id), 'the decision on a change'),
  }));
  // changes whose kind allows it (archives of properties whose live formulas use each other) are only
  // ordered, never an error
  const errors = cycles.filter((cycle) => !cycle.every(cycleAllowed));
  const diagnostics: PlanDiagnostic[] = [...errors.map(cycleDiagnostic), ...result.diagnostics];
  return {
    formatVersion: PLAN_FORMAT_VERSION,
    apiVersion,
    ...notReadOf(live),
    changes,
    diagnostics,
    summary: summarizePlan(changes, diagnostics),
  };
}

function annotate(
  change: ClassifiedChange,
  live: SchemaState,
  dependsOn: ReadonlyMap<string, string[]>,
  apiVersion: ApiVersion,
): Omit<PlannedChange, 'policy' | 'reversal'> {
  const id = idOf(change);
  const planned = {
    type: change.type,
    meta: change.meta,
    id,
    address: addressOf(change),
    action: actionOf(change),
    message: messageOf(change),
    severity: change.severity,
    reason: change.reason,
    ...defined({ affected: change.affected }),
    phase: phaseOf(change),
    dependsOn: dependsOn.get(id) ?? [],
    requests: requestsFor(change, apiVersion),
    fingerprint: fingerprintFor(change, live),
  };
  return planned;
}

function cycleDiagnostic(cycle: readonly string[]): PlanDiagnostic {
  const addresses = cycle.map((id) => id.slice(id.indexOf(' ') + 1));
  return {
    level: 'error',
    code: 'DEPENDENCY_CYCLE',
    address: addresses[0],
    message: `Calculated properties use each other in a cycle: ${addresses.join(' -> ')}`,
    hint: 'Change one of the formulas so that they no longer depend on each other.',
  };
}

/**
 * The plan document: what `plan --json` prints and `plan --out` saves, described by
 * `schemas/plan.schema.json`. Every value is JSON-able; the derived values it stores (address, message,
 * phase, requests) equal what the registry derives from `type` and `meta`, so a plan read back renders
 * exactly like the one written (`checkPlanConsistency`). The plan command adds `tool`, `target` and
 * `manifestDigest`.
 */
import { CrmSchemaError } from '../core/errors.js';
import type { Change } from './change-types.js';
import { canonicalJson } from './canonical-json.js';
import type { Affected } from './data-counts.js';
import type { PlanDiagnostic } from './diagnostics.js';
import type { ChangeAction } from './kinds/change-kind.js';
import { actionOf, addressOf, idOf, messageOf, phaseOf, requestsFor } from './kinds/registry.js';
import type { Phase } from './phases.js';
import type { PlanTarget } from './plan-target.js';
import type { PolicyDecision } from './policy-decision.js';
import type { WriteRequest } from '../api/writes.js';
import type { Severity } from './severity.js';

export const PLAN_FORMAT_VERSION = 2;

/** What a plan stores with a change's data: everything apply and the renderers need. */
export interface PlannedFields {
  /** `<type> <address>`, unique in the plan; what `dependsOn` lists */
  id: string;
  address: string;
  action: ChangeAction;
  message: string;
  severity: Severity;
  reason: string;
  /** the records (or record associations) the change touches, from the data check */
  affected?: Affected;
  /** what the target's policy does with it: apply, or refuse (and how to allow it) */
  policy: PolicyDecision;
  phase: Phase;
  dependsOn: string[];
  requests: WriteRequest[];
  /** digest of the live resource the change was computed from, or `absent` */
  fingerprint: string;
}

/** A change as the plan stores it: the data plus everything apply and the renderers need. */
export type PlannedChange = Change & PlannedFields;

export interface PlanSummary {
  changes: number;
  create: number;
  update: number;
  replace: number;
  remove: number;
  safe: number;
  dangerous: number;
  destructive: number;
  /** changes the target's policy refuses (apply writes nothing while any is left, unless --skip-refused) */
  refused: number;
  errors: number;
  warnings: number;
}

/** How a plan was made; apply makes the plan again with the same settings to verify a saved one. */
export interface PlanSettings {
  /** `--allow-destructive` */
  allowDestructive: boolean;
  /** `--allow-dangerous` */
  allowDangerous: boolean;
  /** whether the data check ran (`--no-data-check` turns it off) */
  dataCheck: boolean;
  /** `--data-check-budget` */
  dataCheckBudget: number;
}

export interface PlanDocument {
  formatVersion: typeof PLAN_FORMAT_VERSION;
  tool?: { name: string; version: string };
  target?: PlanTarget;
  manifestDigest?: string;
  settings?: PlanSettings;
  changes: PlannedChange[];
  diagnostics: PlanDiagnostic[];
  summary: PlanSummary;
}

export function summarizePlan(
  changes: readonly PlannedChange[],
  diagnostics: readonly PlanDiagnostic[],
): PlanSummary {
  const summary: PlanSummary = {
    changes: changes.length,
    create: 0,
    update: 0,
    replace: 0,
    remove: 0,
    safe: 0,
    dangerous: 0,
    destructive: 0,
    refused: 0,
    errors: 0,
    warnings: 0,
  };
  for (const change of changes) {
    summary[change.action] += 1;
    summary[change.severity] += 1;
    if (change.policy.decision === 'refuse') summary.refused += 1;
  }
  for (const d of diagnostics) {
    if (d.level === 'error') summary.errors += 1;
    if (d.level === 'warning') summary.warnings += 1;
  }
  return summary;
}

/** The change data alone (`type`, `meta`) of a planned change. */
export function changeOf(planned: PlannedChange): Change {
  return { type: planned.type, meta: planned.meta } as Change;
}

/**
 * The changes of a plan whose stored derived values differ from what their `type` and `meta` give:
 * an edited or corrupt plan file. Empty for every plan the planner wrote.
 */
export function checkPlanConsistency(plan: PlanDocument): string[] {
  const problems: string[] = [];
  for (const planned of plan.changes) {
    const change = changeOf(planned);
    const derived = {
      id: idOf(change),
      address: addressOf(change),
      action: actionOf(change),
      message: messageOf(change),
      phase: phaseOf(change),
      requests: requestsFor(change),
    };
    for (const [key, value] of Object.entries(derived)) {
      if (canonicalJson(value) !== canonicalJson(planned[key as keyof typeof derived])) {
        problems.push(`${planned.id}: ${key} does not match its type and meta`);
      }
    }
  }
  return problems;
}

/** Reads a plan document from parsed JSON; refuses other format versions. Shape checks: schemas/plan.schema.json. */
export function readPlanDocument(value: unknown): PlanDocument {
  const version = (value as { formatVersion?: unknown } | null)?.formatVersion;
  if (version !== PLAN_FORMAT_VERSION) {
    throw new CrmSchemaError(
      'PLAN_FORMAT_VERSION',
      `This plan has format version ${JSON.stringify(version ?? null)}; this crm-schema reads version ${PLAN_FORMAT_VERSION}.`,
      { hint: 'Make the plan again with this version of crm-schema.' },
    );
  }
  const plan = value as PlanDocument;
  const problems = checkPlanConsistency(plan);
  if (problems.length > 0) {
    throw new CrmSchemaError(
      'PLAN_INCONSISTENT',
      `The plan file was changed after it was made: ${problems[0]}.`,
      {
        hint: 'Make the plan again; a saved plan must not be edited.',
        meta: { problems },
      },
    );
  }
  return plan;
}

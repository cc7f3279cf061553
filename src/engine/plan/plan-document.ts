/**
 * The plan document: what `plan --json` prints and `plan --out` saves, described by
 * `schemas/plan.schema.json`. Every value is JSON-able; the derived values it stores (address, message,
 * phase, requests) equal what the registry derives from `type` and `meta`, so a plan read back renders
 * exactly like the one written (`checkPlanConsistency`). The plan command adds `tool`, `target` and
 * `manifestDigest`. Its shape is declared once, in plan-document-shape.ts.
 */
import { CrmSchemaError } from '../../core/errors.js';
import { DEFAULT_API_VERSION } from '../../wire/api-version.js';
import type { Change } from './change-types.js';
import { canonicalJson } from './canonical-json.js';
import type { PlanDiagnostic } from './diagnostics.js';
import { actionOf, addressOf, idOf, messageOf, phaseOf, requestsFor } from './kinds/registry.js';
import { PLAN_FORMAT_VERSION, type PlanDocument, type PlanSummary } from './plan-document-shape.js';

export {
  PLAN_FORMAT_VERSION,
  type PlanDocument,
  type PlannedFields,
  type PlanSettings,
  type PlanSummary,
} from './plan-document-shape.js';

export type { PlannedChange } from './plan-document-shape.js';
import type { PlannedChange } from './plan-document-shape.js';

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
  return { type: planned.type, meta: planned.meta };
}

/**
 * The changes of a plan whose stored derived values differ from what their `type` and `meta` give:
 * an edited or corrupt plan file. Empty for every plan the planner wrote.
 */
export function checkPlanConsistency(plan: PlanDocument): string[] {
  const problems: string[] = [];
  const apiVersion = plan.apiVersion ?? DEFAULT_API_VERSION;
  for (const planned of plan.changes) {
    const change = changeOf(planned);
    const derived = {
      id: idOf(change),
      address: addressOf(change),
      action: actionOf(change),
      message: messageOf(change),
      phase: phaseOf(change),
      requests: requestsFor(change, apiVersion),
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

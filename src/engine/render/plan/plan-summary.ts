/**
 * The counts of a plan and its closing summary line. A removal is named for what it does to its kind of
 * resource (its kind's `removalVerb`): properties and groups are archived, labels and event properties
 * deleted, limits removed.
 *
 *   Plan: 3 to create, 2 to update, 1 to replace, 1 to archive, 1 to delete, 1 to remove; 2 destructive, 1 dangerous.
 *   No changes. The live account matches the manifests.
 *   No changes to apply; the account holds 2 resources in the managed scope that no manifest names (see Warnings).
 *
 * Counts of 0 are left out, always in this order; the severity part is left out when every change is safe.
 */
import { ACTION_SYMBOLS } from '../../plan/kinds/change-kind.js';
import { removalVerbOf } from '../../plan/kinds/registry.js';
import { isUnmanagedFinding } from '../../plan/plan-codes.js';
import type { PlanDiagnostic } from '../../plan/diagnostics.js';
import type { PlannedChange } from '../../plan/plan-document.js';
import type { Severity } from '../../plan/severity.js';
import { countOf, formatCount } from '../common/plan-values.js';

export const VERBS = ['create', 'update', 'replace', 'archive', 'delete', 'remove'] as const;
export type Verb = (typeof VERBS)[number];

export const NO_CHANGES = 'No changes. The live account matches the manifests.';

/** A rollback's plan with nothing to do. */
export const NOTHING_TO_ROLL_BACK =
  'No changes. The account is as it was before the apply this plan reverses (or the rest is left as it is).';

export function verbOf(change: Pick<PlannedChange, 'type' | 'action'>): Verb {
  return change.action === 'remove' ? removalVerbOf(change.type) : change.action;
}

export function symbolOf(change: Pick<PlannedChange, 'action'>): string {
  return ACTION_SYMBOLS[change.action];
}

export const VERB_SYMBOLS: Readonly<Record<Verb, string>> = {
  create: ACTION_SYMBOLS.create,
  update: ACTION_SYMBOLS.update,
  replace: ACTION_SYMBOLS.replace,
  archive: ACTION_SYMBOLS.remove,
  delete: ACTION_SYMBOLS.remove,
  remove: ACTION_SYMBOLS.remove,
};

export type SeverityCounts = Record<Severity, number>;

export interface PlanCounts {
  changes: number;
  byVerb: Record<Verb, SeverityCounts & { total: number }>;
  bySeverity: SeverityCounts;
  /** changes the target's policy refuses, by severity */
  refused: SeverityCounts;
  errors: number;
  warnings: number;
  /** warnings about live resources in the managed scope that no manifest names (`unmanaged: report`) */
  unmanaged: number;
}

export function countPlan(
  changes: readonly PlannedChange[],
  diagnostics: readonly PlanDiagnostic[],
): PlanCounts {
  const zero = () => ({ total: 0, safe: 0, dangerous: 0, destructive: 0 });
  const byVerb = Object.fromEntries(VERBS.map((v) => [v, zero()])) as PlanCounts['byVerb'];
  const bySeverity: SeverityCounts = { safe: 0, dangerous: 0, destructive: 0 };
  const refused: SeverityCounts = { safe: 0, dangerous: 0, destructive: 0 };
  for (const change of changes) {
    const row = byVerb[verbOf(change)];
    row.total += 1;
    row[change.severity] += 1;
    bySeverity[change.severity] += 1;
    if (change.policy.decision === 'refuse') refused[change.severity] += 1;
  }
  return {
    changes: changes.length,
    byVerb,
    bySeverity,
    refused,
    errors: diagnostics.filter((d) => d.level === 'error').length,
    warnings: diagnostics.filter((d) => d.level === 'warning').length,
    unmanaged: diagnostics.filter((d) => d.level === 'warning' && isUnmanagedFinding(d.code)).length,
  };
}

/**
 * `Plan: 3 to create, 2 to update, 1 to archive; 1 destructive.`, or a no-changes line: the account
 * matches the manifests only when nothing in the managed scope is left unnamed either. Refused changes
 * are counted with their severity: `1 destructive, refused by policy` (all of them),
 * `2 destructive (1 refused by policy)`, and safe ones refused with a change they depend on at the end.
 */
export function summaryLine(counts: PlanCounts, rollback = false): string {
  if (counts.changes === 0) {
    if (counts.errors > 0) return 'No changes planned.';
    if (rollback) return NOTHING_TO_ROLL_BACK;
    if (counts.unmanaged === 0) return NO_CHANGES;
    const held = countOf(counts.unmanaged, 'resource', 'resources');
    return `No changes to apply; the account holds ${held} in the managed scope that no manifest names (see Warnings).`;
  }
  const actions = VERBS.filter((v) => counts.byVerb[v].total > 0).map(
    (v) => `${formatCount(counts.byVerb[v].total)} to ${v}`,
  );
  const severities = (['destructive', 'dangerous'] as const)
    .filter((s) => counts.bySeverity[s] > 0)
    .map((s) => {
      const [n, r] = [counts.bySeverity[s], counts.refused[s]];
      const refused =
        r === 0 ? '' : r === n ? ', refused by policy' : ` (${formatCount(r)} refused by policy)`;
      return `${formatCount(n)} ${s}${refused}`;
    });
  if (counts.refused.safe > 0)
    severities.push(`${formatCount(counts.refused.safe)} refused with a change they depend on`);
  return `Plan: ${actions.join(', ')}${severities.length > 0 ? `; ${severities.join(', ')}` : ''}.`;
}

/** Said after the summary when the plan has errors; undefined otherwise. */
export function planErrorLine(counts: PlanCounts): string | undefined {
  if (counts.errors === 0) return undefined;
  return `${countOf(counts.errors, 'error', 'errors')}: fix ${counts.errors === 1 ? 'it' : 'them'} before applying this plan.`;
}

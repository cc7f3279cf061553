/**
 * What the data check collects (counts, notes on what it could not count, calls made) and the call
 * budget it spends: `--data-check-budget N` caps the calls all counts together may make, so that a plan
 * against a large account stays quick; a count the budget stops is a lower bound ("at least N").
 */
import type { CrmApiError } from '../../api/errors.js';
import type { Count } from '../plan/data-counts.js';
import type { PlanDiagnostic } from '../plan/diagnostics.js';

export const DEFAULT_DATA_CHECK_BUDGET = 100;

export interface DataCheckResult {
  /** keyed by `recordCountKey` / `linkCountKey` */
  counts: Map<string, Count>;
  /** notes on what could not be counted */
  diagnostics: PlanDiagnostic[];
  /** calls made */
  calls: number;
}

export class CallBudget {
  #remaining: number;
  readonly total: number;

  constructor(total: number) {
    this.total = total;
    this.#remaining = total;
  }

  /** Takes one call from the budget; false when none is left. */
  take(): boolean {
    if (this.#remaining <= 0) return false;
    this.#remaining -= 1;
    return true;
  }

  /** Why a count stopped early, for the plan. */
  get reason(): string {
    return `the data check budget of ${this.total} calls ran out; raise it with --data-check-budget`;
  }
}

export function emptyResult(): DataCheckResult {
  return { counts: new Map(), diagnostics: [], calls: 0 };
}

/** A token that may not read what a count needs: the count is skipped, and the plan says so. */
export function skippedForScopes(what: string, error: CrmApiError, scopeHint: string): PlanDiagnostic {
  const scopes = (error.meta.scopes as string[] | undefined) ?? [];
  const missing = scopes.length > 0 ? ` (missing ${scopes.join(', ')})` : '';
  return {
    level: 'info',
    code: 'DATA_CHECK_SKIPPED',
    message: `Data check skipped for ${what}: the token may not read what the count needs${missing}, so the plan shows no count there`,
    hint: `Grant ${scopes.length > 0 ? scopes.join(', ') : scopeHint} to count, or pass --no-data-check.`,
  };
}

/** A count the budget did not allow to start. */
export function skippedForBudget(key: string, budget: CallBudget): PlanDiagnostic {
  return {
    level: 'info',
    code: 'DATA_CHECK_SKIPPED',
    address: key,
    message: `Could not count ${key}: ${budget.reason}`,
  };
}

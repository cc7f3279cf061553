/** Building the per-change outcomes of an apply report and counting them. */
import type { PlannedChange } from '../plan/plan-document.js';
import type { ApplySummary, ChangeOutcome, OutcomeStatus } from './types.js';

type Details = Partial<
  Omit<ChangeOutcome, 'id' | 'type' | 'action' | 'address' | 'message' | 'severity' | 'phase' | 'status'>
>;

export function outcomeOf(
  change: PlannedChange,
  status: OutcomeStatus,
  details: Details = {},
): ChangeOutcome {
  return {
    id: change.id,
    type: change.type,
    action: change.action,
    address: change.address,
    message: change.message,
    severity: change.severity,
    phase: change.phase,
    status,
    ...details,
  };
}

export function summarizeOutcomes(outcomes: readonly ChangeOutcome[]): ApplySummary {
  const summary: ApplySummary = {
    total: outcomes.length,
    applied: 0,
    alreadyDone: 0,
    failed: 0,
    skipped: 0,
    refused: 0,
  };
  for (const outcome of outcomes) {
    if (outcome.status === 'applied') summary.applied += 1;
    else if (outcome.status === 'already-done') summary.alreadyDone += 1;
    else if (outcome.status === 'failed') summary.failed += 1;
    else {
      summary.skipped += 1;
      if (outcome.skipCause === 'policy') summary.refused += 1;
    }
  }
  return summary;
}

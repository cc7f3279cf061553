/**
 * What a plan says of a change a rollback cannot reverse, in every plan format: `irreversible: <why>`
 * under the change (nothing under one a rollback can reverse, to keep plans short), and the list of such
 * changes a pull request comment shows above its details.
 */
import type { PlannedChange } from '../../plan/plan-document.js';

export const IRREVERSIBLE = 'irreversible';

/** Why a rollback cannot reverse the change, or undefined when it can. */
export function irreversibleWhy(change: Pick<PlannedChange, 'reversal'>): string | undefined {
  const { reversal } = change;
  return reversal.reversible ? undefined : (reversal.why ?? 'a rollback cannot reverse it');
}

/** The changes a rollback cannot reverse, in plan order. */
export function irreversibleChanges(changes: readonly PlannedChange[]): PlannedChange[] {
  return changes.filter((c) => !c.reversal.reversible);
}

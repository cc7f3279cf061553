/**
 * The part of a saved plan's apply that was planned only now: the kinds of resources the saved plan could
 * not read (event definitions, whose scope also writes, so the plan job's read-only token holds none). It
 * is shown before anything is sent, in the text on stderr and in the run's step summary, so that what the
 * deploy applies beyond the reviewed plan is on record.
 */
import { summarizePlan, type PlanDocument, type PlannedChange } from '../../plan/plan-document.js';
import { renderPlanMarkdown } from '../plan/plan-markdown.js';
import { renderPlanText } from '../plan/plan-text.js';

const WHY =
  'The saved plan could not read the event definitions (its token lacks their scope, which also writes them): planned now with the token of this run, and applied with the rest of the plan.';

function partOf(plan: PlanDocument, changes: readonly PlannedChange[]): PlanDocument {
  const { notRead: _notRead, ...rest } = plan;
  return { ...rest, changes: [...changes], diagnostics: [], summary: summarizePlan(changes, []) };
}

export function plannedNowText(
  plan: PlanDocument,
  changes: readonly PlannedChange[],
  color: boolean,
): string {
  return `${WHY}\n${renderPlanText(partOf(plan, changes), { color })}`;
}

export function plannedNowMarkdown(plan: PlanDocument, changes: readonly PlannedChange[]): string {
  return `### Planned at apply: event definitions\n\n${WHY}\n\n${renderPlanMarkdown(partOf(plan, changes))}`;
}

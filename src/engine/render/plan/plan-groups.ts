/**
 * Changes grouped by what they belong to, for reading: an object type (its properties and groups), an
 * association pair (its labels and limits) or an event definition. Groups come in the order their first
 * change has in the plan, and changes keep plan order within a group (the order apply runs them in).
 */
import { targetOf } from '../../plan/kinds/registry.js';
import { ownerOf } from '../../plan/kinds/resource.js';
import type { PlannedChange } from '../../plan/plan-document.js';
import type { Severity } from '../../plan/severity.js';

export interface ChangeGroup {
  /** `tickets`, `tickets->orders`, `event:order_shipped` */
  title: string;
  changes: PlannedChange[];
}

export function groupKeyOf(change: PlannedChange): string {
  return ownerOf(targetOf(change));
}

export function groupChanges(changes: readonly PlannedChange[]): ChangeGroup[] {
  const groups = new Map<string, ChangeGroup>();
  for (const change of changes) {
    const title = groupKeyOf(change);
    let group = groups.get(title);
    if (group === undefined) {
      group = { title, changes: [] };
      groups.set(title, group);
    }
    group.changes.push(change);
  }
  return [...groups.values()];
}

/** Destructive changes first, then dangerous ones, each in plan order: what a reviewer must look at. */
export function needingAttention(changes: readonly PlannedChange[]): PlannedChange[] {
  const of = (severity: Severity) => changes.filter((c) => c.severity === severity);
  return [...of('destructive'), ...of('dangerous')];
}

/**
 * The units apply sends within one phase: what `toWireRequests` merges into one call (a batch of up to
 * 100 property creates, limit sets or purges of one pair) or one change with its own requests (a
 * replace's archive then create, in order). A unit waits for the units of the same phase holding the
 * changes it depends on; units that do not wait for each other run in parallel.
 */
import type { PlannedChange } from '../plan/plan-document.js';
import { must } from '../../core/must.js';
import { toWireRequests } from '../plan/requests/wire.js';

export interface Unit {
  /** position in the phase's send order (the dry-run order) */
  index: number;
  /** all of one type; for a batch, in batch order */
  changes: PlannedChange[];
  /** indexes of the units this one waits for */
  after: number[];
}

export function unitsOf(changes: readonly PlannedChange[]): Unit[] {
  const byId = new Map(changes.map((c) => [c.id, c]));
  const units: Unit[] = [];
  let last: string[] | undefined;
  for (const wire of toWireRequests(changes)) {
    // the second request of a change (a replace's create) stays in the unit of its first
    const sameChange =
      last !== undefined && last.length === 1 && wire.changeIds.length === 1 && last[0] === wire.changeIds[0];
    if (!sameChange)
      units.push({
        index: units.length,
        changes: wire.changeIds.map((id) => must(byId.get(id), 'a change of the request')),
        after: [],
      });
    last = wire.changeIds;
  }
  // a change with no request of its own (an event property created in its new definition's call) is a
  // unit of its own: it sends nothing and its read-back says whether it is done
  const sent = new Set(units.flatMap((unit) => unit.changes.map((change) => change.id)));
  for (const change of changes) {
    if (!sent.has(change.id)) units.push({ index: units.length, changes: [change], after: [] });
  }
  const unitOf = new Map<string, number>();
  for (const unit of units) for (const change of unit.changes) unitOf.set(change.id, unit.index);
  for (const unit of units) {
    const after = new Set<number>();
    for (const change of unit.changes) {
      for (const dep of change.dependsOn) {
        const other = unitOf.get(dep);
        if (other !== undefined && other !== unit.index) after.add(other);
      }
    }
    unit.after = [...after].sort((a, b) => a - b);
  }
  return units;
}

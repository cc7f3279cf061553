/**
 * `apply --dry-run`: the exact requests apply would send (method, path, body), in the order it would
 * send them when nothing fails, and nothing sent. The same selection as a real run (the destructive
 * gate, changes found already done) and the same `toWireRequests` merging, so the list is what apply
 * sends. A `{ "ref": <label address> }` in a body stands for the typeId of a label the run creates first.
 */
import type { PlanDocument } from '../plan/plan-document.js';
import type { PlanTarget } from '../model/plan-target.js';
import { toWireRequests, type WireRequest } from '../plan/requests/wire.js';
import { changeOf, type PlannedChange } from '../plan/plan-document.js';
import { migrationOf } from '../plan/kinds/registry.js';
import type { Migration } from '../plan/kinds/change-kind.js';
import { describeCount } from '../plan/data-counts.js';
import { plannedSkips } from './gate.js';
import { outcomeOf } from './outcomes.js';
import type { ChangeOutcome } from './types.js';

export interface DryRun {
  dryRun: true;
  /** where apply would send the requests, with the account found there (the command sets it) */
  target?: PlanTarget;
  /** the requests, in send order */
  requests: WireRequest[];
  /** changes that would not be sent: refused ones (with --skip-refused), their dependants, those already done */
  notSent: ChangeOutcome[];
  /** changes the requests carry */
  changes: number;
  /**
   * changes with data work between their requests (a rename's copy, a remap's rewrite): what they do to
   * records, which no fixed list of requests can show (its pages and batches depend on the records)
   */
  dataWork: { id: string; work: string }[];
}

export function dryRun(
  plan: Pick<PlanDocument, 'changes'>,
  options: { alreadyDone?: ReadonlyMap<string, string> } = {},
): DryRun {
  const alreadyDone = options.alreadyDone ?? new Map<string, string>();
  const skips = plannedSkips(plan.changes, alreadyDone);
  const notSent: ChangeOutcome[] = [];
  const sent = plan.changes.filter((change) => {
    const done = alreadyDone.get(change.id);
    const skip = skips.get(change.id);
    if (done !== undefined) notSent.push(outcomeOf(change, 'already-done', { reason: done }));
    else if (skip !== undefined)
      notSent.push(outcomeOf(change, 'skipped', { reason: skip.reason, skipCause: skip.cause }));
    return done === undefined && skip === undefined;
  });
  const dataWork = sent.flatMap((change) => {
    const migration = migrationOf(changeOf(change));
    return migration === undefined ? [] : [{ id: change.id, work: describeMigration(migration, change) }];
  });
  return { dryRun: true, requests: toWireRequests(sent), notSent, changes: sent.length, dataWork };
}

function describeMigration(migration: Migration, change: PlannedChange): string {
  const count =
    change.affected === undefined ? '' : ` (${describeCount(change.affected, 'record', 'records')})`;
  const what =
    migration.kind === 'copy'
      ? `copies every value of ${migration.from} to ${migration.to}${count}`
      : migration.kind === 'rewrite'
        ? `rewrites the records holding ${migration.remaps.map((r) => `'${r.from}' to '${r.to}'`).join(', ')}${count}`
        : `puts back the value of ${migration.name} on the ${String(migration.values.length)} records its apply record lists`;
  return `${what}: list pages of 100 and batch updates of 100 after its first request, then a check pass; its last request only once the check finds every record as wanted`;
}

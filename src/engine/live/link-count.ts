/**
 * Link counts of the data check: how many record associations use an association type (a label about
 * to be deleted). No endpoint counts them, so the `from` records are listed (100 ids per call) and their
 * associations read in batches of 1,000 records (the v4 batch read), counting the links of each type
 * asked about. Labels of one direction share the reading. The same reading counts the records linked by
 * a type to more records than a lowered limit allows. The call budget stops a long count early: the
 * count is then a lower bound, and says so.
 */

type Target = LinkTarget | OverLimitTarget;
import { PageGuard } from '../../api/paging.js';
import type { CrmClient } from '../../api/client.js';
import { isApiError } from '../../api/errors.js';
import { groupBy } from '../../core/maps.js';
import { at } from '../../core/must.js';
import { pairKey } from '../model/object-types.js';
import type { LinkTarget, OverLimitTarget } from '../plan/data-counts.js';
import { skippedForScopes, type CallBudget, type DataCheckResult } from './data-check-result.js';
import { ASSOCIATION_READ_BATCH_SIZE } from '../../wire/platform-limits.js';

/** The list's largest page. */
const LIST_PAGE = 100;

export async function countLinks(
  client: CrmClient,
  targets: readonly Target[],
  budget: CallBudget,
  result: DataCheckResult,
): Promise<void> {
  const byDirection = groupBy(targets, (target) => pairKey(target.from, target.to));
  await Promise.all([...byDirection.values()].map((list) => countDirection(client, list, budget, result)));
}

async function countDirection(
  client: CrmClient,
  targets: readonly Target[],
  budget: CallBudget,
  result: DataCheckResult,
): Promise<void> {
  const { from, to } = at(targets, 0);
  const counts = new Map<number, number>(targets.map((t) => [t.typeId, 0]));
  const overLimit = new Map<string, number>(targets.map((t) => [t.key, 0]));
  let pending: string[] = [];
  let exact = true;
  const read = async (): Promise<boolean> => {
    if (pending.length === 0) return true;
    if (!budget.take()) return false;
    result.calls += 1;
    const answer = await client.recordAssociations.batchRead(from, to, pending);
    pending = [];
    for (const item of answer.results) {
      const ofRecord = new Map<number, number>();
      for (const linked of item.to) {
        for (const type of linked.associationTypes) {
          const seen = counts.get(type.typeId);
          if (seen !== undefined) counts.set(type.typeId, seen + 1);
          ofRecord.set(type.typeId, (ofRecord.get(type.typeId) ?? 0) + 1);
        }
      }
      for (const target of targets) {
        if (target.kind === 'over-limit' && (ofRecord.get(target.typeId) ?? 0) > target.max)
          overLimit.set(target.key, (overLimit.get(target.key) ?? 0) + 1);
      }
    }
    return true;
  };
  try {
    let after: string | undefined;
    const guard = new PageGuard<{ id: string }>(`the records of ${from}`, (r) => r.id);
    do {
      if (!budget.take()) {
        exact = false;
        break;
      }
      result.calls += 1;
      const page = await client.records.list(from, { limit: LIST_PAGE, after, properties: ['hs_object_id'] });
      pending.push(...page.results.map((record) => record.id));
      after = guard.next(page);
      if ((pending.length >= ASSOCIATION_READ_BATCH_SIZE || after === undefined) && !(await read())) {
        exact = false;
        break;
      }
    } while (after !== undefined);
    // ids listed but not read when the budget stopped the listing: one more read if it allows
    if (!exact && !(await read())) exact = false;
  } catch (error) {
    if (isApiError(error) && error.code === 'MISSING_SCOPES') {
      result.diagnostics.push(
        skippedForScopes(`the record associations of ${from}->${to}`, error, `crm.objects.${from}.read`),
      );
      return;
    }
    throw error;
  }
  for (const target of targets) {
    const count = (target.kind === 'links' ? counts.get(target.typeId) : overLimit.get(target.key)) ?? 0;
    result.counts.set(target.key, exact ? { count, exact } : { count, exact, capped: budget.reason });
  }
}

/**
 * Conflict counts of the data check, for a rename that has run before (resumed, or finished and its old
 * property back): the records where the old and the new property hold different values. No search
 * compares two properties, so the records are listed (pages of 100, only the two properties) within the
 * call budget; for a rename to resume, the records where both hold different values are read once more
 * with their history (one batch read per page that has any) to keep only the conflicts: values of the new
 * property the copy did not write (plan/copy-values.ts). Past the budget the count is "at least N".
 */
import type { CrmClient } from '../../api/client.js';
import { isApiError } from '../../api/errors.js';
import type { Count, CopyConflictTarget } from '../plan/data-counts.js';
import { copyStep, writtenByCopy } from '../plan/copy-values.js';
import { BATCH_SIZE } from '../../wire/platform-limits.js';
import { PageGuard } from '../../api/paging.js';
import { skippedForScopes, type CallBudget, type DataCheckResult } from './data-check-result.js';

const MAX_SAMPLES = 5;

interface Tally {
  count: number;
  of: number;
  exact: boolean;
  samples: NonNullable<Count['samples']>;
}

export async function countCopyConflicts(
  client: CrmClient,
  targets: readonly CopyConflictTarget[],
  budget: CallBudget,
  result: DataCheckResult,
): Promise<void> {
  for (const target of targets) {
    try {
      const tally = await countOne(client, target, budget, result);
      result.counts.set(target.key, {
        count: tally.count,
        exact: tally.exact,
        of: tally.of,
        samples: tally.samples,
        ...(tally.exact ? {} : { capped: budget.reason }),
      });
    } catch (error) {
      if (isApiError(error) && error.code === 'MISSING_SCOPES') {
        result.diagnostics.push(
          skippedForScopes(
            `the records of ${target.objectType}`,
            error,
            `crm.objects.${target.objectType}.read`,
          ),
        );
        continue;
      }
      throw error;
    }
  }
}

async function countOne(
  client: CrmClient,
  target: CopyConflictTarget,
  budget: CallBudget,
  result: DataCheckResult,
): Promise<Tally> {
  const { objectType, from, to } = target;
  const tally: Tally = { count: 0, of: 0, exact: true, samples: [] };
  let after: string | undefined;
  const guard = new PageGuard<{ id: string }>(`the records of ${objectType}`, (r) => r.id);
  do {
    if (!budget.take()) {
      tally.exact = false;
      break;
    }
    result.calls += 1;
    const page = await client.records.list(objectType, {
      properties: [from, to],
      limit: BATCH_SIZE,
      ...(after === undefined ? {} : { after }),
    });
    const differing: { id: string; value: string; current: string }[] = [];
    for (const record of page.results) {
      const value = record.properties[from];
      const current = record.properties[to];
      if (typeof value !== 'string' || value === '') continue;
      tally.of += 1;
      if (copyStep(value, current) === 'compare' && typeof current === 'string')
        differing.push({ id: record.id, value, current });
      else if (!target.history && copyStep(value, current) === 'copy')
        differing.push({ id: record.id, value, current: '' });
    }
    const conflicts = target.history
      ? await newerInTargetOf(client, target, differing, budget, result, tally)
      : differing;
    for (const conflict of conflicts) {
      tally.count += 1;
      // the values only where the policy lets plans quote them (never a sensitive property's)
      if (tally.samples.length < MAX_SAMPLES)
        tally.samples.push(target.values ? conflict : { id: conflict.id });
    }
    after = guard.next(page);
  } while (after !== undefined && tally.exact);
  return tally;
}

/** The records (of one page) whose new value the copy did not write, by their history. */
async function newerInTargetOf(
  client: CrmClient,
  target: CopyConflictTarget,
  differing: readonly { id: string; value: string; current: string }[],
  budget: CallBudget,
  result: DataCheckResult,
  tally: Tally,
): Promise<{ id: string; value: string; current: string }[]> {
  if (differing.length === 0) return [];
  if (!budget.take()) {
    tally.exact = false;
    return [];
  }
  result.calls += 1;
  const read = await client.records.batchRead(target.objectType, {
    ids: differing.map((d) => d.id),
    properties: [target.from, target.to],
    propertiesWithHistory: [target.from, target.to],
  });
  const current = new Map(differing.map((d) => [d.id, d.current]));
  const conflicting = new Set(
    read.results
      .filter(
        (record) =>
          !writtenByCopy(
            record.propertiesWithHistory,
            target.from,
            target.to,
            current.get(record.id) ?? '',
            target.stale === true,
          ),
      )
      .map((record) => record.id),
  );
  return differing.filter((d) => conflicting.has(d.id));
}

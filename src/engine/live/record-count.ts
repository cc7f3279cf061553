/**
 * Record counts of the data check: how many records still hold what a plan removes, counted through
 * search (`limit: 1`, reading `total`, which is exact): `HAS_PROPERTY` for a property being archived or
 * replaced, `EQ` for a removed option value (on multi-select properties `EQ` matches a record holding
 * that value among others).
 *
 * Searches are the slow part (the platform allows 5 per second), and most removed values are held by no
 * record. So up to 5 targets of an object type share one search, one filter group each (the groups are
 * OR'd): a total of 0 settles all of them at once; otherwise each is counted on its own. The first search
 * of an object type goes alone: a token that may not search its records (403 MISSING_SCOPES) then costs
 * one call, and skips the check for that object type with a note (the plan stays valid, its severities
 * just lack the counts).
 */
import type { CrmClient } from '../../api/client.js';
import { chunk } from '../../api/batching.js';
import { isApiError, type CrmApiError } from '../../api/errors.js';
import { at } from '../../core/must.js';
import { groupBy } from '../../core/maps.js';
import type { RecordTarget } from '../plan/data-counts.js';
import type { PlanDiagnostic } from '../plan/diagnostics.js';
import type { Filter } from '../../wire/api.js';
import {
  skippedForBudget,
  skippedForScopes,
  type CallBudget,
  type DataCheckResult,
} from './data-check-result.js';
import { MAX_SEARCH_FILTER_GROUPS } from '../../wire/platform-limits.js';

interface Run {
  client: CrmClient;
  budget: CallBudget;
  result: DataCheckResult;
}

export async function countRecords(
  client: CrmClient,
  targets: readonly RecordTarget[],
  budget: CallBudget,
  result: DataCheckResult,
): Promise<void> {
  const byType = groupBy(targets, (target) => target.objectType);
  const run: Run = { client, budget, result };
  await Promise.all([...byType].map(([objectType, list]) => countForType(run, objectType, list)));
}

async function countForType(run: Run, objectType: string, targets: readonly RecordTarget[]): Promise<void> {
  const [first = [], ...rest] = chunk(targets, MAX_SEARCH_FILTER_GROUPS);
  try {
    await countChunk(run, objectType, first);
  } catch (error) {
    if (isApiError(error) && error.code === 'MISSING_SCOPES') {
      run.result.diagnostics.push(
        skippedForScopes(`the records of ${objectType}`, error, `crm.objects.${objectType}.read`),
      );
      return;
    }
    throw error;
  }
  await Promise.all(rest.map((targetsOfChunk) => countChunk(run, objectType, targetsOfChunk)));
}

/** Throws MISSING_SCOPES (and any unexpected error); a search refusing one target becomes a note. */
async function countChunk(run: Run, objectType: string, targets: readonly RecordTarget[]): Promise<void> {
  if (targets.length > 1) {
    const combined = await settle(search(run, objectType, targets));
    if (combined.value === 0) {
      for (const target of targets) run.result.counts.set(target.key, { count: 0, exact: true });
      return;
    }
    if (combined.error?.code === 'MISSING_SCOPES') throw combined.error;
    if (combined.error !== undefined && combined.error.code !== 'VALIDATION') throw combined.error;
  }
  const outcomes = await Promise.all(targets.map((target) => settle(search(run, objectType, [target]))));
  for (const [i, outcome] of outcomes.entries()) {
    const target = at(targets, i);
    if (outcome.value === null) run.result.diagnostics.push(skippedForBudget(target.key, run.budget));
    else if (outcome.error === undefined)
      run.result.counts.set(target.key, { count: outcome.value, exact: true });
    else if (outcome.error.code === 'VALIDATION') run.result.diagnostics.push(refused(target, outcome.error));
    else throw outcome.error;
  }
}

function filterOf(target: RecordTarget): Filter {
  return target.value === undefined
    ? { propertyName: target.propertyName, operator: 'HAS_PROPERTY' }
    : { propertyName: target.propertyName, operator: 'EQ', value: target.value };
}

/** Records matching any of the targets (one filter group each); null when the budget is spent. */
async function search(
  run: Run,
  objectType: string,
  targets: readonly RecordTarget[],
): Promise<number | null> {
  if (!run.budget.take()) return null;
  run.result.calls += 1;
  const answer = await run.client.search.records(objectType, {
    filterGroups: targets.map((target) => ({ filters: [filterOf(target)] })),
    limit: 1,
  });
  return answer.total;
}

async function settle<T>(
  promise: Promise<T>,
): Promise<{ value: T; error?: undefined } | { value?: undefined; error: CrmApiError }> {
  try {
    return { value: await promise };
  } catch (error) {
    if (isApiError(error)) return { error };
    throw error;
  }
}

function refused(target: RecordTarget, error: CrmApiError): PlanDiagnostic {
  return {
    level: 'info',
    code: 'DATA_CHECK_SKIPPED',
    address: target.key,
    message: `Could not count the records of ${target.key}: ${error.serverMessage ?? error.message}`,
  };
}

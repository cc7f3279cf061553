/**
 * The data check: how many records still hold what a plan removes (src/plan/data-check.ts names the
 * targets), counted through search (spec 4.8, `limit: 1`, reading `total`): `HAS_PROPERTY` for a
 * property being archived or replaced, `EQ` for a removed option value (on multi-select properties `EQ`
 * matches a record holding that value among others).
 *
 * Searches are the slow part (the platform allows 5 per second), and most removed values are held by no
 * record. So up to 5 targets of an object type share one search, one filter group each (the groups are
 * OR'd): a total of 0 settles all of them at once; otherwise each is counted on its own. The first search
 * of an object type goes alone: a token that may not search its records (403 MISSING_SCOPES) then costs
 * one call, and skips the check for that object type with a note (the plan stays valid, its severities
 * just lack the counts).
 */
import type { CrmClient } from '../api/client.js';
import { chunk } from '../api/batching.js';
import { isApiError, type CrmApiError } from '../api/errors.js';
import type { DataCheckTarget } from '../plan/data-check.js';
import type { Diagnostic } from '../plan/diagnostics.js';
import type { Filter } from '../types/api.js';

/** The platform's most filter groups per search (reference §3). */
export const MAX_FILTER_GROUPS = 5;

export interface DataCheckResult {
  /** keyed by `recordCountKey` */
  counts: Map<string, number>;
  /** notes on what could not be counted */
  diagnostics: Diagnostic[];
  /** searches made */
  searches: number;
}

export async function countRecords(
  client: CrmClient,
  targets: readonly DataCheckTarget[],
): Promise<DataCheckResult> {
  const byType = new Map<string, DataCheckTarget[]>();
  for (const target of targets) {
    const list = byType.get(target.objectType);
    if (list === undefined) byType.set(target.objectType, [target]);
    else list.push(target);
  }
  const result: DataCheckResult = { counts: new Map(), diagnostics: [], searches: 0 };
  await Promise.all([...byType].map(([objectType, list]) => countForType(client, objectType, list, result)));
  return result;
}

async function countForType(
  client: CrmClient,
  objectType: string,
  targets: readonly DataCheckTarget[],
  result: DataCheckResult,
): Promise<void> {
  const [first, ...rest] = chunk(targets, MAX_FILTER_GROUPS);
  try {
    await countChunk(client, objectType, first, result);
  } catch (error) {
    if (isApiError(error) && error.code === 'MISSING_SCOPES') {
      result.diagnostics.push(skippedForScopes(objectType, error));
      return;
    }
    throw error;
  }
  await Promise.all(rest.map((targetsOfChunk) => countChunk(client, objectType, targetsOfChunk, result)));
}

/** Throws MISSING_SCOPES (and any unexpected error); a search refusing one target becomes a note. */
async function countChunk(
  client: CrmClient,
  objectType: string,
  targets: readonly DataCheckTarget[],
  result: DataCheckResult,
): Promise<void> {
  if (targets.length > 1) {
    const combined = await settle(search(client, objectType, targets, result));
    if (combined.value === 0) {
      for (const target of targets) result.counts.set(target.key, 0);
      return;
    }
    if (combined.error?.code === 'MISSING_SCOPES') throw combined.error;
    if (combined.error !== undefined && combined.error.code !== 'VALIDATION') throw combined.error;
  }
  const outcomes = await Promise.all(
    targets.map((target) => settle(search(client, objectType, [target], result))),
  );
  outcomes.forEach((outcome, i) => {
    const target = targets[i];
    if (outcome.error === undefined) result.counts.set(target.key, outcome.value!);
    else if (outcome.error.code === 'VALIDATION') result.diagnostics.push(refused(target, outcome.error));
    else throw outcome.error;
  });
}

function filterOf(target: DataCheckTarget): Filter {
  return target.value === undefined
    ? { propertyName: target.propertyName, operator: 'HAS_PROPERTY' }
    : { propertyName: target.propertyName, operator: 'EQ', value: target.value };
}

/** Records matching any of the targets (one filter group each). */
async function search(
  client: CrmClient,
  objectType: string,
  targets: readonly DataCheckTarget[],
  result: DataCheckResult,
): Promise<number> {
  result.searches += 1;
  const answer = await client.search.records(objectType, {
    filterGroups: targets.map((target) => ({ filters: [filterOf(target)] })),
    limit: 1,
  });
  return answer.total;
}

async function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: CrmApiError }> {
  try {
    return { value: await promise };
  } catch (error) {
    if (isApiError(error)) return { error };
    throw error;
  }
}

function refused(target: DataCheckTarget, error: CrmApiError): Diagnostic {
  return {
    level: 'info',
    code: 'data-check-skipped',
    address: target.key,
    message: `Could not count the records of ${target.key}: ${error.serverMessage ?? error.message}`,
  };
}

function skippedForScopes(objectType: string, error: CrmApiError): Diagnostic {
  const scopes = (error.meta.scopes as string[] | undefined) ?? [];
  const missing = scopes.length > 0 ? ` (missing ${scopes.join(', ')})` : '';
  return {
    level: 'info',
    code: 'data-check-skipped',
    message: `Data check skipped for ${objectType}: the token may not search its records${missing}, so removals show no record counts`,
    hint: `Grant ${scopes.length > 0 ? scopes.join(', ') : `crm.objects.${objectType}.read`} to count the records, or pass --no-data-check.`,
  };
}

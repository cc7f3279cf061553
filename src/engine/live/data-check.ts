/**
 * The data check: the counts src/engine/plan/data-check.ts names for a plan's changes, read from the account
 * within one call budget. Records holding a value are counted through search (record-count.ts), record
 * associations using a label by reading the records' links (link-count.ts), a rename's conflicts by
 * listing the records of both properties (copy-conflicts.ts).
 */
import type { CrmClient } from '../../api/client.js';
import type {
  ConversionTarget,
  CopyConflictTarget,
  DataCheckTarget,
  LinkTarget,
  OverLimitTarget,
  RecordTarget,
} from '../plan/data-counts.js';
import {
  CallBudget,
  DEFAULT_DATA_CHECK_BUDGET,
  emptyResult,
  type DataCheckResult,
} from './data-check-result.js';
import { countLinks } from './link-count.js';
import { countRecords } from './record-count.js';
import { countConversions } from './value-scan.js';
import { countCopyConflicts } from './copy-conflicts.js';

export type { DataCheckResult } from './data-check-result.js';

export interface DataCheckOptions {
  /** calls the whole check may make (default 100) */
  budget?: number;
}

export async function runDataCheck(
  client: CrmClient,
  targets: readonly DataCheckTarget[],
  options: DataCheckOptions = {},
): Promise<DataCheckResult> {
  const result = emptyResult();
  const budget = new CallBudget(options.budget ?? DEFAULT_DATA_CHECK_BUDGET);
  const records = targets.filter((t): t is RecordTarget => t.kind === 'records');
  const links = targets.filter(
    (t): t is LinkTarget | OverLimitTarget => t.kind === 'links' || t.kind === 'over-limit',
  );
  const conversions = targets.filter((t): t is ConversionTarget => t.kind === 'conversion');
  const copies = targets.filter((t): t is CopyConflictTarget => t.kind === 'copy-conflicts');
  // searches first: they are few and decide severities; the record-by-record reads take the rest
  if (records.length > 0) await countRecords(client, records, budget, result);
  if (conversions.length > 0) await countConversions(client, conversions, budget, result);
  if (copies.length > 0) await countCopyConflicts(client, copies, budget, result);
  if (links.length > 0) await countLinks(client, links, budget, result);
  return result;
}

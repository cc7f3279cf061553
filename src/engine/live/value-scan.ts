/**
 * Conversion counts of the data check: how many records hold a value of a property that would not
 * convert to its new type (or into its new options), with up to five of them as samples. No search
 * tells a value that converts from one that does not, so the records are listed (pages of 100, only that
 * property) within the call budget: past it the count is "at least N", and says so.
 */
import type { CrmClient } from '../../api/client.js';
import { isApiError } from '../../api/errors.js';
import type { ConversionTarget, CountSample } from '../plan/data-counts.js';
import { BATCH_SIZE } from '../../wire/platform-limits.js';
import { PageGuard } from '../../api/paging.js';
import { skippedForScopes, type CallBudget, type DataCheckResult } from './data-check-result.js';

const MAX_SAMPLES = 5;

export async function countConversions(
  client: CrmClient,
  targets: readonly ConversionTarget[],
  budget: CallBudget,
  result: DataCheckResult,
): Promise<void> {
  for (const target of targets) await countOne(client, target, budget, result);
}

async function countOne(
  client: CrmClient,
  target: ConversionTarget,
  budget: CallBudget,
  result: DataCheckResult,
): Promise<void> {
  const converts = converter(target);
  const samples: CountSample[] = [];
  let count = 0;
  let of = 0;
  let exact = true;
  let after: string | undefined;
  const guard = new PageGuard<{ id: string }>(`the records of ${target.objectType}`, (r) => r.id);
  try {
    do {
      if (!budget.take()) {
        exact = false;
        break;
      }
      result.calls += 1;
      const page = await client.records.list(target.objectType, {
        properties: [target.propertyName],
        limit: BATCH_SIZE,
        ...(after === undefined ? {} : { after }),
      });
      for (const record of page.results) {
        const value = record.properties[target.propertyName];
        if (typeof value !== 'string' || value === '') continue;
        of += 1;
        if (converts(value)) continue;
        count += 1;
        // a record's value only where the policy lets plans quote it (never a sensitive property's)
        if (samples.length < MAX_SAMPLES)
          samples.push(target.values ? { id: record.id, value } : { id: record.id });
      }
      after = guard.next(page);
    } while (after !== undefined);
  } catch (error) {
    if (isApiError(error) && error.code === 'MISSING_SCOPES') {
      result.diagnostics.push(
        skippedForScopes(
          `the records of ${target.objectType}`,
          error,
          `crm.objects.${target.objectType}.read`,
        ),
      );
      return;
    }
    throw error;
  }
  result.counts.set(target.key, {
    count,
    exact,
    of,
    samples,
    ...(exact ? {} : { capped: budget.reason }),
  });
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a stored value converts to the target's type (the platform's stored forms). */
export function converter(
  target: Pick<ConversionTarget, 'toType' | 'options' | 'multiple'>,
): (value: string) => boolean {
  switch (target.toType) {
    case 'number':
      return (value) => NUMBER.test(value.trim());
    case 'bool':
      return (value) => value === 'true' || value === 'false';
    case 'date':
      return (value) => isEpochMs(value, true) || isIsoDate(value);
    case 'datetime':
      return (value) =>
        isEpochMs(value, false) || (/^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)));
    case 'enumeration': {
      const options = new Set(target.options ?? []);
      return (value) =>
        target.multiple === true ? value.split(';').every((part) => options.has(part)) : options.has(value);
    }
    default:
      return () => true;
  }
}

/** Milliseconds since the epoch; a date's must fall on midnight UTC. */
function isEpochMs(value: string, midnight: boolean): boolean {
  if (!/^\d{1,15}$/.test(value)) return false;
  return !midnight || Number(value) % 86_400_000 === 0;
}

function isIsoDate(value: string): boolean {
  const match = DATE.exec(value);
  if (match === null) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

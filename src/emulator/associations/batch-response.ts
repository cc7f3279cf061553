/** The batch response of the limit configuration batches; `errors`/`numErrors` only when some failed. */
import type { BatchErrorItem, BatchResponse } from '../../wire/api.js';

export function batchResponse<T>(
  startedAt: string,
  completedAt: string,
  results: T[],
  errors: BatchErrorItem[],
): BatchResponse<T> {
  return {
    status: 'COMPLETE',
    results,
    startedAt,
    completedAt,
    ...(errors.length > 0 ? { numErrors: errors.length, errors } : {}),
  };
}

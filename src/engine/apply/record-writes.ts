/**
 * One batch update of records for a data step, and what the account took: the records written, those a
 * required-property rule refused (API version 2026-09 and later check every record write against them),
 * and any other failure.
 */
import type { CrmClient } from '../../api/client.js';
import type { CrmApiError } from '../../api/errors.js';
import type { RecordUpdateInput } from '../../wire/api.js';

export interface WriteOutcome {
  /** the updates the account took */
  written: RecordUpdateInput[];
  /** records a required-property rule refused: their ids, the properties the rule names, its message */
  refused?: { ids: string[]; properties: string[]; message: string };
  /** any other failure */
  failure?: CrmApiError;
  /** the records of the updates that failed (any failure) */
  failedIds: string[];
}

export async function writeAll(
  client: CrmClient,
  objectType: string,
  updates: RecordUpdateInput[],
): Promise<WriteOutcome> {
  const result =
    objectType === 'projects'
      ? await client.records.batchUpdateProjects(updates)
      : await client.records.batchUpdate(objectType, updates);
  const failed = new Set(result.errors.map(({ input }) => input.id));
  const failedIds = result.unmatched.length > 0 ? updates.map((update) => update.id) : [...failed];
  const written = result.unmatched.length > 0 ? [] : updates.filter((update) => !failed.has(update.id));
  const refused = result.errors.filter(({ error }) => isRuleRefusal(error));
  const first = refused[0];
  if (first !== undefined) {
    const properties = new Set<string>();
    const ids = new Set<string>();
    for (const { input, error } of refused) {
      // the records the error names, when it names them (a refusal of the whole batch names each one)
      const named = (error.context as { id?: unknown }).id;
      const own = Array.isArray(named) ? named.filter((id): id is string => typeof id === 'string') : [];
      if (own.length === 0 || own.includes(input.id)) ids.add(input.id);
      for (const detail of error.errors) {
        const names = (detail.context as { propertyName?: unknown } | undefined)?.propertyName;
        if (Array.isArray(names))
          for (const name of names) if (typeof name === 'string') properties.add(name);
      }
    }
    return {
      written,
      failedIds,
      refused: {
        ids: [...ids],
        properties: [...properties].sort(),
        message: first.error.serverMessage ?? first.error.message,
      },
    };
  }
  return { written, failedIds, failure: result.errors[0]?.error ?? result.unmatched[0] };
}

/** The 2026-09 refusal of a record write by a conditional required-property rule. */
function isRuleRefusal(error: CrmApiError): boolean {
  return error.errors.some(
    (detail) =>
      detail.code === 'MISSING_CONDITIONAL_REQUIRED_PROPERTY' || detail.code === 'MISSING_REQUIRED_PROPERTY',
  );
}

/**
 * The CRM's errors about records quote record values: "A tickets record with support_email
 * 'jane.doe@example.com' already exists", "'Gold+' is not a valid option". Under `recordValues: hide`
 * (the default) such a value must not reach the apply report, the terminal, the step summary or the
 * apply record, so an error of a data step (a rename's copy, an option remap's rewrite, a rollback's
 * put-back) is reduced to what names no value:
 *
 * - its code, HTTP status, category and sub-category, and the codes of its details (`VALUE_NOT_UNIQUE`),
 *   each only when it reads as a code (a category holding anything else is dropped);
 * - the records it is about, by id (only ids made of digits, as the platform's are), and the properties,
 *   by name (the data step's own, and those the error names that read as property names);
 * - its correlation id; the call's method and path (a data step sends no value in a path).
 *
 * The CRM's message, each detail's message and anything else of the error are dropped. Under
 * `recordValues: show` the error is kept as the CRM gave it.
 */
import { CrmApiError, isApiError } from '../../api/errors.js';
import { defined } from '../../core/defined.js';
import type { RecordValuesPolicy } from '../model/policy.js';
import type { ErrorDetail } from '../../wire/api.js';

export interface RecordErrorContext {
  objectType: string;
  /** the properties the data step reads or writes */
  properties: readonly string[];
  /** the records whose write failed, when known */
  ids?: readonly string[];
}

const RECORD_ID = /^\d{1,30}$/;
const PROPERTY_NAME = /^[A-Za-z0-9_]{1,100}$/;
const CODE = /^[A-Z0-9_]{1,64}$/;
/** A category, a sub-category or a correlation id as the platform gives them; anything else is dropped. */
const WORD = /^[A-Za-z0-9_.:-]{1,100}$/;
const MAX_IDS = 10;

/** Marks an error already reduced (so that an outer step does not reduce it again). */
const REDUCED = Symbol('record values hidden');

/** `error` as the policy lets it be shown (see the top of this file); anything but an API error as is. */
export function recordErrorShown(
  error: unknown,
  policy: RecordValuesPolicy,
  context: RecordErrorContext,
): unknown {
  if (policy === 'show' || !isApiError(error) || REDUCED in error) return error;
  return withoutValues(error, context);
}

function withoutValues(error: CrmApiError, context: RecordErrorContext): CrmApiError {
  const category = word(error.category);
  const subCategory = word(error.subCategory);
  const ids = unique([
    ...(context.ids ?? []),
    ...stringsOf(error.context.ids),
    ...stringsOf(error.context.id),
  ])
    .filter((id) => RECORD_ID.test(id))
    .sort((a, b) => a.length - b.length || a.localeCompare(b));
  const named = error.errors.flatMap((detail) => [
    ...stringsOf(detail.in),
    ...stringsOf(detail.context?.propertyName),
  ]);
  const properties = unique([...context.properties, ...named]).filter((p) => PROPERTY_NAME.test(p));
  const codes = unique(error.errors.flatMap((detail) => stringsOf(detail.code))).filter((c) => CODE.test(c));
  const details: ErrorDetail[] = codes.map((code) => ({ message: code, code }));
  const what = [
    error.status,
    category === error.code ? undefined : category,
    subCategory,
    codes.length > 0 ? codes.join(', ') : undefined,
  ]
    .filter((part) => part !== undefined)
    .join(' ');
  const records =
    ids.length === 0
      ? `${context.objectType} records`
      : `${context.objectType} record${ids.length === 1 ? '' : 's'} ${ids.slice(0, MAX_IDS).join(', ')}${ids.length > MAX_IDS ? `, and ${ids.length - MAX_IDS} more` : ''}`;
  const where = properties.map((p) => `${context.objectType}.${p}`).join(', ');
  const reduced = new CrmApiError(
    error.code,
    `the CRM answered ${what || error.code} about ${records} (${where}); its message is not shown, as it may quote record values (recordValues: hide)`,
    {
      method: error.method,
      path: error.path,
      ...defined({ status: error.status, category, subCategory, correlationId: word(error.correlationId) }),
      errors: details,
      context: { ids, propertyName: properties },
      hint: `Look at those records in the CRM (the policy's recordValues: show would show the CRM's message here). ${error.hint ?? ''}`.trim(),
    },
  );
  Object.defineProperty(reduced, REDUCED, { value: true });
  return reduced;
}

function word(value: string | undefined): string | undefined {
  return value !== undefined && WORD.test(value) ? value : undefined;
}

function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

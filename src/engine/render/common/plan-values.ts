/**
 * How values read in plan output. Strings are JSON-quoted so that `''`, leading or trailing spaces and
 * quotes are visible; an unset optional field (`null` in a field change) reads `(unset)`, never an empty
 * string that could be mistaken for one.
 */
import type { JsonValue } from '../../../core/json.js';

export const UNSET = '(unset)';

/** Long text is shown as a word diff rather than `old -> new`. */
const LONG_TEXT_FIELDS = new Set(['calculationFormula']);
const LONG_TEXT_LENGTH = 60;

export function formatValue(value: JsonValue | undefined): string {
  if (value === null || value === undefined) return UNSET;
  return JSON.stringify(value);
}

/** Whether a field change is shown as a word diff: a formula, or text over 60 characters or on several lines. */
export function isLongText(field: string, old: JsonValue, next: JsonValue): boolean {
  const texts = [old, next].filter((v) => v !== null);
  if (texts.length === 0 || texts.some((v) => typeof v !== 'string')) return false;
  if (LONG_TEXT_FIELDS.has(field)) return true;
  return (texts as string[]).some((t) => t.length > LONG_TEXT_LENGTH || t.includes('\n'));
}

/** An option value as written in option lines: bare when it is a plain identifier, else JSON-quoted. */
export function formatOptionValue(value: string): string {
  return /^[\w.:-]+$/.test(value) ? value : JSON.stringify(value);
}

import { countOf, formatCount } from '../../../core/count-text.js';

export { countOf, formatCount };

/** What a removed option's record count says next to it; `replacedBy`: the value its records get. */
export function recordsHolding(count: number, replacedBy?: string): string {
  if (replacedBy !== undefined)
    return `${countOf(count, 'record', 'records')} rewritten to ${formatOptionValue(replacedBy)}`;
  if (count === 0) return 'no record holds it';
  return count === 1 ? '1 record still holds it' : `${formatCount(count)} records still hold it`;
}

/**
 * Whether the live account already holds what a change wants (its end state), from the live resource
 * the change targets. Each kind says what "done" means for it with the helpers here. This is the evidence
 * apply acts on instead of guessing:
 * - after a write whose answer was lost: done -> applied (reconciled); `absent` -> a create was not
 *   applied and may be sent again; anything else -> failed, the user re-plans;
 * - after a 409 on a create: done -> already done; otherwise a conflict, with the differences;
 * - when a saved plan is verified: done -> already done (e.g. by an earlier, interrupted run).
 */
import type { JsonValue } from '../../../core/json.js';
import { canonicalJson } from '../canonical-json.js';
import type { FieldChange } from '../change-types.js';

/** One field that differs: `expected` is what the plan wanted, `actual` what is live. */
export interface FieldDifference {
  field: string;
  expected: JsonValue;
  actual: JsonValue;
}

export interface EndState {
  /** the live resource is what the change wants */
  done: boolean;
  /** the resource a create makes is absent: sending the create cannot make a second copy */
  absent: boolean;
  /** when not done: how the live resource differs from the wanted one */
  differences: FieldDifference[];
  /** a label's typeIds (its own direction's and the inverse's), when the live label is known */
  typeId?: number;
  inverseTypeId?: number;
}

export const MISSING: FieldDifference = { field: 'exists', expected: true, actual: false };
const PRESENT: FieldDifference = { field: 'exists', expected: false, actual: true };

export function missing(): EndState {
  return { done: false, absent: true, differences: [MISSING] };
}

/** A create: done when the live resource equals the wanted one, field for field. */
export function created(wanted: object, live: unknown): EndState {
  if (!isObject(live)) return missing();
  const differences = fieldDifferences(wanted, live);
  return { done: differences.length === 0, absent: false, differences };
}

/** An update: done when every changed field holds its new value. */
export function updated(fields: readonly FieldChange[], live: unknown): EndState {
  if (!isObject(live)) return missing();
  const differences = fieldsNotHolding(fields, 'new', live);
  return { done: differences.length === 0, absent: false, differences };
}

/** A removal: done when the resource is gone. */
export function removed(live: unknown): EndState {
  return live === undefined
    ? { done: true, absent: true, differences: [] }
    : { done: false, absent: false, differences: [PRESENT] };
}

/** Fields of `expected` whose value differs in `actual` (compared as canonical JSON; unset is null). */
export function fieldDifferences(
  expected: object,
  actual: object,
  fields: readonly string[] = unionKeys(expected, actual),
): FieldDifference[] {
  const e = expected as Record<string, unknown>;
  const a = actual as Record<string, unknown>;
  const out: FieldDifference[] = [];
  for (const field of fields) {
    if (canonicalJson(e[field] ?? null) !== canonicalJson(a[field] ?? null)) {
      out.push({ field, expected: json(e[field]), actual: json(a[field]) });
    }
  }
  return out;
}

/** The changed fields whose live value is not the change's `old` (or `new`) value, as differences. */
export function fieldsNotHolding(
  fields: readonly FieldChange[],
  side: 'old' | 'new',
  live: object,
): FieldDifference[] {
  const out: FieldDifference[] = [];
  for (const change of fields) {
    const actual = json((live as Record<string, unknown>)[change.field]);
    if (canonicalJson(actual) !== canonicalJson(change[side] ?? null))
      out.push({ field: change.field, expected: change[side], actual });
  }
  return out;
}

function unionKeys(a: object, b: object): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
}

function json(value: unknown): JsonValue {
  return value === undefined ? null : (value as JsonValue);
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

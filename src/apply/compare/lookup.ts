/**
 * The typeId a limit change acts on in a normalised live state (read back by `read-back.ts`), and
 * comparing values field by field. Shared by the stale check and by the reconciliation of uncertain or
 * conflicting writes; finding the live resource itself is `model/schema-lookup.ts`.
 */
import type { SchemaState } from '../../model/schema-model.js';
import { liveLabelByText } from '../../model/schema-lookup.js';
import { canonicalJson } from '../../plan/canonical-json.js';
import type { FieldChange, JsonValue, LimitSetChange } from '../../plan/change-types.js';
import { isRef, refKey } from '../../plan/change-types.js';
import type { FieldDifference } from '../types.js';

/**
 * The typeId a limit change acts on: its own, or for a `{ ref }` to a label created by the plan, the
 * typeId learned when the label was created (`typeIds`), else the live label's of that text.
 */
export function limitTypeId(
  meta: LimitSetChange['meta'],
  live: SchemaState | undefined,
  typeIds: ReadonlyMap<string, number>,
): number | undefined {
  if (!isRef(meta.typeId)) return meta.typeId;
  const known = typeIds.get(refKey(meta.typeId));
  if (known !== undefined) return known;
  if (live === undefined || meta.label === undefined) return undefined;
  return liveLabelByText(live, meta.from, meta.to, meta.label)?.typeId;
}

function json(value: unknown): JsonValue {
  return value === undefined ? null : (value as JsonValue);
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

function unionKeys(a: object, b: object): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
}

/** The value of `field` of a live resource, unset as null (as FieldChange stores it). */
function fieldValue(resource: object, field: string): JsonValue {
  return json((resource as Record<string, unknown>)[field]);
}

function sameJson(a: unknown, b: unknown): boolean {
  return canonicalJson(a ?? null) === canonicalJson(b ?? null);
}

/** The changed fields whose live value is not the change's `old` (or `new`) value, as differences. */
export function fieldsNotHolding(
  fields: readonly FieldChange[],
  side: 'old' | 'new',
  live: object,
): FieldDifference[] {
  const out: FieldDifference[] = [];
  for (const change of fields) {
    const actual = fieldValue(live, change.field);
    if (!sameJson(actual, change[side])) out.push({ field: change.field, expected: change[side], actual });
  }
  return out;
}

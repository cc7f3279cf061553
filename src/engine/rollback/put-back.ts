/** How a resource compares with what it was before an apply, field by field (pure helpers of rollbacks). */
import { canonicalJson } from '../plan/canonical-json.js';

/** Whether `now` holds what `before` held: in `fields` only, when the apply changed only those. */
export function holds(now: unknown, before: unknown, fields: readonly string[] | undefined): boolean {
  if (fields === undefined || !isRecord(now) || !isRecord(before)) return same(now, before);
  return fields.every((field) => same(now[field], before[field]));
}

/**
 * What a resource goes back to: `before` whole when the apply made or removed it; else the live resource
 * with the fields the apply changed put back (a field changed by someone else since keeps its value).
 */
export function backTo(before: unknown, now: unknown, fields: readonly string[] | undefined): unknown {
  if (fields === undefined || !isRecord(now) || !isRecord(before)) return before;
  const back = Object.entries(now).filter(([field]) => !fields.includes(field));
  for (const field of fields) if (field in before) back.push([field, before[field]]);
  return Object.fromEntries(back);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The same JSON value (key order aside); undefined only equals undefined. */
export function same(a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return a === b;
  return canonicalJson(JSON.parse(JSON.stringify(a))) === canonicalJson(b);
}

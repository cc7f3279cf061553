/**
 * What a rename's copy does with one record, the one rule the plan's count and apply's copy share:
 *
 * - the old property holds no value, or the new one holds the same: nothing to do;
 * - the new property holds no value: the old value is copied;
 * - both hold values that differ: the copy only ever writes a value the old property held, so the new
 *   value was written by the copy when the old property's history holds that value from before it was
 *   written to the new one. Then the old value (written to the old property since, by a form or an
 *   integration while the rename ran) is copied: the old property is the source until the rename
 *   finishes. Otherwise the new value was written by someone else: a **conflict**, kept or overwritten
 *   only as the manifest's `onConflict` says.
 *
 * Without a history to tell (the account returned none, or not that far back), the value counts as a
 * conflict: a value is never overwritten unless the copy can tell it wrote it. (A value someone wrote to
 * the new property that equals one the old property held before is taken for a copy.)
 *
 * A new property restored with stale values (`stale`: a rename of it to the old name archived it, after
 * copying every value it held to the old name, where they may have changed since) holds values the old
 * property held after they were written to the new one: a value the old property's history holds at any
 * time counts as carried over, and the old value is copied over it. One the old property never held is a
 * conflict as above.
 */
import type { ValueWithTimestamp } from '../../wire/api.js';

export type CopyStep = 'none' | 'copy' | 'compare';

type Value = string | null | undefined;

export function copyStep(old: Value, current: Value): CopyStep {
  if (old === undefined || old === null || old === '' || old === current) return 'none';
  if (current === undefined || current === null || current === '') return 'copy';
  return 'compare';
}

/**
 * Whether the new property's value `current` was written by the copy: the old property held it before it
 * was written to the new one (by the records' value histories of `from` and `to`); `stale`: at any time.
 */
export function writtenByCopy(
  history: Readonly<Record<string, readonly ValueWithTimestamp[]>> | undefined,
  from: string,
  to: string,
  current: string,
  stale = false,
): boolean {
  const written = latest(history?.[to]);
  if (written === undefined || written.value !== current) return false;
  return (history?.[from] ?? []).some((entry) => {
    const at = time(entry.timestamp);
    return entry.value === current && at !== undefined && (stale || at <= written.at);
  });
}

function latest(
  entries: readonly ValueWithTimestamp[] | undefined,
): { value: string; at: number } | undefined {
  let newest: { value: string; at: number } | undefined;
  for (const entry of entries ?? []) {
    const at = time(entry.timestamp);
    if (at !== undefined && (newest === undefined || at > newest.at)) newest = { value: entry.value, at };
  }
  return newest;
}

/** An ISO date-time, or milliseconds since the epoch. */
function time(timestamp: string): number | undefined {
  const ms = /^\d+$/.test(timestamp) ? Number(timestamp) : Date.parse(timestamp);
  return Number.isNaN(ms) ? undefined : ms;
}

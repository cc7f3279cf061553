/**
 * Record values and their history. Every change of a value is kept, newest first, with its timestamp
 * and source, so `propertiesWithHistory` reads can return it; an unchanged value adds no entry.
 */
import type { ValueWithTimestamp } from '../../wire/api.js';
import type { RecordState } from '../state/model.js';
import { own } from '../../core/own.js';

export const SOURCE_API = 'API';
export const SOURCE_CALCULATED = 'CALCULATED';

/** Sets (or with '' clears) a value; returns the previous value when it changed, else null. */
export function setValue(
  record: RecordState,
  name: string,
  value: string,
  timestamp: string,
  sourceType: string,
): { previous: string | undefined } | null {
  const previous = own(record.properties, name);
  if ((previous ?? '') === value) return null;
  // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- the emulator state is a JSON document (saved as is to the data file), not a Map
  if (value === '') delete record.properties[name];
  else record.properties[name] = value;
  const entry = { value, timestamp, sourceType };
  const entries = own(record.history, name);
  if (entries) entries.unshift(entry);
  else record.history[name] = [entry];
  return { previous };
}

/**
 * Marks a record as changed now. `hs_lastmodifieddate` is kept without history: it changes on every
 * write and its history would only repeat `updatedAt`.
 */
export function touch(record: RecordState, timestamp: string): void {
  record.updatedAt = timestamp;
  record.properties.hs_lastmodifieddate = timestamp;
}

export function historyOf(record: RecordState, name: string): ValueWithTimestamp[] {
  const entries = own(record.history, name);
  if (entries)
    return entries.map((e) => ({ value: e.value, timestamp: e.timestamp, sourceType: e.sourceType }));
  // the modification date has no stored history: its one known value is the current one
  const current = name === 'hs_lastmodifieddate' ? own(record.properties, name) : undefined;
  return current ? [{ value: current, timestamp: current, sourceType: SOURCE_CALCULATED }] : [];
}

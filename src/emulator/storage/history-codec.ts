/**
 * A record's value history as the snapshot stores it: most of a data file's bytes are histories, so they
 * are kept short.
 *
 *     ["2024-05-01T10:00:00.000Z","subject",2,"Second",0,0,"First","2024-04-30T09:00:00.000Z",0,…]
 *
 * The first element is a base timestamp, then for each property its name, the number of entries and
 * each entry as value, timestamp (0: the base) and source (0: API, 1: CALCULATED, else the text).
 * A history holding anything else than entries of three strings is stored as plain JSON (an object),
 * so that every history comes back exactly as it was.
 */
import type { HistoryEntry } from '../state/model.js';

export type History = Record<string, HistoryEntry[]>;

const SOURCES = ['API', 'CALCULATED'] as const;

function isPlainEntry(entry: unknown): entry is HistoryEntry {
  if (typeof entry !== 'object' || entry === null) return false;
  const { value, timestamp, sourceType } = entry as Record<string, unknown>;
  return (
    typeof value === 'string' &&
    typeof timestamp === 'string' &&
    typeof sourceType === 'string' &&
    Object.keys(entry).length === 3
  );
}

/** The history as the snapshot stores it (JSON text). */
export function encodeHistory(history: History): string {
  const packed: (string | number)[] = [''];
  let base: string | undefined;
  for (const [name, entries] of Object.entries(history)) {
    if (!Array.isArray(entries) || !entries.every(isPlainEntry)) return JSON.stringify(history);
    packed.push(name, entries.length);
    for (const { value, timestamp, sourceType } of entries) {
      base ??= timestamp;
      const source = (SOURCES as readonly string[]).indexOf(sourceType);
      packed.push(value, timestamp === base ? 0 : timestamp, source >= 0 ? source : sourceType);
    }
  }
  packed[0] = base ?? '';
  return JSON.stringify(packed);
}

function unpack(packed: unknown[]): History {
  const bad = () => new Error('it is not [base, name, count, value, time, source, ...]');
  const base = packed[0];
  if (typeof base !== 'string') throw bad();
  const history: History = {};
  let i = 1;
  while (i < packed.length) {
    const name = packed[i++];
    const count = packed[i++];
    if (typeof name !== 'string' || typeof count !== 'number' || i + 3 * count > packed.length) throw bad();
    const entries: HistoryEntry[] = [];
    for (let k = 0; k < count; k++) {
      const value = packed[i++];
      const time = packed[i++];
      const source = packed[i++];
      const timestamp = time === 0 ? base : time;
      const sourceType = typeof source === 'number' ? SOURCES[source] : source;
      if (typeof value !== 'string' || typeof timestamp !== 'string' || typeof sourceType !== 'string')
        throw bad();
      entries.push({ value, timestamp, sourceType });
    }
    history[name] = entries;
  }
  return history;
}

/** The history from what `encodeHistory` wrote; throws when it is neither form. */
export function decodeHistory(text: string): History {
  const value: unknown = JSON.parse(text);
  if (Array.isArray(value)) return unpack(value);
  if (typeof value !== 'object' || value === null) throw new Error('it is neither an array nor an object');
  return value as History;
}

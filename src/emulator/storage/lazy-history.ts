/**
 * Records read from a snapshot keep their value history as the snapshot's bytes until it is first used.
 * A history is read only by `propertiesWithHistory` reads and by writes to the record, yet it holds most
 * of a record's objects (one per value ever set): decoding every history at start-up would cost more than
 * the rest of the data file. The check sum of the snapshot, verified at start, covers these bytes.
 *
 * The record carries `history` as an accessor of its own, enumerable like the data property it stands
 * for: the first read (or assignment) replaces it with the decoded data property, so `JSON.stringify`,
 * spreads and deep comparisons see an ordinary record. Where the bytes are is kept under a symbol that
 * is not enumerable (invisible to all of these). The snapshot writer copies the bytes of a history that
 * was never decoded as they are.
 */
import type { HistoryEntry, RecordState } from '../state/model.js';

type History = Record<string, HistoryEntry[]>;

/** Where a record's history is: `source[start, end)`, a JSON object. */
export interface PackedHistory {
  source: Buffer;
  start: number;
  end: number;
}

const PACKED = Symbol('packed history');
type Packable = Record<PropertyKey, unknown> & { [PACKED]?: PackedHistory };

function settle(record: Packable, history: unknown): void {
  // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- the last property added: removing it keeps the record's shape fast
  delete record[PACKED];
  Object.defineProperty(record, 'history', {
    value: history,
    writable: true,
    enumerable: true,
    configurable: true,
  });
}

function decode(record: Packable): History {
  const packed = record[PACKED];
  const history: unknown = packed ? JSON.parse(packed.source.toString('utf8', packed.start, packed.end)) : {};
  if (typeof history !== 'object' || history === null || Array.isArray(history)) {
    throw new Error(`the stored history of record ${String(record.id)} is not an object`);
  }
  settle(record, history);
  return history as History;
}

// one getter and one setter for every record, so that records share their hidden class
const ACCESSOR: PropertyDescriptor = {
  get(this: Packable): History {
    return decode(this);
  },
  set(this: Packable, value: unknown) {
    settle(this, value);
  },
  enumerable: true,
  configurable: true,
};

/** Makes `record` a RecordState whose history is decoded from `packed` (a JSON object) on first use. */
export function withPackedHistory(record: Omit<RecordState, 'history'>, packed: PackedHistory): RecordState {
  Object.defineProperty(record, 'history', ACCESSOR);
  Object.defineProperty(record, PACKED, {
    value: packed,
    writable: true,
    enumerable: false,
    configurable: true,
  });
  return record as RecordState;
}

/** Where the undecoded history of a record is, when it was read from a snapshot and not used since. */
export function packedHistoryOf(record: RecordState): PackedHistory | undefined {
  return (record as unknown as Packable)[PACKED];
}

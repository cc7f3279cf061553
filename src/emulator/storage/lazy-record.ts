/**
 * Records read from a snapshot keep their `properties` and their `history` as the snapshot's bytes until
 * each is first used. Start-up then decodes only each record's few own fields: decoding every value (and
 * every history entry) of 100,000 records would take most of the start-up time. The values are decoded on
 * first use, or soon after start-up by `decodeRecordsInBackground`; the history, read only by
 * `propertiesWithHistory` reads and by writes to the record, stays packed until then. The check sum of the
 * snapshot, verified at start, covers these bytes.
 *
 * The record carries `properties` and `history` as accessors of its own, enumerable like the data
 * properties they stand for: the first read (or assignment) replaces each with the decoded data property,
 * so `JSON.stringify`, spreads and deep comparisons see an ordinary record. Where the bytes are is kept
 * under a symbol that is not enumerable (invisible to all of these). The snapshot writer copies the bytes
 * of what was never decoded as they are.
 */
import type { EmulatorState, RecordState } from '../state/model.js';
import { decodeHistory } from './history-codec.js';

/** Where a record's values and history are in `source` (a start of -1: decoded already). */
export interface PackedRecord {
  source: Buffer;
  /** the record's whole line (without its line break) while the record is as read; -1 once it changed */
  lineStart: number;
  lineEnd: number;
  propertiesStart: number;
  propertiesEnd: number;
  historyStart: number;
  historyEnd: number;
}

type Field = 'properties' | 'history';

const PACKED = Symbol('packed record');
type Packable = Record<PropertyKey, unknown> & { [PACKED]?: PackedRecord };

function forgetIfDone(record: Packable, packed: PackedRecord): void {
  // the last property added: removing it keeps the record's shape fast
  // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- see above
  if (packed.propertiesStart < 0 && packed.historyStart < 0 && packed.lineStart < 0) delete record[PACKED];
}

/** Replaces the accessor by the data property; `assigned`: a new value, so the record's line is stale. */
function settle(record: Packable, field: Field, value: unknown, assigned: boolean): void {
  Object.defineProperty(record, field, { value, writable: true, enumerable: true, configurable: true });
  const packed = record[PACKED];
  if (!packed) return;
  if (field === 'properties') packed.propertiesStart = -1;
  else packed.historyStart = -1;
  if (assigned) packed.lineStart = -1;
  forgetIfDone(record, packed);
}

/** Notes that a record read from a snapshot was changed: its line there no longer holds it. */
export function noteRecordChanged(record: RecordState): void {
  const packed = (record as unknown as Packable)[PACKED];
  if (!packed) return;
  packed.lineStart = -1;
  forgetIfDone(record as unknown as Packable, packed);
}

function decode(record: Packable, field: Field): unknown {
  const packed = record[PACKED];
  const start = field === 'properties' ? packed?.propertiesStart : packed?.historyStart;
  let value: unknown = {};
  if (packed && start !== undefined && start >= 0) {
    const end = field === 'properties' ? packed.propertiesEnd : packed.historyEnd;
    const text = packed.source.toString('utf8', start, end);
    try {
      value = field === 'properties' ? JSON.parse(text) : decodeHistory(text);
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw new Error('not an object');
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new Error(`the stored ${field} of record ${String(record.id)} are damaged: ${why}`);
    }
  }
  settle(record, field, value, false);
  return value;
}

// one getter and one setter per field for every record, so that records share their hidden class
const accessor = (field: Field): PropertyDescriptor => ({
  get(this: Packable): unknown {
    return decode(this, field);
  },
  set(this: Packable, value: unknown) {
    settle(this, field, value, true);
  },
  enumerable: true,
  configurable: true,
});
const PROPERTIES = accessor('properties');
const HISTORY = accessor('history');
// reused for every record (start-up attaches one to each of them)
const HIDDEN: PropertyDescriptor = {
  value: undefined,
  writable: true,
  enumerable: false,
  configurable: true,
};

/** Makes `fields` (a record's own fields but its values and history) a RecordState decoding those from `packed` on first use. */
export function withPackedRecord(
  fields: Omit<RecordState, 'properties' | 'history'>,
  packed: PackedRecord,
): RecordState {
  Object.defineProperty(fields, 'properties', PROPERTIES);
  Object.defineProperty(fields, 'history', HISTORY);
  HIDDEN.value = packed;
  Object.defineProperty(fields, PACKED, HIDDEN);
  HIDDEN.value = undefined;
  return fields as RecordState;
}

/** Where the undecoded values and history of a record are, when it was read from a snapshot. */
export function packedRecordOf(record: RecordState): PackedRecord | undefined {
  return (record as unknown as Packable)[PACKED];
}

/** The longest a slice of background decoding holds the event loop, in ms. */
const SLICE_MS = 4;
/** Records decoded between two looks at the clock. */
const CHECK_EVERY = 64;
/** How long to wait before looking again while the server is busy, in ms. */
const BUSY_WAIT_MS = 5;

export interface BackgroundDecode {
  /** true once the server closes: decoding stops */
  stopped(): boolean;
  /** true while requests are being answered (or were a moment ago): decoding waits */
  busy(): boolean;
  /** the clock, in ms (default `performance.now`) */
  now?: () => number;
}

/**
 * Decodes the values of every record still packed, so that the first search does not pay for them, and
 * without costing the requests anything: only while the server is idle (`busy()` false), in slices of
 * at most a few ms, each ending with a turn of the event loop. A request that arrives meanwhile waits at
 * most one slice; a server answering request after request postpones the decoding (a record a request
 * needs is decoded on first use anyway). Stops when `stopped()` says so.
 */
export function decodeRecordsInBackground(state: EmulatorState, options: BackgroundDecode): Promise<void> {
  const now = options.now ?? (() => performance.now());
  return new Promise((done) => {
    let pending: RecordState[] | undefined;
    let next = 0;
    const step = () => {
      if (options.stopped()) {
        done();
        return;
      }
      if (options.busy()) {
        setTimeout(step, BUSY_WAIT_MS).unref();
        return;
      }
      // listed on the first turn, not before: the caller is about to announce that it is ready
      pending ??= Object.values(state.objectTypes).flatMap((objectType) => Object.values(objectType.records));
      const until = now() + SLICE_MS;
      // a group of records at least, whatever the clock says: every slice makes progress
      for (let count = 0; next < pending.length; next++, count++) {
        if (count > 0 && count % CHECK_EVERY === 0 && now() >= until) break;
        const record = pending[next] as Packable & RecordState;
        try {
          if ((record[PACKED]?.propertiesStart ?? -1) >= 0) decode(record, 'properties');
        } catch {
          // left packed: a request that reads the record meets the error
        }
      }
      if (next < pending.length) setImmediate(step);
      else done();
    };
    setImmediate(step);
  });
}

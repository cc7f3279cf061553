/**
 * The data file's encodings (src/emulator/storage/): a snapshot gives back exactly the state it was
 * made of, whatever its records hold, also when written again from records never decoded; a record read
 * from a snapshot behaves as an ordinary object; histories keep every entry as it was; records read from
 * a snapshot are decoded in the background only while the server is idle, a few ms at a time.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EmulatorState, HistoryEntry, RecordState } from '../../src/emulator/state/model.js';
import { createInitialState } from '../../src/emulator/seed/initial.js';
import { decodeHistory, encodeHistory, type History } from '../../src/emulator/storage/history-codec.js';
import { decodeSnapshot, encodeSnapshot } from '../../src/emulator/storage/snapshot.js';
import { decodeRecordsInBackground, packedRecordOf } from '../../src/emulator/storage/lazy-record.js';

const text = fc.oneof(
  fc.string(),
  fc.constantFrom('', 'a\tb', 'line\nbreak', '"quoted"', 'é ü 漢字 🎉', '0', '1'),
);
const timestamp = fc.oneof(
  fc.constantFrom('2024-01-01T00:00:00.000Z', '2024-01-02T00:00:00.000Z'),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
);
const entry: fc.Arbitrary<HistoryEntry> = fc.record({
  value: text,
  timestamp,
  sourceType: fc.constantFrom('API', 'CALCULATED', 'IMPORT', '0', '1'),
});
const name = fc.constantFrom('subject', 'content', 'emu_a', 'emu_b', 'hs_object_id');
const history: fc.Arbitrary<History> = fc.dictionary(name, fc.array(entry, { maxLength: 4 }), { maxKeys: 4 });

const snapshotBytes = (state: EmulatorState, seq = 3) =>
  Buffer.concat(encodeSnapshot(state, { storeId: 'store', seq }).chunks);
/** The state as JSON sees it (reads every accessor). */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** A fresh account without its built-in schema: the records are what is tested, the schema only slows each run. */
const BASE = (() => {
  const state = createInitialState(7, '2024-01-01T00:00:00.000Z');
  for (const objectType of Object.values(state.objectTypes)) {
    objectType.properties = {};
    objectType.groups = {};
  }
  return state;
})();

function stateWith(records: { properties: Record<string, string>; history: History; archived: boolean }[]) {
  const state = structuredClone(BASE);
  const tickets = state.objectTypes['0-5']!;
  records.forEach((r, i) => {
    const id = String(i + 1);
    tickets.records[id] = {
      id,
      createdAt: '2024-01-01T00:00:00.000Z',
      updatedAt: '2024-01-03T00:00:00.000Z',
      archived: r.archived,
      ...(r.archived ? { archivedAt: '2024-01-03T00:00:00.000Z' } : {}),
      properties: r.properties,
      history: r.history,
    };
  });
  state.counters.record = records.length;
  if (records.length >= 2) {
    state.recordAssociations.push(
      {
        fromObjectTypeId: '0-5',
        fromId: '1',
        toObjectTypeId: '0-5',
        toId: '2',
        typeId: 1,
        category: 'HUBSPOT_DEFINED',
      },
      {
        fromObjectTypeId: '0-5',
        fromId: '2',
        toObjectTypeId: '0-5',
        toId: '1',
        typeId: 2,
        category: 'HUBSPOT_DEFINED',
      },
    );
  }
  return state;
}

const recordArb = fc.record({
  properties: fc.dictionary(name, text, { maxKeys: 4 }),
  history,
  archived: fc.boolean(),
});

describe('the history encoding', () => {
  it('gives back every history exactly', () => {
    fc.assert(
      fc.property(history, (h) => {
        expect(decodeHistory(encodeHistory(h))).toEqual(h);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps entries that are not three strings as they are (plain JSON)', () => {
    const odd = {
      subject: [{ value: 'a', timestamp: 't', sourceType: 'API', sourceId: 'x' }],
      other: [{ value: 3, timestamp: 't', sourceType: 'API' }],
    } as unknown as History;
    expect(encodeHistory(odd).startsWith('{')).toBe(true);
    expect(decodeHistory(encodeHistory(odd))).toEqual(odd);
  });

  it('writes the usual history short: the first timestamp once, known sources as numbers', () => {
    const h: History = {
      subject: [
        { value: 'two', timestamp: '2024-01-02T00:00:00.000Z', sourceType: 'API' },
        { value: 'one', timestamp: '2024-01-01T00:00:00.000Z', sourceType: 'CALCULATED' },
      ],
    };
    expect(encodeHistory(h)).toBe(
      '["2024-01-02T00:00:00.000Z","subject",2,"two",0,0,"one","2024-01-01T00:00:00.000Z",1]',
    );
  });
});

describe('the snapshot', () => {
  it('gives back the state exactly, and the same bytes when written again from records never decoded', () => {
    fc.assert(
      fc.property(fc.array(recordArb, { maxLength: 6 }), fc.nat(), (records, touch) => {
        const state = stateWith(records);
        const bytes = snapshotBytes(state);
        const decoded = decodeSnapshot(bytes);
        expect(decoded).toMatchObject({ layout: 'lines', storeId: 'store', seq: 3 });
        // written again before anything was decoded: the bytes are copied as they are
        expect(snapshotBytes(decoded.state).equals(bytes)).toBe(true);
        expect(plain(decoded.state)).toEqual(plain(state));
        // one record changed after reading: written again, it holds the change
        const ids = Object.keys(decoded.state.objectTypes['0-5']!.records);
        if (ids.length > 0) {
          const record = decoded.state.objectTypes['0-5']!.records[ids[touch % ids.length]!]!;
          record.properties.emu_new = 'changed';
          const again = decodeSnapshot(snapshotBytes(decoded.state)).state;
          expect(plain(again)).toEqual(plain(decoded.state));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('gives records that behave as ordinary objects', () => {
    const state = stateWith([
      {
        properties: { subject: 'A' },
        history: { subject: [{ value: 'A', timestamp: 't', sourceType: 'API' }] },
        archived: false,
      },
      { properties: { subject: 'B' }, history: {}, archived: true },
    ]);
    const tickets = decodeSnapshot(snapshotBytes(state)).state.objectTypes['0-5']!;
    const [first, second] = [tickets.records['1']!, tickets.records['2']!];
    expect(Object.keys(first)).toEqual(['id', 'createdAt', 'updatedAt', 'archived', 'properties', 'history']);
    expect(Object.getOwnPropertySymbols({ ...first })).toEqual([]);
    expect({ ...first }).toEqual(state.objectTypes['0-5']!.records['1']);
    expect(structuredClone(second)).toEqual(state.objectTypes['0-5']!.records['2']);
    // assigned before it was ever read
    const fresh = decodeSnapshot(snapshotBytes(state)).state.objectTypes['0-5']!.records['1']!;
    fresh.history = { subject: [] };
    expect(fresh.history).toEqual({ subject: [] });
    expect(fresh.properties).toEqual({ subject: 'A' });
    const same: RecordState = fresh;
    expect(same.properties).toBe(fresh.properties);
  });

  it('reads a data file of an earlier version (one JSON document)', () => {
    const state = stateWith([{ properties: { subject: 'x' }, history: {}, archived: false }]);
    expect(decodeSnapshot(Buffer.from(JSON.stringify(state, null, 2)))).toEqual({
      layout: 'document',
      state,
    });
  });
});

describe('decoding in the background', () => {
  const packed = (state: EmulatorState) =>
    Object.values(state.objectTypes['0-5']!.records).filter(
      (r) => (packedRecordOf(r)?.propertiesStart ?? -1) >= 0,
    ).length;
  const many = () =>
    decodeSnapshot(
      snapshotBytes(
        stateWith(
          Array.from({ length: 3_000 }, (_, i) => ({
            properties: { subject: `S${i}` },
            history: {},
            archived: false,
          })),
        ),
      ),
    ).state;

  it('waits while the server is busy, then decodes every record in slices', async () => {
    const state = many();
    expect(packed(state)).toBe(3_000);
    let busy = true;
    const finished = decodeRecordsInBackground(state, { stopped: () => false, busy: () => busy });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(packed(state)).toBe(3_000);
    busy = false;
    await finished;
    expect(packed(state)).toBe(0);
    expect(state.objectTypes['0-5']!.records['2999']!.properties).toEqual({ subject: 'S2998' });
  });

  it('holds the event loop no longer than a slice: a clock past its slice ends it at the next look', async () => {
    const state = many();
    let ms = 0;
    const finished = decodeRecordsInBackground(state, {
      stopped: () => false,
      busy: () => false,
      // every look at the clock is 10 ms later: each slice decodes one group of 64 records and yields
      now: () => (ms += 10),
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(packed(state)).toBe(3_000 - 64);
    await finished;
    expect(packed(state)).toBe(0);
  });

  it('stops when the server closes', async () => {
    const state = many();
    await decodeRecordsInBackground(state, { stopped: () => true, busy: () => false });
    expect(packed(state)).toBe(3_000);
  });
});

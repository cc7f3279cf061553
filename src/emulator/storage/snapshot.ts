/**
 * The snapshot: the whole state in the data file, as UTF-8 lines.
 *
 *     {"crmSchemaSnapshot":1,"storeId":"…","seq":41,"state":{…}}   the state without records and links
 *     ["records","0-5"]                                             the records of one object type follow
 *     {"id":"7",…,"archived":false}<TAB>{…values…}<TAB>[…history…]  one line per record
 *     ["links",[{…},{…},…]]                                          record associations, 1,000 a line
 *     {"end":true,"records":2,"links":4,"crc32":123456789}         counts and a check sum of all above
 *
 * `seq` is the last journal entry the snapshot holds (see journal.ts); `storeId` ties the journal to its
 * data file. A record line holds the record's own fields, then after a tab (JSON never holds a raw tab)
 * its `properties`, then after another its history (history-codec.ts). Start-up decodes the own fields
 * and keeps the bytes of the values and the history until first use (lazy-record.ts); the check sum lets
 * it refuse a damaged file all the same.
 *
 * A data file written by earlier versions (the state as one JSON document) is still read.
 */
import { crc32 } from 'node:zlib';
import { isJsonObject } from '../request-values.js';
import type { EmulatorState, ObjectTypeState, RecordAssociation, RecordState } from '../state/model.js';
import { findStateProblem, findUnitProblem } from '../state/state-shape.js';
import { encodeHistory } from './history-codec.js';
import { packedRecordOf, withPackedRecord } from './lazy-record.js';

export const SNAPSHOT_LAYOUT = 1;
const LINKS_PER_LINE = 1000;
const NEWLINE = 0x0a;
const TAB = 0x09;

/** Why a data file cannot be used; the caller names the file. */
export class DataFileProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataFileProblem';
  }
}

export interface SnapshotMeta {
  /** the data file's identity, shared by its journal */
  storeId: string;
  /** the last journal entry the snapshot holds (0: none) */
  seq: number;
}

export interface EncodedSnapshot {
  chunks: Buffer[];
  bytes: number;
}

const FIRST_CHUNK_BYTES = 64 * 1024;
const CHUNK_BYTES = 4 * 1024 * 1024;

/** Bytes in chunks (from 64 KiB, doubling up to 4 MiB, so a small state takes little), with their check sum. */
class ByteSink {
  readonly chunks: Buffer[] = [];
  crc = 0;
  bytes = 0;
  private current: Buffer | undefined;
  private size = FIRST_CHUNK_BYTES / 2;
  private used = 0;

  /** A chunk with room for `length` more bytes, or undefined when they take a chunk of their own. */
  private room(length: number): Buffer | undefined {
    if (this.current && length <= this.current.length - this.used) return this.current;
    this.seal();
    if (length > CHUNK_BYTES) return undefined;
    this.size = Math.min(this.size * 2, CHUNK_BYTES);
    this.current = Buffer.allocUnsafe(Math.max(this.size, length));
    return this.current;
  }

  text(text: string): void {
    // at most 3 bytes per UTF-16 unit
    const chunk = this.room(text.length * 3);
    if (chunk) this.used += chunk.write(text, this.used, 'utf8');
    else this.push(Buffer.from(text, 'utf8'));
  }

  /** `source[start, end)` as it is */
  raw(source: Buffer, start: number, end: number): void {
    const chunk = this.room(end - start);
    if (chunk) this.used += source.copy(chunk, this.used, start, end);
    else this.push(Buffer.from(source.subarray(start, end)));
  }

  seal(): void {
    if (this.current && this.used > 0) this.push(this.current.subarray(0, this.used));
    this.current = undefined;
    this.used = 0;
  }

  private push(chunk: Buffer): void {
    this.crc = crc32(chunk, this.crc);
    this.bytes += chunk.length;
    this.chunks.push(chunk);
  }
}

/** The record's own fields but its values and history (read without decoding packed ones). */
function ownFields(record: RecordState): Record<string, unknown> {
  const fields = record as unknown as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(fields))
    if (key !== 'properties' && key !== 'history') copy[key] = fields[key];
  return copy;
}

export interface EncodeOptions {
  /**
   * copy the line of each record read from a snapshot and not changed since (`noteRecordChanged`) as it
   * is; only when every change since start-up was described (a change made behind the store's back
   * would be missed)
   */
  reuseRecordLines?: boolean;
}

/** Encodes the state as a snapshot. Synchronous: the snapshot is the state at one instant. */
export function encodeSnapshot(
  state: EmulatorState,
  meta: SnapshotMeta,
  options: EncodeOptions = {},
): EncodedSnapshot {
  const sink = new ByteSink();
  const objectTypes: Record<string, ObjectTypeState> = {};
  for (const [id, objectType] of Object.entries(state.objectTypes))
    objectTypes[id] = { ...objectType, records: {} };
  const header = {
    crmSchemaSnapshot: SNAPSHOT_LAYOUT,
    storeId: meta.storeId,
    seq: meta.seq,
    state: { ...state, objectTypes, recordAssociations: [] },
  };
  sink.text(`${JSON.stringify(header)}\n`);
  let records = 0;
  for (const [id, objectType] of Object.entries(state.objectTypes)) {
    const all = Object.values(objectType.records);
    if (all.length > 0) sink.text(`${JSON.stringify(['records', id])}\n`);
    for (const record of all) {
      const packed = packedRecordOf(record);
      records++;
      if (options.reuseRecordLines === true && packed && packed.lineStart >= 0) {
        sink.raw(packed.source, packed.lineStart, packed.lineEnd);
        sink.text('\n');
        continue;
      }
      sink.text(`${JSON.stringify(ownFields(record))}\t`);
      if (packed && packed.propertiesStart >= 0)
        sink.raw(packed.source, packed.propertiesStart, packed.propertiesEnd);
      else sink.text(JSON.stringify(record.properties));
      sink.text('\t');
      if (packed && packed.historyStart >= 0) sink.raw(packed.source, packed.historyStart, packed.historyEnd);
      else sink.text(encodeHistory(record.history));
      sink.text('\n');
    }
  }
  const links = state.recordAssociations;
  for (let i = 0; i < links.length; i += LINKS_PER_LINE) {
    sink.text(`${JSON.stringify(['links', links.slice(i, i + LINKS_PER_LINE)])}\n`);
  }
  sink.seal();
  const end = { end: true, records, links: links.length, crc32: sink.crc };
  sink.text(`${JSON.stringify(end)}\n`);
  sink.seal();
  return { chunks: sink.chunks, bytes: sink.bytes };
}

export type DecodedSnapshot =
  | { layout: 'lines'; state: EmulatorState; storeId: string; seq: number }
  /** a data file of an earlier version: the state as one JSON document */
  | { layout: 'document'; state: EmulatorState };

const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

function parseJson(text: string): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    return { error: errorMessage(error) };
  }
}

function isSnapshotHeader(value: unknown): value is Record<string, unknown> {
  return isJsonObject(value) && Object.hasOwn(value, 'crmSchemaSnapshot');
}

/** Decodes a data file's bytes; throws a DataFileProblem saying what is wrong. */
export function decodeSnapshot(bytes: Buffer): DecodedSnapshot {
  const firstEnd = bytes.indexOf(NEWLINE);
  const first = parseJson(bytes.toString('utf8', 0, firstEnd < 0 ? bytes.length : firstEnd));
  if ('value' in first && isSnapshotHeader(first.value)) return decodeLines(bytes, first.value, firstEnd);
  return decodeDocument(
    bytes,
    firstEnd < 0 || bytes.subarray(firstEnd).toString().trim() === '' ? first : undefined,
  );
}

function decodeDocument(
  bytes: Buffer,
  whole: { value: unknown } | { error: string } | undefined,
): DecodedSnapshot {
  const text = bytes.toString('utf8');
  if (text.trim() === '') throw new DataFileProblem('is empty');
  const parsed = whole ?? parseJson(text);
  if ('error' in parsed) throw new DataFileProblem(`is not valid JSON (${parsed.error})`);
  const problem = findStateProblem(parsed.value);
  if (problem) throw new DataFileProblem(`is not a usable emulator state: ${problem}`);
  return { layout: 'document', state: parsed.value as EmulatorState };
}

function lineProblem(line: number, what: string): DataFileProblem {
  return new DataFileProblem(`is damaged: line ${line} ${what}`);
}

function readHeader(header: Record<string, unknown>): { storeId: string; seq: number; state: EmulatorState } {
  if (header.crmSchemaSnapshot !== SNAPSHOT_LAYOUT) {
    throw new DataFileProblem(
      `has snapshot layout ${JSON.stringify(header.crmSchemaSnapshot)}; this version of crm-schema reads layout ${SNAPSHOT_LAYOUT}`,
    );
  }
  const { storeId, seq, state } = header;
  if (typeof storeId !== 'string' || storeId === '') throw lineProblem(1, 'has no storeId');
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 0)
    throw lineProblem(1, 'has no valid seq');
  const problem = findStateProblem(state);
  if (problem) throw new DataFileProblem(`is not a usable emulator state: ${problem}`);
  return { storeId, seq, state: state as EmulatorState };
}

/** The end line: the bytes before it, and its counts. */
function readEnd(bytes: Buffer): { bodyEnd: number; records: number; links: number; crc: number } {
  const incomplete = new DataFileProblem('is incomplete: it does not end with its end line');
  if (bytes.length === 0 || bytes[bytes.length - 1] !== NEWLINE) throw incomplete;
  const start = bytes.lastIndexOf(NEWLINE, bytes.length - 2) + 1;
  const parsed = parseJson(bytes.toString('utf8', start, bytes.length - 1));
  const end = 'value' in parsed ? parsed.value : undefined;
  if (!isJsonObject(end) || end.end !== true) throw incomplete;
  const { records, links, crc32: crc } = end;
  if (typeof records !== 'number' || typeof links !== 'number' || typeof crc !== 'number') throw incomplete;
  return { bodyEnd: start, records, links, crc };
}

/** `bytes[start, end)` opens with `open` and closes with `close`. */
function enclosed(bytes: Buffer, start: number, end: number, open: number, close: number): boolean {
  return end > start + 1 && bytes[start] === open && bytes[end - 1] === close;
}

function decodeLines(bytes: Buffer, rawHeader: Record<string, unknown>, headerEnd: number): DecodedSnapshot {
  const { storeId, seq, state } = readHeader(rawHeader);
  const end = readEnd(bytes);
  if (crc32(bytes.subarray(0, end.bodyEnd)) !== end.crc) {
    throw new DataFileProblem('is damaged: its check sum does not match its content');
  }
  let records = 0;
  let line = 1;
  let objectType: ObjectTypeState | undefined;
  for (let start = headerEnd + 1; start < end.bodyEnd;) {
    line++;
    const stop = bytes.indexOf(NEWLINE, start);
    const tab = bytes.indexOf(TAB, start);
    if (tab >= 0 && tab < stop) {
      if (!objectType) throw lineProblem(line, 'is a record line before any ["records", objectTypeId] line');
      let record: unknown;
      try {
        record = JSON.parse(bytes.toString('utf8', start, tab));
      } catch {
        record = undefined;
      }
      if (!isJsonObject(record) || typeof record.id !== 'string') {
        throw lineProblem(line, 'is not a usable record: it needs an id (a string)');
      }
      const fields = record as unknown as Omit<RecordState, 'properties' | 'history'>;
      if (
        Object.hasOwn(fields, 'properties') ||
        Object.hasOwn(fields, 'history') ||
        Object.hasOwn(objectType.records, fields.id)
      ) {
        throw lineProblem(line, `repeats record ${fields.id} or its fields`);
      }
      // the values (an object) and the history (an array, or an object): decoded on first use, the check
      // sum covers them meanwhile
      const second = bytes.indexOf(TAB, tab + 1);
      if (second < 0 || second > stop || !enclosed(bytes, tab + 1, second, 0x7b, 0x7d)) {
        throw lineProblem(line, 'has no values object after its first tab');
      }
      if (!enclosed(bytes, second + 1, stop, 0x5b, 0x5d) && !enclosed(bytes, second + 1, stop, 0x7b, 0x7d)) {
        throw lineProblem(line, 'has no history after its second tab');
      }
      objectType.records[fields.id] = withPackedRecord(fields, {
        source: bytes,
        lineStart: start,
        lineEnd: stop,
        propertiesStart: tab + 1,
        propertiesEnd: second,
        historyStart: second + 1,
        historyEnd: stop,
      });
      records++;
    } else {
      const parsed = parseJson(bytes.toString('utf8', start, stop));
      const value = 'value' in parsed ? parsed.value : undefined;
      if (
        Array.isArray(value) &&
        value.length === 2 &&
        value[0] === 'records' &&
        typeof value[1] === 'string'
      ) {
        const id = value[1];
        objectType = Object.hasOwn(state.objectTypes, id) ? state.objectTypes[id] : undefined;
        if (!objectType) throw lineProblem(line, `names unknown object type ${JSON.stringify(id)}`);
        start = stop + 1;
        continue;
      }
      if (!Array.isArray(value) || value[0] !== 'links' || !Array.isArray(value[1])) {
        throw lineProblem(line, 'is neither a record nor a records or links line');
      }
      for (const entry of value[1] as unknown[]) {
        const problem = findUnitProblem('link', entry, 'a record association');
        if (problem) throw lineProblem(line, `holds an unusable record association: ${problem}`);
        state.recordAssociations.push(entry as RecordAssociation);
      }
    }
    start = stop + 1;
  }
  if (records !== end.records || state.recordAssociations.length !== end.links) {
    throw new DataFileProblem(
      `is damaged: it holds ${records} records and ${state.recordAssociations.length} record associations, its end line says ${end.records} and ${end.links}`,
    );
  }
  return { layout: 'lines', state, storeId, seq };
}

/**
 * The snapshot: the whole state in the data file, as UTF-8 lines.
 *
 *     {"crmSchemaSnapshot":1,"storeId":"…","seq":41,"state":{…}}      the state without records and links
 *     ["record","0-5",{"id":"7",…,"properties":{…}}]<TAB>{…history…}   one line per record
 *     ["links",[{…},{…},…]]                                             record associations, 1,000 a line
 *     {"end":true,"records":2,"links":4,"crc32":123456789}            counts and a check sum of all above
 *
 * `seq` is the last journal entry the snapshot holds (see journal.ts); `storeId` ties the journal to its
 * data file. A record line holds the record without its history, then a tab (JSON never holds a raw tab),
 * then the history: start-up decodes the record and keeps the history's bytes until first use
 * (lazy-history.ts). The check sum lets start-up refuse a damaged file although it does not decode
 * every history.
 *
 * A data file written by earlier versions (the state as one JSON document) is still read.
 */
import { crc32 } from 'node:zlib';
import { isJsonObject } from '../request-values.js';
import type { EmulatorState, ObjectTypeState, RecordAssociation, RecordState } from '../state/model.js';
import { findStateProblem, findUnitProblem } from '../state/state-shape.js';
import { packedHistoryOf, withPackedHistory } from './lazy-history.js';

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

const CHUNK_BYTES = 4 * 1024 * 1024;

/** Bytes in chunks of a few MiB, with their running check sum. */
class ByteSink {
  readonly chunks: Buffer[] = [];
  crc = 0;
  bytes = 0;
  private current = Buffer.allocUnsafe(CHUNK_BYTES);
  private used = 0;

  text(text: string): void {
    // at most 3 bytes per UTF-16 unit
    const most = text.length * 3;
    if (most > CHUNK_BYTES - this.used) {
      this.seal();
      if (most > CHUNK_BYTES) {
        this.push(Buffer.from(text, 'utf8'));
        return;
      }
    }
    this.used += this.current.write(text, this.used, 'utf8');
  }

  /** `source[start, end)` as it is */
  raw(source: Buffer, start: number, end: number): void {
    const length = end - start;
    if (length > CHUNK_BYTES - this.used) {
      this.seal();
      if (length > CHUNK_BYTES) {
        this.push(Buffer.from(source.subarray(start, end)));
        return;
      }
    }
    this.used += source.copy(this.current, this.used, start, end);
  }

  seal(): void {
    if (this.used === 0) return;
    this.push(this.current.subarray(0, this.used));
    this.current = Buffer.allocUnsafe(CHUNK_BYTES);
    this.used = 0;
  }

  private push(chunk: Buffer): void {
    this.crc = crc32(chunk, this.crc);
    this.bytes += chunk.length;
    this.chunks.push(chunk);
  }
}

/** The record's own fields but its history (read without decoding a packed history). */
function withoutHistory(record: RecordState): Record<string, unknown> {
  const fields = record as unknown as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(fields)) if (key !== 'history') copy[key] = fields[key];
  return copy;
}

/** Encodes the state as a snapshot. Synchronous: the snapshot is the state at one instant. */
export function encodeSnapshot(state: EmulatorState, meta: SnapshotMeta): EncodedSnapshot {
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
    const prefix = `["record",${JSON.stringify(id)},`;
    for (const record of Object.values(objectType.records)) {
      sink.text(`${prefix}${JSON.stringify(withoutHistory(record))}]\t`);
      const packed = packedHistoryOf(record);
      if (packed) sink.raw(packed.source, packed.start, packed.end);
      else sink.text(JSON.stringify(record.history));
      sink.text('\n');
      records++;
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

function decodeLines(bytes: Buffer, rawHeader: Record<string, unknown>, headerEnd: number): DecodedSnapshot {
  const { storeId, seq, state } = readHeader(rawHeader);
  const end = readEnd(bytes);
  if (crc32(bytes.subarray(0, end.bodyEnd)) !== end.crc) {
    throw new DataFileProblem('is damaged: its check sum does not match its content');
  }
  let records = 0;
  let line = 1;
  let objectTypeId: string | undefined;
  let objectType: ObjectTypeState | undefined;
  for (let start = headerEnd + 1; start < end.bodyEnd;) {
    line++;
    const stop = bytes.indexOf(NEWLINE, start);
    const tab = bytes.indexOf(TAB, start);
    if (tab >= 0 && tab < stop) {
      const parsed = parseJson(bytes.toString('utf8', start, tab));
      const value = 'value' in parsed ? parsed.value : undefined;
      if (
        !Array.isArray(value) ||
        value.length !== 3 ||
        value[0] !== 'record' ||
        typeof value[1] !== 'string'
      ) {
        throw lineProblem(line, 'is not a record line');
      }
      if (value[1] !== objectTypeId) {
        objectTypeId = value[1];
        objectType = Object.hasOwn(state.objectTypes, objectTypeId)
          ? state.objectTypes[objectTypeId]
          : undefined;
      }
      if (!objectType)
        throw lineProblem(line, `holds a record of unknown object type ${JSON.stringify(objectTypeId)}`);
      const record: unknown = value[2];
      if (!isJsonObject(record) || typeof record.id !== 'string' || !isJsonObject(record.properties)) {
        throw lineProblem(
          line,
          'is not a usable record: it needs an id (a string) and properties (an object)',
        );
      }
      const fields = record as unknown as Omit<RecordState, 'history'>;
      if (Object.hasOwn(fields, 'history') || Object.hasOwn(objectType.records, fields.id)) {
        throw lineProblem(line, `repeats record ${fields.id}`);
      }
      if (bytes[tab + 1] !== 0x7b || bytes[stop - 1] !== 0x7d)
        throw lineProblem(line, 'has no history object');
      objectType.records[fields.id] = withPackedHistory(fields, { source: bytes, start: tab + 1, end: stop });
      records++;
    } else {
      const parsed = parseJson(bytes.toString('utf8', start, stop));
      const value = 'value' in parsed ? parsed.value : undefined;
      if (!Array.isArray(value) || value[0] !== 'links' || !Array.isArray(value[1])) {
        throw lineProblem(line, 'is neither a record nor a links line');
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

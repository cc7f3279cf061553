/**
 * An apply record written as the apply goes. Before the first write the record is written whole, every
 * change `not-run` and `complete: false` (a folder that cannot be written stops the apply there, before
 * any write); then each thing the run learns is appended, one JSON line at a time, to the journal beside
 * it (`<id>.journal`): the changes a write is about to be sent for, each outcome, the values data steps
 * wrote, their progress, the typeIds learned. Each line is written synchronously before the run goes on,
 * so a run killed at any moment (SIGKILL included) leaves a record that says what was sent and what came
 * of it. When the run ends (or is interrupted by a signal), the journal is folded into the record file and
 * removed; a reader folds a journal it finds (a killed run's), see record-file.ts.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ChangeOutcome, RecordValueWrite } from '../apply/types.js';
import { CrmSchemaError } from '../../core/errors.js';
import { forFile } from '../../core/output-gate.js';
import { readRegularFile } from '../../core/regular-file.js';
import { writeFileAtomic } from '../../core/write-file-atomic.js';
import { MAX_RECORDED_VALUES } from '../plan/reversibility.js';
import {
  emptyTrace,
  foldRecord,
  tracedOutcome,
  type KeptWrite,
  type RunTrace,
  type TracedOutcome,
} from './make-record.js';
import { OUTCOMES, type ApplyRecord } from './shape/record-shape.js';

/** The largest journal read (values are bounded per change; a journal is a few MB at most). */
export const MAX_JOURNAL_BYTES = 256 * 1024 * 1024;

/** The journal beside a record file: `x.json` -> `x.journal`. */
export function journalPath(recordPath: string): string {
  return `${recordPath.endsWith('.json') ? recordPath.slice(0, -'.json'.length) : recordPath}.journal`;
}

/** One line of a journal. */
type JournalLine =
  | { sent: string[] }
  | { outcome: string; result: TracedOutcome }
  | { values: string; writes: KeptWrite[] }
  | { progress: string; read: number; written: number }
  | { typeIds: [string, number][] }
  | { end: NonNullable<RunTrace['end']> }
  | { masked: true };

export class RecordWriter {
  readonly #path: string;
  readonly #opened: ApplyRecord;
  readonly #keep: (changeId: string, writes: readonly RecordValueWrite[]) => KeptWrite[];
  #fd: number | undefined;
  /** values kept per change so far (the bound) */
  readonly #counts = new Map<string, number>();
  #typeIdsKept = 0;
  #failure: Error | undefined;
  readonly #onFailure: (error: Error) => void;

  private constructor(
    path: string,
    opened: ApplyRecord,
    keep: (changeId: string, writes: readonly RecordValueWrite[]) => KeptWrite[],
    fd: number,
    onFailure: (error: Error) => void,
  ) {
    this.#path = path;
    this.#opened = opened;
    this.#keep = keep;
    this.#fd = fd;
    this.#onFailure = onFailure;
  }

  /**
   * Writes the opened record and starts its journal. A folder or file that cannot be written is an error
   * here, before the apply sends anything. `onFailure` is told when a later line cannot be written (a full
   * disk): the apply then stops sending, since what it does next could not be recorded.
   */
  static async open(
    path: string,
    opened: ApplyRecord,
    keep: (changeId: string, writes: readonly RecordValueWrite[]) => KeptWrite[],
    onFailure: (error: Error) => void,
  ): Promise<RecordWriter> {
    let fd: number | undefined;
    try {
      // the journal first, as a new file: never one that exists (a link, or the journal of a killed run,
      // which says what that run sent and must be kept)
      await mkdir(dirname(path), { recursive: true });
      fd = openSync(journalPath(path), 'wx');
      // a secret masked in it: said in the record, so that rollback never puts back the mask
      const record = masks(opened) ? { ...opened, masked: true } : opened;
      await writeFileAtomic(path, recordText(record));
      return new RecordWriter(path, record, keep, fd, onFailure);
    } catch (error) {
      if (fd !== undefined) {
        closeSync(fd);
        await rm(journalPath(path), { force: true });
      }
      const taken = (error as NodeJS.ErrnoException).code === 'EEXIST';
      throw new CrmSchemaError(
        'RECORD_UNWRITABLE',
        taken
          ? `The apply record cannot be written to ${path}: the journal of another apply is there (${journalPath(path)}: a killed run's, which says what it sent). Nothing was sent to the CRM.`
          : `The apply record cannot be written to ${path}: ${(error as Error).message}. Nothing was sent to the CRM.`,
        {
          hint: taken
            ? 'Keep that record with its journal (crm-schema history reads them; move both aside if you must), or name another file with --record FILE, then apply again.'
            : 'Make the record folder writable (applyRecords in crm-schema.yaml, default .crm-schema/applies), or name a writable file with --record FILE, then apply again.',
          cause: error,
        },
      );
    }
  }

  get path(): string {
    return this.#path;
  }

  /** the first line that could not be written, if any */
  get failure(): Error | undefined {
    return this.#failure;
  }

  sent(ids: readonly string[]): void {
    if (ids.length > 0) this.#append({ sent: [...ids] });
  }

  outcome(outcome: ChangeOutcome): void {
    this.#append({ outcome: outcome.id, result: tracedOutcome(outcome) });
  }

  values(changeId: string, writes: readonly RecordValueWrite[]): void {
    const count = this.#counts.get(changeId) ?? 0;
    const room = MAX_RECORDED_VALUES - count;
    if (room <= 0 || writes.length === 0) return;
    const kept = this.#keep(changeId, writes.slice(0, room));
    this.#counts.set(changeId, count + kept.length);
    this.#append({ values: changeId, writes: kept });
  }

  progress(changeId: string, read: number, written: number): void {
    this.#append({ progress: changeId, read, written });
  }

  /** every typeId known so far (insertion order): the new ones are appended */
  typeIds(known: ReadonlyMap<string, number>): void {
    if (known.size <= this.#typeIdsKept) return;
    const fresh = [...known].slice(this.#typeIdsKept);
    this.#typeIdsKept = known.size;
    this.#append({ typeIds: fresh });
  }

  /**
   * Ends the run's record: the journal folded into the record file, and removed. `stoppedBy` names the
   * signal that interrupted the run. Returns the record as written.
   */
  async finish(end: NonNullable<RunTrace['end']>): Promise<ApplyRecord> {
    this.#append({ end });
    this.close();
    const journal = journalPath(this.#path);
    const trace = traceOf(await readJournal(journal));
    const record = foldRecord(this.#opened, trace);
    await writeFileAtomic(this.#path, recordText(record));
    await rm(journal, { force: true });
    return record;
  }

  #masked = false;

  #append(line: JournalLine): void {
    if (this.#fd === undefined || this.#failure !== undefined) return;
    try {
      const raw = `${JSON.stringify(line)}\n`;
      const text = forFile(raw);
      if (text !== raw && !this.#masked) {
        this.#masked = true;
        writeSync(this.#fd, `${JSON.stringify({ masked: true })}\n`);
      }
      writeSync(this.#fd, text);
    } catch (error) {
      this.#failure = error as Error;
      this.#onFailure(this.#failure);
    }
  }

  /** Closes the journal without folding it (the run ended with an error): readers fold it. */
  close(): void {
    if (this.#fd === undefined) return;
    try {
      closeSync(this.#fd);
    } finally {
      this.#fd = undefined;
    }
  }
}

/** A record as written: through the output gate for files (a token or credential in it is masked). */
export function recordText(record: ApplyRecord): string {
  return forFile(rawText(record));
}

function rawText(record: ApplyRecord): string {
  return `${JSON.stringify(record, null, 2)}\n`;
}

/** Whether the output gate would mask something in the record. */
function masks(record: ApplyRecord): boolean {
  const raw = rawText(record);
  return forFile(raw) !== raw;
}

/** The journal's text, or undefined when there is none. */
export async function readJournal(path: string): Promise<string | undefined> {
  try {
    return (await readRegularFile(path, { maxBytes: MAX_JOURNAL_BYTES })).toString('utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The trace a journal holds. Lines are checked one by one (a journal is a file like any other); a line
 * cut short by a kill (the last, with no line feed) or of no known shape is left out.
 */
export function traceOf(text: string | undefined): RunTrace {
  const trace = emptyTrace();
  if (text === undefined) return trace;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    addLine(trace, value);
  }
  return trace;
}

function addLine(trace: RunTrace, value: unknown): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
  const line = value as Record<string, unknown>;
  if (Array.isArray(line.sent)) {
    for (const id of line.sent) if (typeof id === 'string') trace.sent.add(id);
  } else if (typeof line.outcome === 'string') {
    const result = tracedResult(line.result);
    if (result !== undefined) trace.outcomes.set(line.outcome, result);
  } else if (typeof line.values === 'string' && Array.isArray(line.writes)) {
    const list = trace.values.get(line.values) ?? [];
    for (const write of line.writes) {
      const kept = keptWrite(write);
      if (kept !== undefined && list.length < MAX_RECORDED_VALUES) list.push(kept);
    }
    trace.values.set(line.values, list);
  } else if (typeof line.progress === 'string' && isCount(line.read) && isCount(line.written)) {
    trace.progress.set(line.progress, { read: line.read, written: line.written });
  } else if (Array.isArray(line.typeIds)) {
    for (const entry of line.typeIds)
      if (Array.isArray(entry) && typeof entry[0] === 'string' && Number.isSafeInteger(entry[1]))
        trace.typeIds.set(entry[0], entry[1] as number);
  } else if (line.masked === true) {
    trace.masked = true;
  } else if (typeof line.end === 'object' && line.end !== null) {
    const end = line.end as Record<string, unknown>;
    if (typeof end.finishedAt === 'string' && typeof end.ok === 'boolean')
      trace.end = {
        finishedAt: end.finishedAt,
        ok: end.ok,
        ...(typeof end.stoppedBy === 'string' ? { stoppedBy: end.stoppedBy } : {}),
      };
  }
}

function tracedResult(value: unknown): TracedOutcome | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const result = value as Record<string, unknown>;
  if (!(OUTCOMES as readonly unknown[]).includes(result.outcome)) return undefined;
  const records = result.records as Record<string, unknown> | undefined;
  const work =
    records !== undefined &&
    isCount(records.read) &&
    isCount(records.written) &&
    isCount(records.passes) &&
    typeof records.verified === 'boolean'
      ? {
          read: records.read,
          written: records.written,
          passes: records.passes,
          verified: records.verified,
          ...(isCount(records.conflicts) ? { conflicts: records.conflicts } : {}),
          ...(isCount(records.kept) ? { kept: records.kept } : {}),
        }
      : undefined;
  return {
    outcome: result.outcome as TracedOutcome['outcome'],
    ...(typeof result.error === 'string' ? { error: result.error } : {}),
    ...(work === undefined ? {} : { records: work }),
  };
}

function keptWrite(value: unknown): KeptWrite | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const write = value as Record<string, unknown>;
  if (typeof write.id !== 'string' || typeof write.property !== 'string') return undefined;
  const text = (key: string) => {
    const value = write[key];
    return typeof value === 'string' ? { [key]: value } : {};
  };
  return { id: write.id, property: write.property, ...text('before'), ...text('after') };
}

function isCount(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

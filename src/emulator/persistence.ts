/**
 * `--data FILE`: the state is loaded from the file on start and saved so that nothing acknowledged is
 * ever lost: a reply that follows a change is sent only once the change is on disk.
 *
 * The data file holds a snapshot of the whole state (storage/snapshot.ts); `FILE.journal` next to it
 * holds the writes since (storage/journal.ts). A write appends one line to the journal with the units it
 * changed (a record, a property, ...) and syncs it, so its cost does not grow with the state. When the
 * journal outgrows a quarter of the snapshot (and 1 MiB), the next write rewrites the snapshot instead
 * (atomically: a temp file created exclusively under a random name, fsync, rename) and removes the
 * journal; so does a change that does not say what it changed (`markDirty()` alone), `save()` and the
 * close. A crash at any point loses nothing acknowledged:
 *
 * - killed while appending: the journal ends in part of a line that was never answered; it is ignored,
 *   and cut off before the next append;
 * - killed after the snapshot's rename but before the journal is removed: the snapshot records the last
 *   journal entry it holds (`seq`), so start-up skips those entries instead of applying them twice.
 *
 * Writes are coalesced: at most one runs and at most one more waits, taking every change made meanwhile.
 * A damaged data file or journal, or one that is not a regular file (a FIFO, a device), is refused at
 * start and never overwritten.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, unlink, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CrmSchemaError } from '../core/errors.js';
import { kindOfFile } from '../core/regular-file.js';
import { EmulatorError, toErrorBody } from './errors.js';
import type { EmulatorState } from './state/model.js';
import { changeKey, type StateChange } from './state/changes.js';
import { syncDirectory, writeAll, writeFileAtomically } from './storage/atomic-write.js';
import { captureChange, journalHeader, journalLine } from './storage/journal.js';
import { noteRecordChanged } from './storage/lazy-record.js';
import { encodeSnapshot } from './storage/snapshot.js';
import { own } from '../core/own.js';
import { errorCode, errorMessage, journalFileOf, toError, type StoredState } from './storage/read-state.js';

export { writeFileAtomically } from './storage/atomic-write.js';

export {
  journalFileOf,
  loadStateFiles,
  prefetchStateFiles,
  readStateFile,
  type StoredState,
} from './storage/read-state.js';

export interface StateWriterOptions {
  /** what start-up read from the file; absent: the file is new (its first write is a snapshot) */
  stored?: StoredState;
  /** journal size above which the next write rewrites the snapshot; default a quarter of the snapshot, at least 1 MiB */
  journalLimitBytes?: number;
}

const MIN_JOURNAL_LIMIT = 1024 * 1024;
const O_NOFOLLOW = (constants.O_NOFOLLOW as number | undefined) ?? 0;

/**
 * Tracks changes (`markDirty`) and saves them when asked (`flush`): the units named by the changes as
 * one journal line, or the whole state as a snapshot. A version number counts changes; a write records
 * the version it holds, so a flush waits only for a write that covers its change, joining a running or
 * waiting write when one does.
 */
export class StateWriter {
  /** number of completed file writes (journal lines and snapshots) */
  writes = 0;
  readonly journalFile: string;
  private dirtyVersion = 0;
  private savedVersion = 0;
  private running: { version: number; done: Promise<void> } | undefined;
  private waiting: Promise<void> | undefined;
  /** changes not yet saved, one per unit */
  private readonly pending = new Map<string, StateChange>();
  /** the next write must be a snapshot: a new file, an earlier version's file, an undescribed change, a failed write */
  private snapshotNeeded: boolean;
  private readonly storeId: string;
  private seq: number;
  private snapshotBytes: number;
  private journalBytes: number;
  /** the whole lines of a journal found at start, to continue after cutting off a torn last line */
  private keptJournal: number | undefined;
  private handle: FileHandle | undefined;
  private readonly journalLimit: number | undefined;
  /** every change since start-up said what it changed: a snapshot may copy the lines of unchanged records */
  private reuseRecordLines = true;

  constructor(
    readonly file: string,
    private readonly getState: () => EmulatorState,
    options: StateWriterOptions = {},
  ) {
    const { stored } = options;
    this.journalFile = journalFileOf(file);
    this.snapshotNeeded = stored?.layout !== 'lines';
    this.storeId = stored?.storeId ?? randomBytes(9).toString('base64url');
    this.seq = stored?.seq ?? 0;
    this.snapshotBytes = stored?.snapshotBytes ?? 0;
    this.journalBytes = stored?.journalBytes ?? 0;
    this.keptJournal = stored?.journalBytes;
    this.journalLimit = options.journalLimitBytes;
  }

  /** Notes a change: with the units it changed, or with none when it does not say (the next write is a snapshot). */
  markDirty(...changes: StateChange[]): void {
    this.dirtyVersion++;
    if (changes.length === 0) {
      this.snapshotNeeded = true;
      // what changed is unknown: no record line read at start can be trusted to hold its record any more
      this.reuseRecordLines = false;
    }
    for (const change of changes) {
      this.pending.set(changeKey(change), change);
      if (change.kind === 'record') {
        const record = own(own(this.getState().objectTypes, change.objectTypeId)?.records ?? {}, change.id);
        if (record) noteRecordChanged(record);
      }
    }
  }

  get isDirty(): boolean {
    return this.dirtyVersion !== this.savedVersion;
  }

  /** Resolves once every change marked so far is on disk; rejects when the write fails. */
  flush(): Promise<void> {
    const wanted = this.dirtyVersion;
    if (this.savedVersion >= wanted) return Promise.resolve();
    if (this.running && this.running.version >= wanted) return this.running.done;
    if (this.waiting) return this.waiting;
    if (!this.running) return this.startWrite();
    this.waiting = this.running.done
      .catch(() => undefined)
      .then(() => {
        this.waiting = undefined;
        return this.startWrite();
      });
    return this.waiting;
  }

  /** Writes the whole state as a snapshot whether or not a change was marked (the state may have been changed directly). */
  save(): Promise<void> {
    this.markDirty();
    return this.flush();
  }

  /** Closes the journal (after the last write). */
  async close(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    await handle?.close();
  }

  private startWrite(): Promise<void> {
    const version = this.dirtyVersion;
    const limit = this.journalLimit ?? Math.max(MIN_JOURNAL_LIMIT, this.snapshotBytes / 4);
    let write: Promise<void>;
    try {
      // the units, or the snapshot, are read synchronously: they hold exactly the changes up to `version`
      write = this.snapshotNeeded || this.journalBytes > limit ? this.writeSnapshot() : this.appendEntry();
    } catch (error) {
      return Promise.reject(toError(error));
    }
    const running = {
      version,
      done: write.then(
        () => {
          this.writes++;
          if (version > this.savedVersion) this.savedVersion = version;
        },
        (error: unknown) => {
          // whatever the failed write held is saved by the next one, a snapshot
          this.snapshotNeeded = true;
          throw toError(error);
        },
      ),
    };
    this.running = running;
    void running.done
      .catch(() => undefined)
      .then(() => {
        if (this.running === running) this.running = undefined;
      });
    return running.done;
  }

  private writeSnapshot(): Promise<void> {
    const encoded = encodeSnapshot(
      this.getState(),
      { storeId: this.storeId, seq: this.seq },
      { reuseRecordLines: this.reuseRecordLines },
    );
    this.snapshotNeeded = false;
    this.pending.clear();
    return (async () => {
      await writeFileAtomically(this.file, encoded.chunks);
      this.snapshotBytes = encoded.bytes;
      // every entry of the journal is in the snapshot now (a crash before the removal: start-up skips them)
      await this.close();
      this.keptJournal = undefined;
      this.journalBytes = 0;
      await unlink(this.journalFile).catch((error: unknown) => {
        if (errorCode(error) !== 'ENOENT') throw error;
      });
    })();
  }

  private appendEntry(): Promise<void> {
    const state = this.getState();
    const changes = [...this.pending.values()].map((change) => captureChange(state, change));
    const line = journalLine(this.seq + 1, changes);
    this.pending.clear();
    this.seq++;
    return this.append(line);
  }

  private async append(line: string): Promise<void> {
    let handle = this.handle;
    let fresh = false;
    if (!handle) {
      ({ handle, fresh } = await this.openJournal());
      this.handle = handle;
    }
    const bytes = Buffer.from(fresh ? journalHeader(this.storeId) + line : line, 'utf8');
    try {
      await writeAll(handle, bytes);
      await handle.datasync();
    } catch (error) {
      // the journal may end in part of this line now: it takes no further line (the next write is a
      // snapshot, which removes it)
      this.handle = undefined;
      await handle.close().catch(() => undefined);
      throw error;
    }
    // the new file's name is durable too
    if (fresh) await syncDirectory(dirname(this.file));
    this.journalBytes += bytes.length;
  }

  /** Opens the journal for appending: a new one (never an existing file or link), or the one found at start. */
  private async openJournal(): Promise<{ handle: FileHandle; fresh: boolean }> {
    const kept = this.keptJournal;
    if (kept === undefined) {
      const flags = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_EXCL;
      return { handle: await open(this.journalFile, flags), fresh: true };
    }
    const handle = await open(this.journalFile, constants.O_WRONLY | constants.O_APPEND | O_NOFOLLOW);
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw new Error(`${this.journalFile} is ${kindOfFile(info)}, not a regular file`);
      if (info.size < kept) throw new Error(`${this.journalFile} was shortened since the emulator started`);
      // a last line cut short by a crash was never answered: it goes before the next line is appended
      if (info.size > kept) await handle.truncate(kept);
    } catch (error) {
      await handle.close();
      throw error;
    }
    this.keptJournal = undefined;
    return { handle, fresh: kept === 0 };
  }
}

/** Creates the data file's directory and writes a first state there (so a bad path fails at start). */
export async function initStateFile(writer: StateWriter): Promise<void> {
  try {
    await mkdir(dirname(writer.file), { recursive: true });
    await writer.save();
  } catch (error) {
    throw new CrmSchemaError(
      'EMULATOR_DATA_UNWRITABLE',
      `Cannot write the emulator data file ${writer.file}: ${errorMessage(error)}`,
      {
        hint: 'Check that the directory of --data exists or can be created, and is writable.',
        meta: { file: writer.file },
      },
    );
  }
}

/**
 * Holds every reply back until the changes made so far are on disk. Checked on every reply, not only
 * on writes: a read that saw an unsaved change waits for it too, so no client ever sees state that a
 * crash could take back. When the write fails, the reply becomes a 500: the change was not acknowledged.
 */
export function installPersistence(
  app: FastifyInstance,
  writer: StateWriter,
  log?: (line: string) => void,
): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!writer.isDirty) {
      done(null, payload);
      return;
    }
    writer.flush().then(
      () => {
        done(null, payload);
      },
      (error: unknown) => {
        log?.(`could not save the state to ${writer.file}: ${errorMessage(error)}`);
        const failure = new EmulatorError(
          500,
          'INTERNAL_ERROR',
          'The emulator could not save its state; the change may be lost on restart.',
        );
        void reply.code(500).header('content-type', 'application/json; charset=utf-8');
        done(null, JSON.stringify(toErrorBody(failure, randomUUID())));
      },
    );
  });
}

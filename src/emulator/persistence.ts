/**
 * `--data FILE`: the state is loaded from the file on start and saved to it so that nothing
 * acknowledged is ever lost: a reply that follows a change is sent only once the change is on disk.
 *
 * Saves are atomic (a temp file created exclusively under a random name in the same directory, fsync,
 * rename over the file) and coalesced: at most one write runs and at most one more waits, so a burst of
 * writes costs a few file writes whatever its size. A damaged file, or one that is not a regular file (a
 * FIFO, a device), is refused at start and never overwritten.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CrmSchemaError } from '../core/errors.js';
import { isFileRefusal, readRegularFile } from '../core/regular-file.js';
import { EmulatorError, toErrorBody } from './errors.js';
import type { EmulatorState } from './state/model.js';
import { findStateProblem } from './state/state-shape.js';

const errorCode = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code;
const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

function corrupt(file: string, what: string): CrmSchemaError {
  return new CrmSchemaError('EMULATOR_DATA_CORRUPT', `The emulator data file ${file} ${what}.`, {
    hint: 'The file was left unchanged. Repair it, move it away to start with a fresh state, or pass another --data file.',
    meta: { file },
  });
}

/** Reads the state saved in `file`: undefined when there is no such file; a CrmSchemaError when it is unusable. */
export async function readStateFile(file: string): Promise<EmulatorState | undefined> {
  let text: string;
  try {
    // a FIFO, a device or a socket at that path is refused before it is opened (reading it could block)
    text = (await readRegularFile(file)).toString('utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    if (isFileRefusal(error)) {
      throw new CrmSchemaError(
        'EMULATOR_DATA_UNREADABLE',
        `The emulator data file ${file} is ${error.kind}, not a regular file; it was not read.`,
        {
          hint: 'The data file must be a regular JSON file (--data FILE; with --local, .crm-schema/local.json): move that one away.',
          meta: { file },
        },
      );
    }
    throw new CrmSchemaError(
      'EMULATOR_DATA_UNREADABLE',
      `Cannot read the emulator data file ${file}: ${errorMessage(error)}`,
      {
        hint: 'Check that --data names a readable file.',
        meta: { file },
      },
    );
  }
  if (text.trim() === '') throw corrupt(file, 'is empty');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw corrupt(file, `is not valid JSON (${errorMessage(error)})`);
  }
  const problem = findStateProblem(value);
  if (problem) throw corrupt(file, `is not a usable emulator state: ${problem}`);
  return value as EmulatorState;
}

export interface AtomicWriteOptions {
  /** the random part of the temporary file's name (tests plant links at the names it gives) */
  randomPart?: () => string;
}

/** Names tried before giving up: a clash with 96 random bits is already unlikely. */
const TEMP_ATTEMPTS = 8;

/**
 * Replaces `file` with `text` atomically: readers see the old content or the new, never a mix. The
 * temporary file is created exclusively (O_CREAT|O_EXCL: a file or link already at its name is never
 * followed) under a random name in the same directory, and removed again when the write fails.
 */
export async function writeFileAtomically(
  file: string,
  text: string,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const directory = dirname(file);
  const randomPart = options.randomPart ?? (() => randomBytes(12).toString('hex'));
  for (let attempt = 1; ; attempt++) {
    const temp = join(directory, `.${basename(file)}.${randomPart()}.tmp`);
    let handle;
    try {
      handle = await open(temp, 'wx');
    } catch (error) {
      if (errorCode(error) === 'EEXIST' && attempt < TEMP_ATTEMPTS) continue;
      throw error;
    }
    try {
      try {
        await handle.writeFile(text, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, file);
    } catch (error) {
      // this call created `temp`: removing it never removes someone else's file
      await unlink(temp).catch(() => undefined);
      throw error;
    }
    break;
  }
  await syncDirectory(directory);
}

/** Makes the rename itself durable; some platforms cannot open a directory, which is fine there. */
async function syncDirectory(directory: string): Promise<void> {
  try {
    const handle = await open(directory, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // best effort
  }
}

/**
 * Tracks changes (`markDirty`) and writes the state when asked (`flush`). A version number counts
 * changes; a write records the version its snapshot holds, so a flush waits only for a write that
 * covers its change, joining a running or waiting write when one does.
 */
export class StateWriter {
  /** number of completed file writes */
  writes = 0;
  private dirtyVersion = 0;
  private savedVersion = 0;
  private running: { version: number; done: Promise<void> } | undefined;
  private waiting: Promise<void> | undefined;

  constructor(
    readonly file: string,
    private readonly getState: () => EmulatorState,
  ) {}

  markDirty(): void {
    this.dirtyVersion++;
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

  /** Writes the state whether or not a change was marked (the state may have been changed directly). */
  save(): Promise<void> {
    this.markDirty();
    return this.flush();
  }

  private startWrite(): Promise<void> {
    // the snapshot is taken synchronously, so it holds exactly the changes up to `version`
    const version = this.dirtyVersion;
    let text: string;
    try {
      text = JSON.stringify(this.getState());
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    const running = {
      version,
      done: writeFileAtomically(this.file, text).then(() => {
        this.writes++;
        if (version > this.savedVersion) this.savedVersion = version;
      }),
    };
    this.running = running;
    void running.done
      .catch(() => undefined)
      .then(() => {
        if (this.running === running) this.running = undefined;
      });
    return running.done;
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

/**
 * Start-up of `--data FILE`: the data file and its journal read (each a regular file, refused otherwise),
 * decoded and checked, the journal's entries applied in order. What the writer (persistence.ts) saves,
 * this reads back; damage is refused with the file named, never repaired by guessing.
 */
import { CrmSchemaError } from '../../core/errors.js';
import { isFileRefusal, readRegularFile } from '../../core/regular-file.js';
import type { EmulatorState } from '../state/model.js';
import { replayJournal } from './journal.js';
import { DataFileProblem, decodeSnapshot } from './snapshot.js';

export const errorCode = (error: unknown): string | undefined =>
  (error as NodeJS.ErrnoException | undefined)?.code;
export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
export const toError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/** The journal of a data file. */
export function journalFileOf(file: string): string {
  return `${file}.journal`;
}

function corrupt(file: string, what: string): CrmSchemaError {
  return new CrmSchemaError('EMULATOR_DATA_CORRUPT', `The emulator data file ${file} ${what}.`, {
    hint: 'The file was left unchanged. Repair it, move it away to start with a fresh state, or pass another --data file.',
    meta: { file },
  });
}

/** The bytes of the data file or its journal: undefined when there is none; a CrmSchemaError when unusable. */
async function readStoreFile(file: string, dataFile: string): Promise<Buffer | undefined> {
  const what = file === dataFile ? 'data file' : `data file's journal`;
  try {
    // a FIFO, a device or a socket at that path is refused before it is opened (reading it could block)
    return await readRegularFile(file);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    if (isFileRefusal(error)) {
      throw new CrmSchemaError(
        'EMULATOR_DATA_UNREADABLE',
        `The emulator ${what} ${file} is ${error.kind}, not a regular file; it was not read.`,
        {
          hint: 'The data file and its journal (FILE.journal) must be regular files (--data FILE; with --local, .crm-schema/local.json): move that one away.',
          meta: { file: dataFile },
        },
      );
    }
    throw new CrmSchemaError(
      'EMULATOR_DATA_UNREADABLE',
      `Cannot read the emulator ${what} ${file}: ${errorMessage(error)}`,
      {
        hint: 'Check that --data names a readable file.',
        meta: { file: dataFile },
      },
    );
  }
}

/** What start-up found in the data file and its journal. */
export interface StoredState {
  state: EmulatorState;
  /** `lines`: a snapshot (and maybe a journal); `document`: an earlier version's file, rewritten at start */
  layout: 'lines' | 'document';
  /** the data file's identity, shared by its journal (lines only) */
  storeId?: string;
  /** the last journal entry in the state (the snapshot's, or the journal's last) */
  seq: number;
  snapshotBytes: number;
  /** the journal's whole lines in bytes (a torn last line after them is cut off at the next append) */
  journalBytes?: number;
  /** journal entries applied on top of the snapshot */
  journalEntries: number;
}

type StoreBytes = [snapshot: Buffer | undefined, journal: Buffer | undefined];

async function readStoreFiles(file: string): Promise<StoreBytes> {
  const bytes = await readStoreFile(file, file);
  return [bytes, await readStoreFile(journalFileOf(file), file)];
}

const prefetched = new Map<string, Promise<StoreBytes>>();

/**
 * Starts reading the data file and its journal now, for `loadStateFiles` to take: the emulator command
 * calls it before it loads the server's modules, so that the disk and the module loading overlap.
 */
export function prefetchStateFiles(file: string): void {
  if (prefetched.has(file)) return;
  const reading = readStoreFiles(file);
  // a failure is reported by loadStateFiles, which awaits the same promise
  reading.catch(() => undefined);
  prefetched.set(file, reading);
}

/**
 * Reads the state saved in `file` (the snapshot, then its journal): undefined when there is no such file;
 * a CrmSchemaError when it is unusable. Nothing is written.
 */
export async function loadStateFiles(file: string): Promise<StoredState | undefined> {
  const journalFile = journalFileOf(file);
  const reading = prefetched.get(file);
  prefetched.delete(file);
  const [bytes, journal] = await (reading ?? readStoreFiles(file));
  if (!bytes) {
    if (journal) throw corrupt(file, `is missing, but its journal ${journalFile} is there`);
    return undefined;
  }
  let decoded;
  try {
    decoded = decodeSnapshot(bytes);
  } catch (error) {
    if (error instanceof DataFileProblem) throw corrupt(file, error.message);
    throw error;
  }
  if (decoded.layout === 'document') {
    if (journal) throw corrupt(file, `was written by an earlier version, yet has a journal ${journalFile}`);
    return {
      state: decoded.state,
      layout: 'document',
      seq: 0,
      snapshotBytes: bytes.length,
      journalEntries: 0,
    };
  }
  const stored: StoredState = {
    state: decoded.state,
    layout: 'lines',
    storeId: decoded.storeId,
    seq: decoded.seq,
    snapshotBytes: bytes.length,
    journalEntries: 0,
  };
  if (journal) {
    try {
      const replay = replayJournal(journal, decoded.state, decoded);
      stored.seq = replay.lastSeq;
      stored.journalBytes = replay.validLength;
      stored.journalEntries = replay.applied;
    } catch (error) {
      if (error instanceof DataFileProblem)
        throw corrupt(file, `has a damaged journal ${journalFile}: ${error.message}`);
      throw error;
    }
  }
  return stored;
}

/** Reads the state saved in `file`: undefined when there is no such file; a CrmSchemaError when it is unusable. */
export async function readStateFile(file: string): Promise<EmulatorState | undefined> {
  return (await loadStateFiles(file))?.state;
}

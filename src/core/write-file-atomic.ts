/**
 * Atomic file writes for the CLI side (saved plans, pulled manifests, the config file): a temporary
 * file in the same folder, then a rename. The temporary file is created exclusively (O_CREAT|O_EXCL, so
 * a file or a symbolic link already at its name is never followed or overwritten) under a random name,
 * and removed again when the write fails. The emulator keeps its own (it shares no code with the client).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { CrmSchemaError } from './errors.js';

export interface AtomicWriteOptions {
  /** the random part of the temporary file's name (tests plant links at the names it gives) */
  randomPart?: () => string;
}

/** Names tried before giving up: a clash with 48 random bits is already unlikely. */
const ATTEMPTS = 8;

const randomHex = (): string => randomBytes(12).toString('hex');

/**
 * Writes `text` to `path` atomically (readers see the old file or the whole new one, never a part).
 * `text` may come in pieces, written one after the other (a large file need not be one string).
 */
export async function writeFileAtomic(
  path: string,
  text: string | Iterable<string>,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const dir = dirname(path);
  let created: string | undefined;
  try {
    await mkdir(dir, { recursive: true });
    created = await writeTemp(dir, basename(path), text, options.randomPart ?? randomHex);
    await rename(created, path);
    created = undefined;
  } catch (error) {
    // only a file this call created is removed: never one that was there before
    if (created !== undefined) await unlink(created).catch(() => undefined);
    throw new CrmSchemaError('OUT_WRITE_FAILED', `Could not write ${path}: ${(error as Error).message}`, {
      hint: 'Check that the folder exists or can be created, and that it is writable.',
      cause: error,
    });
  }
}

/** Creates a new temporary file next to the target, writes and flushes it; returns its path. */
async function writeTemp(
  dir: string,
  name: string,
  text: string | Iterable<string>,
  randomPart: () => string,
): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const temp = join(dir, `.${name}.${randomPart()}.tmp`);
    let handle;
    try {
      handle = await open(temp, 'wx', 0o666);
    } catch (error) {
      // a name already taken (by anything, a planted link included): try another one
      if ((error as NodeJS.ErrnoException).code === 'EEXIST' && attempt < ATTEMPTS) continue;
      throw error;
    }
    try {
      // writeFile writes all of it (a single write may be short), a string or piece by piece
      await writeFile(handle, text, 'utf8');
      await handle.sync();
      await handle.close();
    } catch (error) {
      await handle.close().catch(() => undefined);
      await unlink(temp).catch(() => undefined);
      throw error;
    }
    return temp;
  }
}

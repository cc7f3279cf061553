/**
 * Replacing a file atomically (readers see the old content or the new, never a mix) and durably (the new
 * content and the rename survive a crash once the call resolves).
 */
import { randomBytes } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

const errorCode = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code;

export interface AtomicWriteOptions {
  /** the random part of the temporary file's name (tests plant links at the names it gives) */
  randomPart?: () => string;
}

/** Names tried before giving up: a clash with 96 random bits is already unlikely. */
const TEMP_ATTEMPTS = 8;

/**
 * Replaces `file` with `content` (text, or chunks of bytes written in order). The temporary file is
 * created exclusively (O_CREAT|O_EXCL: a file or link already at its name is never followed) under a
 * random name in the same directory, synced, renamed over `file`, and removed again when the write fails;
 * the directory is synced last, so the rename itself is durable.
 */
export async function writeFileAtomically(
  file: string,
  content: string | readonly Uint8Array[],
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
        if (typeof content === 'string') await handle.writeFile(content, 'utf8');
        else for (const chunk of content) await writeAll(handle, chunk);
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

/** Writes every byte of `bytes` at the handle's position (a write may take fewer bytes than given). */
export async function writeAll(
  handle: { write(buffer: Uint8Array, offset: number, length: number): Promise<{ bytesWritten: number }> },
  bytes: Uint8Array,
): Promise<void> {
  for (let offset = 0; offset < bytes.length;) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
    offset += bytesWritten;
  }
}

/** Makes a rename or a new file in `directory` durable; some platforms cannot open a directory, which is fine there. */
export async function syncDirectory(directory: string): Promise<void> {
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

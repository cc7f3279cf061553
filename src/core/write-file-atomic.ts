/**
 * Atomic file writes for the CLI side (saved plans, pulled manifests, the config file): a temporary
 * file in the same folder, then a rename. The emulator keeps its own (it shares no code with the client).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { CrmSchemaError } from './errors.js';

/** Writes `text` to `path` atomically (readers see the old file or the whole new one, never a part). */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(temp, text, { encoding: 'utf8', flush: true });
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw new CrmSchemaError('OUT_WRITE_FAILED', `Could not write ${path}: ${(error as Error).message}`, {
      hint: 'Check that the folder exists or can be created, and that it is writable.',
      cause: error,
    });
  }
}

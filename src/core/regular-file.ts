/**
 * Reading a file named by a user, a project or a flag, only when it is a regular file. A FIFO would
 * block the read forever, a device such as /dev/zero never ends, a socket cannot be read: all are refused
 * by `stat` before the file is opened, and checked again on the opened handle (opened non-blocking, so a
 * FIFO put in its place meanwhile cannot block either).
 */
import { constants, type Stats } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';

/** Why a file was refused without being read. */
export class FileRefusal extends Error {
  readonly code = 'FILE_REFUSED';
  constructor(
    readonly reason: 'not-regular' | 'too-large',
    /** `a FIFO (named pipe)`, `a folder`, ...; for too-large: `a regular file` */
    readonly kind: string,
    readonly size: number,
  ) {
    super(reason === 'not-regular' ? `it is ${kind}, not a regular file` : `it has ${size} bytes`);
    this.name = 'FileRefusal';
  }
}

export function isFileRefusal(error: unknown): error is FileRefusal {
  return (error as { code?: unknown } | null)?.code === 'FILE_REFUSED';
}

/** What a path is, in words: `a folder`, `a FIFO (named pipe)`, `a character device`, ... */
export function kindOfFile(info: Stats): string {
  if (info.isFile()) return 'a regular file';
  if (info.isDirectory()) return 'a folder';
  if (info.isFIFO()) return 'a FIFO (named pipe)';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  if (info.isSocket()) return 'a socket';
  return 'a special file';
}

export interface ReadRegularOptions {
  /** refuse files larger than this (checked before reading) */
  maxBytes?: number;
}

/**
 * The bytes of `path` (links followed) when it is a regular file; a FileRefusal when it is something else
 * or too large; the system's error (ENOENT, EACCES, ...) otherwise.
 */
export async function readRegularFile(path: string, options: ReadRegularOptions = {}): Promise<Buffer> {
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  checkStats(await stat(path), maxBytes);
  // O_NONBLOCK is undefined on Windows, whatever the typings say
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- see above
  const handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const info = await handle.stat();
    checkStats(info, maxBytes);
    const bytes = await readAll(handle, info.size);
    if (bytes.byteLength > maxBytes) throw new FileRefusal('too-large', 'a regular file', bytes.byteLength);
    return bytes;
  } finally {
    await handle.close();
  }
}

/**
 * The whole content of an opened regular file of `size` bytes (as its stat said), in as few reads as the
 * system allows: one read of a large file runs entirely off the main thread, where reads of 512 KiB
 * each (`readFile`) wait for the main thread between them. A file that grew since its stat is read to
 * its end; one that reports no size (some system files) is read as a stream.
 */
async function readAll(handle: FileHandle, size: number): Promise<Buffer> {
  if (size === 0) return handle.readFile();
  const bytes = Buffer.allocUnsafe(size);
  let filled = 0;
  while (filled < size) {
    const { bytesRead } = await handle.read(bytes, filled, size - filled, filled);
    if (bytesRead === 0) return bytes.subarray(0, filled);
    filled += bytesRead;
  }
  const more: Buffer[] = [];
  for (let position = size; ;) {
    const chunk = Buffer.allocUnsafe(64 * 1024);
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
    if (bytesRead === 0) break;
    more.push(chunk.subarray(0, bytesRead));
    position += bytesRead;
  }
  return more.length === 0 ? bytes : Buffer.concat([bytes, ...more]);
}

function checkStats(info: Stats, maxBytes: number): void {
  if (!info.isFile()) throw new FileRefusal('not-regular', kindOfFile(info), info.size);
  if (info.size > maxBytes) throw new FileRefusal('too-large', 'a regular file', info.size);
}

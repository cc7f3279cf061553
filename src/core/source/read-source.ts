/**
 * Turns the bytes of a file into text, refusing what is not a YAML text file: not a regular file (a FIFO,
 * a device, a socket), too large, binary, or not UTF-8. A UTF-8 byte order mark is accepted and dropped.
 */
import { realpath } from 'node:fs/promises';
import { isFileRefusal, readRegularFile } from '../regular-file.js';
import { at } from '../must.js';
import type { DiagnosticSink } from './diagnostics.js';

/** Manifests are small; anything past this is a mistake (a log, a dump) and would only be slow. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

export interface SourceText {
  /** the display path (relative to the working directory) */
  file: string;
  text: string;
}

export interface DecodeOptions {
  maxBytes?: number;
  /** the file may be quoted under its problems (a YAML file, not in a .git folder, even through a link) */
  quotable?: boolean;
}

/** Decodes bytes, reporting why they are refused; undefined when refused. */
export function decodeSource(
  file: string,
  bytes: Uint8Array,
  sink: DiagnosticSink,
  options: DecodeOptions = {},
): SourceText | undefined {
  const maxBytes = options.maxBytes ?? MAX_FILE_BYTES;
  if (bytes.byteLength > maxBytes) {
    sink.inFile(file, tooLarge(bytes.byteLength, maxBytes));
    return undefined;
  }
  const wide = utf32Bom(bytes) ? 'UTF-32' : hasUtf16Bom(bytes) ? 'UTF-16' : undefined;
  if (wide !== undefined) {
    sink.inFile(file, {
      code: 'FILE_NOT_UTF8',
      message: `the file is ${wide} text; manifests are UTF-8`,
      hint: 'save the file as UTF-8',
    });
    return undefined;
  }
  const nul = bytes.indexOf(0);
  if (nul !== -1) {
    sink.inFile(file, {
      code: 'FILE_BINARY',
      message: `the file holds a NUL byte (at byte ${nul}): it looks binary, not like YAML`,
      hint: 'point validate at YAML manifests only',
    });
    return undefined;
  }
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    // only YAML files are quoted under their problems: a file of another kind may hold anything
    if (options.quotable === true) sink.texts.set(file, text);
    return { file, text };
  } catch {
    const at = firstInvalidPosition(bytes);
    sink.at(
      { file, line: at.line, col: at.col },
      {
        code: 'FILE_NOT_UTF8',
        message: 'the file is not valid UTF-8 text',
        hint: 'save the file as UTF-8 (it may be Latin-1 or Windows-1252)',
      },
    );
    return undefined;
  }
}

/**
 * Reads and decodes a file; file-level problems become diagnostics. Only a regular file is read: a FIFO,
 * a device, a socket or a folder is refused by `stat` before it is opened (a FIFO would block forever).
 */
export async function readSource(
  absolutePath: string,
  file: string,
  sink: DiagnosticSink,
  options: DecodeOptions = {},
): Promise<SourceText | undefined> {
  const maxBytes = options.maxBytes ?? MAX_FILE_BYTES;
  try {
    // checked by size before reading, so a huge file is never read into memory
    const bytes = await readRegularFile(absolutePath, { maxBytes });
    const quotable =
      quotableFile(file) && quotableFile(await realpath(absolutePath).catch(() => absolutePath));
    return decodeSource(file, bytes, sink, { ...options, quotable });
  } catch (error) {
    if (isFileRefusal(error)) {
      sink.inFile(
        file,
        error.reason === 'too-large'
          ? tooLarge(error.size, maxBytes)
          : {
              code: 'FILE_UNREADABLE',
              message: `not a regular file: it is ${error.kind}; refused without reading it`,
              hint: 'name a regular YAML file',
            },
      );
      return undefined;
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      sink.inFile(file, { code: 'FILE_NOT_FOUND', message: 'no such file', hint: 'check the path' });
    } else {
      sink.inFile(file, {
        code: 'FILE_UNREADABLE',
        message: `cannot read the file (${code ?? 'unknown reason'})`,
        hint: code === 'EACCES' ? 'check the file permissions' : undefined,
      });
    }
    return undefined;
  }
}

function tooLarge(size: number, maxBytes: number) {
  return {
    code: 'FILE_TOO_LARGE' as const,
    message: `the file has ${size} bytes; the cap is ${maxBytes} bytes`,
    hint: 'split the manifests into several files',
  };
}

/** FF FE 00 00 (little endian, which also starts like UTF-16's mark) or 00 00 FE FF */
function utf32Bom(bytes: Uint8Array): boolean {
  if (bytes.length < 4) return false;
  const [a, b, c, d] = bytes;
  return (a === 0xff && b === 0xfe && c === 0 && d === 0) || (a === 0 && b === 0 && c === 0xfe && d === 0xff);
}

function hasUtf16Bom(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 2 &&
    ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
  );
}

/** Line and column of the first byte that breaks UTF-8, to point the user at it. */
function firstInvalidPosition(bytes: Uint8Array): { line: number; col: number } {
  let line = 1;
  let col = 1;
  let i = 0;
  while (i < bytes.length) {
    const length = sequenceLength(bytes, i);
    if (length === 0) break;
    if (bytes[i] === 0x0a) {
      line += 1;
      col = 1;
    } else {
      col += 1;
    }
    i += length;
  }
  return { line, col };
}

/** Lead bytes of multi-byte UTF-8 sequences: [first, last, length, second-byte min, second-byte max]. */
const LEAD_BYTES: readonly (readonly [number, number, number, number, number])[] = [
  [0xc2, 0xdf, 2, 0x80, 0xbf],
  [0xe0, 0xe0, 3, 0xa0, 0xbf],
  [0xe1, 0xec, 3, 0x80, 0xbf],
  [0xed, 0xed, 3, 0x80, 0x9f],
  [0xee, 0xef, 3, 0x80, 0xbf],
  [0xf0, 0xf0, 4, 0x90, 0xbf],
  [0xf1, 0xf3, 4, 0x80, 0xbf],
  [0xf4, 0xf4, 4, 0x80, 0x8f],
];

/** Length of the valid UTF-8 sequence at `i`, or 0 when it is invalid. */
function sequenceLength(bytes: Uint8Array, i: number): number {
  const b0 = at(bytes, i);
  if (b0 < 0x80) return 1;
  const lead = LEAD_BYTES.find(([first, last]) => b0 >= first && b0 <= last);
  if (!lead) return 0;
  const [, , length, min, max] = lead;
  if (i + length > bytes.length) return 0;
  const b1 = at(bytes, i + 1);
  if (b1 < min || b1 > max) return 0;
  for (let k = 2; k < length; k += 1) {
    const b = at(bytes, i + k);
    if (b < 0x80 || b > 0xbf) return 0;
  }
  return length;
}

/** A .yaml or .yml file outside any .git folder: its lines may be shown under its problems. */
function quotableFile(path: string): boolean {
  return /\.ya?ml$/i.test(path) && !path.split(/[\\/]/).includes('.git');
}

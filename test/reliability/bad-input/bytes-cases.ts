/**
 * Files that are not UTF-8 YAML text: other encodings (UTF-16 and UTF-32 with and without a byte order
 * mark, Latin-1, Windows-1252, broken UTF-8 sequences at several places), binary junk drawn from seeds
 * (with and without NUL bytes), well-known binary headers, files over the 10 MiB cap, and printable junk.
 */
import { seeded } from '../cli.js';
import { BASE_MANIFEST, manifestCase, type BadCase } from './case.js';

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

function utf16(text: string, endian: 'le' | 'be', bom: boolean): Uint8Array {
  const le = Buffer.from(`${bom ? '\uFEFF' : ''}${text}`, 'utf16le');
  if (endian === 'le') return new Uint8Array(le);
  const be = Buffer.alloc(le.length);
  for (let i = 0; i + 1 < le.length; i += 2) {
    be[i] = le[i + 1]!;
    be[i + 1] = le[i]!;
  }
  return new Uint8Array(be);
}

/** The base manifest with `bytes` spliced in at the start of line `line` (1-based). */
function spliced(line: number, bytes: number[]): Uint8Array {
  const lines = BASE_MANIFEST.split('\n');
  const before = `${lines.slice(0, line - 1).join('\n')}\n`;
  const after = lines.slice(line - 1).join('\n');
  return concat(utf8(before), new Uint8Array(bytes), utf8(after));
}

function encodingCases(): BadCase[] {
  const cases: BadCase[] = [
    manifestCase('encoding', 'utf16le-bom', utf16(BASE_MANIFEST, 'le', true), 'FILE_NOT_UTF8', 'file'),
    manifestCase('encoding', 'utf16be-bom', utf16(BASE_MANIFEST, 'be', true), 'FILE_NOT_UTF8', 'file'),
    // without a byte order mark, UTF-16 text of ASCII characters is full of NUL bytes
    manifestCase('encoding', 'utf16le-no-bom', utf16(BASE_MANIFEST, 'le', false), 'FILE_BINARY', 'file'),
    manifestCase('encoding', 'utf16be-no-bom', utf16(BASE_MANIFEST, 'be', false), 'FILE_BINARY', 'file'),
    {
      ...manifestCase(
        'encoding',
        'utf32le-bom',
        concat(new Uint8Array([0xff, 0xfe, 0, 0]), new Uint8Array(Buffer.from('k\0\0\0', 'latin1'))),
        'FILE_NOT_UTF8',
        'file',
      ),
      message: 'the file is UTF-32 text',
    },
  ];
  // single bytes and sequences that are not UTF-8, at several lines
  const broken: [string, number[]][] = [
    ['latin1-e-acute', [0x6c, 0x61, 0x62, 0x65, 0x6c, 0x3a, 0x20, 0xe9, 0x0a]],
    ['cp1252-quotes', [0x23, 0x20, 0x93, 0x71, 0x75, 0x6f, 0x74, 0x65, 0x94, 0x0a]],
    ['lone-continuation', [0x23, 0x20, 0x80, 0x0a]],
    ['overlong-slash', [0x23, 0x20, 0xc0, 0xaf, 0x0a]],
    ['encoded-surrogate', [0x23, 0x20, 0xed, 0xa0, 0x80, 0x0a]],
    ['truncated-sequence', [0x23, 0x20, 0xe2, 0x82, 0x0a]],
    ['invalid-lead-byte', [0x23, 0x20, 0xff, 0x0a]],
  ];
  for (const [name, bytes] of broken) {
    for (const line of [1, 8, 22]) {
      cases.push(manifestCase('encoding', `${name}-line-${line}`, spliced(line, bytes), 'FILE_NOT_UTF8'));
    }
  }
  return cases;
}

function binaryCases(): BadCase[] {
  const cases: BadCase[] = [];
  for (let seed = 1; seed <= 12; seed++) {
    const random = seeded(seed);
    const length = 1 + Math.floor(random() * 4096);
    // with NUL bytes: binary
    const junk = Uint8Array.from({ length }, () => Math.floor(random() * 256));
    junk[Math.floor(random() * length)] = 0;
    cases.push(manifestCase('binary', `random-${seed}`, junk, 'FILE_BINARY', 'file'));
    // no NUL, but high bytes at random: not UTF-8 (a 7-bit byte sequence never fails that way)
    const high = Uint8Array.from({ length: length + 2 }, () => 1 + Math.floor(random() * 255));
    high[0] = 0xff;
    cases.push(manifestCase('binary', `random-no-nul-${seed}`, high, 'FILE_NOT_UTF8'));
  }
  const headers: [string, number[]][] = [
    ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]],
    ['gzip', [0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0x03]],
    ['elf', [0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0]],
    ['zip', [0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]],
    ['pdf-with-nul', [...Buffer.from('%PDF-1.7\n', 'latin1'), 0, 0xe2, 0xe3]],
  ];
  for (const [name, bytes] of headers) {
    cases.push(
      manifestCase('binary', name, concat(new Uint8Array(bytes), utf8(BASE_MANIFEST)), 'FILE_BINARY', 'file'),
    );
  }
  return cases;
}

function junkTextCases(): BadCase[] {
  const printable =
    ' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~\n';
  return [101, 102, 103, 104, 105, 106].map((seed) => {
    const random = seeded(seed);
    // a key first, so the junk is read as a manifest (with no kind) whatever follows
    const text = `junk: ${Array.from({ length: 400 }, () => printable[Math.floor(random() * printable.length)]).join('')}`;
    return { ...manifestCase('junk', `printable-${seed}`, text, '*'), code: '*' };
  });
}

function hugeCases(): BadCase[] {
  const cap = 10 * 1024 * 1024;
  return [
    manifestCase(
      'huge',
      'comments-over-cap',
      `${BASE_MANIFEST}${'#'.repeat(cap)}\n`,
      'FILE_TOO_LARGE',
      'file',
    ),
    manifestCase(
      'huge',
      'one-line-over-cap',
      `kind: Properties\nobjectType: "${'x'.repeat(cap)}"\n`,
      'FILE_TOO_LARGE',
      'file',
    ),
  ];
}

export function bytesCases(): BadCase[] {
  return [...encodingCases(), ...binaryCases(), ...junkTextCases(), ...hugeCases()];
}

/** Step 1: bytes and YAML. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiagnosticSink } from '../../src/core/source/diagnostics.js';
import { decodeSource, MAX_FILE_BYTES, readSource } from '../../src/core/source/read-source.js';
import { validatePaths } from '../../src/engine/manifest/index.js';
import { brief, check, only } from './helpers.js';

const decode = (bytes: Uint8Array, maxBytes?: number) => {
  const sink = new DiagnosticSink();
  const source = decodeSource('f.yaml', bytes, sink, maxBytes === undefined ? {} : { maxBytes });
  return { source, items: sink.items };
};

describe('reading bytes', () => {
  it('accepts UTF-8 and drops a UTF-8 byte order mark', () => {
    const { source, items } = decode(
      new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from('kind: Propert\u00e9s')]),
    );
    expect(items).toEqual([]);
    expect(source?.text).toBe('kind: Propert\u00e9s');
  });

  it('refuses invalid UTF-8 and points at the first bad byte', () => {
    const { source, items } = decode(Buffer.from([...Buffer.from('a: 1\nb: caf'), 0xe9, 0x0a]));
    expect(source).toBeUndefined();
    expect(items).toEqual([
      expect.objectContaining({
        code: 'FILE_NOT_UTF8',
        line: 2,
        col: 7,
        message: 'the file is not valid UTF-8 text',
      }),
    ]);
  });

  it('refuses UTF-16 and binary files', () => {
    expect(decode(new Uint8Array([0xff, 0xfe, 0x6b, 0x00])).items[0]?.code).toBe('FILE_NOT_UTF8');
    expect(decode(new Uint8Array([0x6b, 0x00, 0x01])).items[0]).toMatchObject({
      code: 'FILE_BINARY',
      line: null,
    });
  });

  it('refuses a file over the size cap without decoding it', () => {
    const { items } = decode(new Uint8Array(11), 10);
    expect(items).toEqual([
      expect.objectContaining({
        code: 'FILE_TOO_LARGE',
        message: 'the file has 11 bytes; the cap is 10 bytes',
      }),
    ]);
    expect(MAX_FILE_BYTES).toBe(10 * 1024 * 1024);
  });

  describe('on disk', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'crm-schema-read-'));
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it('reports a missing file and a huge file (checked by size before reading)', async () => {
      const sink = new DiagnosticSink();
      await expect(readSource(join(dir, 'nope.yaml'), 'nope.yaml', sink)).resolves.toBeUndefined();
      await writeFile(join(dir, 'big.yaml'), Buffer.alloc(MAX_FILE_BYTES + 1, 0x61));
      await expect(readSource(join(dir, 'big.yaml'), 'big.yaml', sink)).resolves.toBeUndefined();
      expect(sink.items.map((d) => `${d.file} ${d.code}`)).toEqual([
        'nope.yaml FILE_NOT_FOUND',
        'big.yaml FILE_TOO_LARGE',
      ]);
    });

    it('reports a folder where a file is expected as unreadable', async () => {
      const sink = new DiagnosticSink();
      await expect(readSource(dir, 'dir.yaml', sink)).resolves.toBeUndefined();
      expect(sink.items).toEqual([
        expect.objectContaining({
          code: 'FILE_UNREADABLE',
          message: 'not a regular file: it is a folder; refused without reading it',
          line: null,
        }),
      ]);
    });

    it('reports a missing path given to validatePaths without a position', async () => {
      const report = await validatePaths(['missing.yaml'], { cwd: dir });
      expect(report.ok).toBe(false);
      expect(report.diagnostics).toEqual([
        {
          file: 'missing.yaml',
          line: null,
          col: null,
          severity: 'error',
          code: 'FILE_NOT_FOUND',
          message: 'no such file',
          hint: 'check the path',
        },
      ]);
    });
  });
});

describe('YAML', () => {
  it('reports every syntax error with line and column, and keeps checking the other documents', () => {
    const report = check('kind: Properties\nobjectType: [tickets\n---\nkind: Nope\n');
    // an unclosed flow list: at the bracket that opens it
    expect(brief(report)).toEqual(['m.yaml:2:13 error YAML_SYNTAX', 'm.yaml:4:7 error KIND_INVALID']);
  });

  it('makes duplicate keys an error at the second key', () => {
    const d = only(check('kind: Properties\nobjectType: tickets\nobjectType: orders\n'));
    expect(d).toMatchObject({ code: 'YAML_DUPLICATE_KEY', line: 3, col: 1 });
  });

  // how quickly (under half a second): `npm run bench` (timing)
  it('refuses a billion-laughs document', () => {
    const level = (name: string, prev: string) =>
      `${name}: &${name} [${Array(9).fill(`*${prev}`).join(', ')}]`;
    const lines = ['kind: Properties', 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    'bcdefghij'.split('').forEach((name, i) => lines.push(level(name, 'abcdefghij'[i]!)));
    const d = only(check(lines.join('\n')));
    expect(d).toMatchObject({ code: 'YAML_ALIAS_LIMIT', line: 1, col: 1 });
  });

  it('allows a few aliases', () => {
    const report = check(
      'kind: EventProperties\neventName: e\nproperties:\n  - &p { name: a, label: A, type: string }\n  - { name: b, label: B, type: string }\n',
    );
    expect(report.diagnostics).toEqual([]);
  });

  it('warns about empty documents and empty files', () => {
    expect(brief(check('# nothing here\n'))).toEqual(['m.yaml:1:1 warning EMPTY_DOCUMENT']);
    expect(
      brief(
        check(
          'kind: EventProperties\neventName: e\nproperties: [{ name: a, label: A, type: string }]\n---\n',
        ),
      ),
    ).toEqual(['m.yaml:4:1 warning EMPTY_DOCUMENT']);
  });

  it('passes YAML warnings on as warnings', () => {
    const report = check(
      'kind: EventProperties\neventName: e\nproperties: [{ name: a, label: !custom A, type: string }]\n',
    );
    expect(report.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'warning',
        code: 'YAML_WARNING',
        line: 3,
        col: 32,
        message: 'Unresolved tag: !custom',
      }),
    ]);
  });

  it('never quotes the source line in a syntax message', () => {
    const d = only(check('kind: Properties\nsecret: "pat-na1-abc\n'));
    expect(d.code).toBe('YAML_SYNTAX');
    expect(d.message).not.toContain('pat-na1');
    expect(d.message).not.toContain('\n');
  });
});

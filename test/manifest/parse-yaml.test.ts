/**
 * The YAML reader finds duplicate keys itself, in one pass (yaml's own check compares each key with every
 * key before it), and reports exactly the duplicates yaml reports, where yaml does. Texts at the edges of
 * the grammar read to the data and problems below, and a file of one long line in linear time.
 */
import { parseAllDocuments, LineCounter } from 'yaml';
import { describe, expect, it } from 'vitest';
import { DiagnosticSink } from '../../src/core/source/diagnostics.js';
import { parseYaml } from '../../src/core/source/parse-yaml.js';

/** `line:col` of each duplicate key: yaml's own check, or the reader's. */
function yamlDuplicates(text: string): string[] {
  const lineCounter = new LineCounter();
  const docs = parseAllDocuments(text, { prettyErrors: false, uniqueKeys: true, strict: true, lineCounter });
  return docs.flatMap((doc) =>
    doc.errors
      .filter((error) => error.code === 'DUPLICATE_KEY')
      .map((error) => lineCounter.linePos(error.pos[0]))
      .map(({ line, col }) => `${line}:${col}`),
  );
}

function readerDuplicates(text: string): string[] {
  const sink = new DiagnosticSink();
  parseYaml({ file: 'm.yaml', text }, sink);
  return sink.items.filter((d) => d.code === 'YAML_DUPLICATE_KEY').map((d) => `${d.line}:${d.col}`);
}

describe('duplicate keys', () => {
  it.each([
    ['a block mapping', 'a: 1\nb: 2\na: 3\n'],
    ['a flow mapping', '{ a: 1, b: 2, a: 3 }\n'],
    ['a mapping inside a list', 'x:\n  - { k: 1, k: 2 }\n'],
    ['a number and a string', '1: a\n"1": b\n'],
    ['keys with anchors', '&x a: 1\n&y a: 2\n'],
    ['an explicit key', 'a: 1\n? a\n: 2\n'],
    ['empty keys', ': 1\n: 2\n'],
    ['two spellings of null', '~: 1\nnull: 2\n'],
    ['a tagged key', '!!str a: 1\na: 2\n'],
    ['three times', 'a: 1\na: 2\na: 3\n'],
    ['not-a-number keys', '.nan: 1\n.nan: 2\n'],
    ['zero and minus zero', '0: a\n-0: b\n'],
    ['a quoted and a plain key', 'a: 1\n"a": 2\n'],
    ['two documents', 'a: 1\n---\nb: 1\nb: 2\n'],
  ])('in %s: the same as yaml finds', (_what, text) => {
    expect(readerDuplicates(text)).toEqual(yamlDuplicates(text));
  });
});

/** The data of each document and every problem, as `code line:col message`. */
function read(text: string): { data: unknown[]; problems: string[] } {
  const sink = new DiagnosticSink();
  const data = parseYaml({ file: 'm.yaml', text }, sink).map((document) => document.data);
  return { data, problems: sink.items.map((d) => `${d.code} ${d.line}:${d.col} ${d.message}`) };
}

describe('texts at the edges of the grammar', () => {
  it.each([
    ['an anchor and an alias', 'a: &x 1\nb: *x\n', [{ a: 1, b: 1 }], []],
    ['a tag', 'a: !!str 1\n', [{ a: '1' }], []],
    ['a local tag', 'a: !thing 1\n', [{ a: '1' }], ['YAML_WARNING 1:4 Unresolved tag: !thing']],
    ['a directive', '%YAML 1.2\n---\na: 1\n', [{ a: 1 }], []],
    [
      'document end markers',
      'a: 1\r\n...\r\n...\r\n',
      [{ a: 1 }],
      ['EMPTY_DOCUMENT 3:1 this document is empty'],
    ],
    [
      'a document end marker before a flow mapping',
      '\n...\n{a...:: c}\n',
      [{ 'a...:': 'c' }],
      ['EMPTY_DOCUMENT 2:1 this document is empty'],
    ],
    ['a `\\U` escape in a key', '"\\U0001F600": x\n', [{ '😀': 'x' }], []],
    [
      'a `\\U` escape past U+10FFFF',
      'a: "\\U00110000"\n',
      [],
      ['YAML_SYNTAX 1:5 Invalid escape sequence \\U00110000'],
    ],
    [
      'a lone carriage return',
      'a: 1\rb: 2\n',
      [],
      ['YAML_SYNTAX 1:4 Nested mappings are not allowed in compact mappings'],
    ],
    ['a tab for indentation', 'a:\n\tb: 1\n', [], ['YAML_SYNTAX 2:1 Tabs are not allowed as indentation']],
    ['keys that are not text', '1.5: x\n~: y\n', [{ '1.5': 'x', '': 'y' }], []],
    ['an empty list item', 'a:\n  - \n  - b\n', [{ a: [null, 'b'] }], []],
    ['a pair inside a flow list', 'a: [b: 1]\n', [{ a: [{ b: 1 }] }], []],
    [
      'an empty document between two',
      'a: 1\n---\n---\nb: 2\n',
      [{ a: 1 }, { b: 2 }],
      ['EMPTY_DOCUMENT 2:1 this document is empty'],
    ],
  ])('%s', (_what, text, data, problems) => {
    expect(read(text)).toEqual({ data, problems });
  });

  it('a key whose `:` comes more than 1,024 characters after its start is refused where it starts', () => {
    for (const text of [`${'k'.repeat(1025)}: x\n`, `${'k'.repeat(1000)}${' '.repeat(30)}: x\n`]) {
      expect(read(text).problems).toEqual([
        expect.stringMatching(/^YAML_SYNTAX 1:1 The : indicator must be at most 1024 chars/) as unknown,
      ]);
    }
  });
});

/**
 * The `yaml` path of the YAML reader finds duplicate keys itself, in one pass (yaml's own check compares
 * each key with every key before it), and reports exactly the duplicates yaml reports, where yaml does.
 */
import { parseAllDocuments, LineCounter } from 'yaml';
import { describe, expect, it } from 'vitest';
import { DiagnosticSink } from '../../src/manifest/diagnostics.js';
import { parseYaml } from '../../src/manifest/parse-yaml.js';

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

  it('a mapping of 60,000 keys with one duplicate: found in time linear in its size', () => {
    // yaml's own check took 27 s here (a minute at 80,000 keys); the timeout is the bound
    const keys = Array.from({ length: 60_000 }, (_, i) => `key_${i}: ${i}`);
    const text = `${keys.join('\n')}\nkey_7: again\n`;
    expect(readerDuplicates(text)).toEqual(['60001:1']);
  }, 10_000);
});

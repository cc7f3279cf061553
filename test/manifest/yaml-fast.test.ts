/**
 * The fast YAML reader against the `yaml` library: whatever the fast reader accepts, `yaml` reads with
 * no error and no warning, to the same data and the same spots (so every `file:line:col` is the same);
 * what it gives up on is left to `yaml`. Generated texts (manifest-like YAML in every style, and
 * mutations of it) and the project's own example manifests.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { LineCounter, parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { LineIndex } from '../../src/manifest/line-index.js';
import { readFast } from '../../src/manifest/yaml-fast.js';
import { spotsOfDocument, type Spot } from '../../src/manifest/yaml-spots.js';

const OPTIONS = { prettyErrors: false, uniqueKeys: true, strict: true } as const;

/** Every offset a spot tree holds. */
function offsets(spot: Spot, out: number[] = []): number[] {
  out.push(spot.at);
  if (spot.kind === 'map') {
    for (const pair of spot.pairs) {
      out.push(pair.keyAt);
      offsets(pair.value, out);
    }
  }
  if (spot.kind === 'seq') for (const item of spot.items) offsets(item, out);
  return out;
}

/** Undefined when the two readers agree (or the fast one gave up); else what differs. */
function disagreement(text: string): string | undefined {
  const fast = readFast(text);
  if (fast === undefined) return undefined;
  const lineCounter = new LineCounter();
  const docs = parseAllDocuments(text, { ...OPTIONS, lineCounter });
  if (docs.length !== fast.length) return `documents: yaml ${docs.length}, fast ${fast.length}`;
  const lines = new LineIndex(text);
  for (const [index, doc] of docs.entries()) {
    if (doc.errors.length > 0 || doc.warnings.length > 0) {
      return `yaml reports ${[...doc.errors, ...doc.warnings].map((e) => e.message).join('; ')}`;
    }
    const data = doc.toJS({ maxAliasCount: 100 });
    if (!isDeepStrictEqual(data, fast[index]!.data)) {
      return `data: yaml ${JSON.stringify(data)}, fast ${JSON.stringify(fast[index]!.data)}`;
    }
    const spots = spotsOfDocument(doc);
    if (!isDeepStrictEqual(spots, fast[index]!.spots)) {
      return `spots: yaml ${JSON.stringify(spots)}, fast ${JSON.stringify(fast[index]!.spots)}`;
    }
    for (const offset of offsets(spots.root)) {
      if (offset >= 0 && !isDeepStrictEqual(lines.linePos(offset), lineCounter.linePos(offset))) {
        return `line of offset ${offset}`;
      }
    }
  }
  return undefined;
}

const PLAIN = [
  'low',
  'High level',
  'a b c',
  'x-y_z',
  'some/path',
  'key:value',
  'a #b',
  'ünïcødé',
  '😀 emoji',
  '1',
  '-0',
  '+12',
  '007',
  '0o17',
  '0o19',
  '0x1F',
  '0xG',
  '1_000',
  '0b101',
  '1e3',
  '1E-2',
  '.5',
  '5.',
  '-.5e+3',
  '1e400',
  '99999999999999999999999',
  '+.inf',
  '-.Inf',
  '.NaN',
  '.nan',
  'nan',
  'inf',
  'null',
  'Null',
  'NULL',
  '~',
  'nil',
  'true',
  'True',
  'TRUE',
  'tRue',
  'false',
  'yes',
  'no',
  'on',
  'off',
  'y',
  'n',
  '2001-12-14',
  '12:30',
  '1:20:30',
  '<<',
  '=',
  '__proto__',
  'constructor',
  'toString',
];
const QUOTED_TEXT = [
  '',
  ' ',
  "it's",
  'tab\there',
  'line\nbreak',
  'quote "x"',
  '\\back',
  '#hash',
  ': colon',
  '😀',
  '\u0085',
  '\u2028',
];

const plain = fc.constantFrom(...PLAIN);
const singleQuoted = fc.constantFrom(...QUOTED_TEXT).map((t) => `'${t.replaceAll("'", "''")}'`);
const doubleQuoted = fc.constantFrom(...QUOTED_TEXT).map((t) => JSON.stringify(t));
const escapes = fc.constantFrom(
  '"\\x41\\u263A\\U0001F600\\t\\n\\\\"',
  '"a\\\n  b"',
  '"a\n\n  b"',
  "'a\n  b'",
  '"\\/\\ "',
);
const scalar = fc.oneof(plain, plain, singleQuoted, doubleQuoted, escapes);
const key = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.constantFrom(
      'name',
      'label',
      'type',
      'options',
      'value',
      'displayOrder',
      'a',
      'b',
      'x y',
      'k:v',
      '-k',
      '?k',
      '<<',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom('1', 'true', '~', 'null', '__proto__', '') },
  { weight: 2, arbitrary: singleQuoted },
  { weight: 2, arbitrary: doubleQuoted },
);
const blockScalar = fc
  .tuple(
    fc.constantFrom('|', '>'),
    fc.constantFrom('', '-', '+', '2', '1-', '+1'),
    fc.constantFrom('', ' # note', '  #| >'),
    fc.array(fc.constantFrom('text', '', 'more text', '  indented', '#not a comment', 'a: b', '- c'), {
      maxLength: 4,
    }),
  )
  .map(([indicator, mods, comment, lines]) => ({ indicator: `${indicator}${mods}${comment}`, lines }));

type Tree =
  | { k: 'scalar'; v: string }
  | { k: 'block'; v: { indicator: string; lines: string[] } }
  | { k: 'map'; flow: boolean; v: [string, Tree | null][] }
  | { k: 'seq'; flow: boolean; v: (Tree | null)[] };

const tree: fc.Arbitrary<Tree> = fc.letrec<{ node: Tree }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar.map((v) => ({ k: 'scalar' as const, v })),
    blockScalar.map((v) => ({ k: 'block' as const, v })),
    fc.record({
      k: fc.constant('map' as const),
      flow: fc.boolean(),
      v: fc.uniqueArray(fc.tuple(key, fc.option(tie('node'), { freq: 6 })), {
        minLength: 1,
        maxLength: 4,
        selector: ([k]) => k,
      }),
    }),
    fc.record({
      k: fc.constant('seq' as const),
      flow: fc.boolean(),
      v: fc.array(fc.option(tie('node'), { freq: 8 }), { minLength: 1, maxLength: 4 }),
    }),
  ),
})).node;

const comment = fc.constantFrom('', '', '', ' # note', '  #c: d', '\t# tab');

/** Writes a tree as YAML text; flow collections hold only flow-writable nodes. */
function emit(node: Tree | null, indent: number, extras: string[], inFlow = false): string {
  const pad = ' '.repeat(indent);
  const extra = () => extras[(extras.length * 7919 + indent) % Math.max(extras.length, 1)] ?? '';
  if (node === null) return '';
  if (node.k === 'scalar') return node.v;
  if (node.k === 'block') {
    if (inFlow) return '"flow"';
    return `${node.v.indicator}\n${node.v.lines.map((l) => (l === '' ? '' : `${pad}  ${l}`)).join('\n')}`;
  }
  if (node.k === 'map') {
    if (node.flow || inFlow)
      return `{ ${node.v.map(([k, v]) => (v === null ? k : `${k}: ${emit(v, indent, extras, true)}`)).join(', ')} }`;
    return node.v
      .map(([k, v], i) => {
        const lead = i === 0 ? '' : pad;
        if (v === null) return `${lead}${k}:${extra()}`;
        if ((v.k === 'map' || v.k === 'seq') && !v.flow)
          return `${lead}${k}:${extra()}\n${pad}  ${emit(v, indent + 2, extras)}`;
        return `${lead}${k}: ${emit(v, indent, extras)}`;
      })
      .join('\n');
  }
  if (node.flow || inFlow)
    return `[ ${node.v.map((v) => (v === null ? '~' : emit(v, indent, extras, true))).join(', ')} ]`;
  return node.v
    .map((v, i) => `${i === 0 ? '' : pad}- ${v === null ? '' : emit(v, indent + 2, extras)}`)
    .join('\n');
}

const documentText = fc
  .tuple(
    tree.filter((node) => node.k === 'map' || node.k === 'seq'),
    fc.array(comment, { maxLength: 3 }),
    fc.constantFrom('', '---\n', '--- # first\n', '# head\n\n'),
  )
  .map(([node, extras, head]) => `${head}${emit(node, 0, extras)}\n`);

const text = fc
  .tuple(fc.array(documentText, { minLength: 1, maxLength: 3 }), fc.constantFrom('\n', '\r\n'))
  .map(([docs, newline]) => docs.join('---\n').replaceAll('\n', newline));

/** A text with a few characters inserted or removed: the edges where readers might part. */
const mutated = fc
  .tuple(
    text,
    fc.array(
      fc.tuple(
        fc.nat(),
        fc.constantFrom(
          ' ',
          '  ',
          '\t',
          ':',
          '#',
          '-',
          '\n',
          '? ',
          ', ',
          '{',
          ']',
          '"',
          "'",
          '|',
          '&a ',
          '\n...\n',
          '*a',
          '!t ',
          '%',
          '\r',
          '\uFEFF',
          '',
        ),
        fc.boolean(),
      ),
      { maxLength: 3 },
    ),
  )
  .map(([t, edits]) =>
    edits.reduce((acc, [at, insert, remove]) => {
      const i = at % (acc.length + 1);
      return remove ? acc.slice(0, i) + acc.slice(i + 1) : acc.slice(0, i) + insert + acc.slice(i);
    }, t),
  );

describe('the fast YAML reader', () => {
  it('agrees with the yaml library on every text it reads (data, spots, lines)', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(disagreement(t)).toBeUndefined();
      }),
      { numRuns: 1500 },
    );
  });

  it('agrees on texts edited around the edges of the grammar', () => {
    fc.assert(
      fc.property(mutated, (t) => {
        expect(disagreement(t)).toBeUndefined();
      }),
      { numRuns: 1500 },
    );
  });

  it('reads the example manifests itself, to the same result', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (path.endsWith('.yaml') && !path.includes('invalid')) files.push(path);
      }
    };
    walk('examples');
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      const t = readFileSync(file, 'utf8');
      expect({ file, fast: readFast(t) !== undefined }).toEqual({ file, fast: true });
      expect({ file, disagreement: disagreement(t) }).toEqual({ file, disagreement: undefined });
    }
  });

  it('reads a file of one long line (JSON without line breaks) in time linear in its length', () => {
    // a check that scanned along the line for every scalar took 90 s here (and hung the emulator on a
    // seed file of 100,000 records); linear, it takes under a second: the timeout is the bound
    const records = Array.from({ length: 40_000 }, (_, i) => ({
      id: String(i),
      name: `record ${i}`,
      n: i / 2,
    }));
    const oneLine = JSON.stringify({ records });
    const fast = readFast(oneLine);
    expect(fast?.[0]?.data).toEqual({ records });
    expect(fast?.[0]?.spots.root.kind).toBe('map');
  }, 10_000);

  it.each([
    ['an anchor and an alias', 'a: &x 1\nb: *x\n'],
    ['a tag', 'a: !!str 1\n'],
    ['a local tag', 'a: !thing 1\n'],
    ['a directive', '%YAML 1.2\n---\na: 1\n'],
    ['a document end marker', 'a: 1\r\n...\r\n...\r\n'],
    ['a document end marker before a flow mapping', '\n...\n{a...:: c}\n'],
    ['a byte order mark', '\uFEFFa: 1\n'],
    ['a lone carriage return', 'a: 1\rb: 2\n'],
    ['a duplicate key', 'a: 1\na: 2\n'],
    ['a key that is a number', '1.5: x\n'],
    ['a null key', '~: x\n'],
    ['a key that is a list', '[a]: x\n'],
    ['an empty key', ': x\n'],
    ['a key over 1,024 characters', `${'k'.repeat(1025)}: x\n`],
    ['a quoted key of 1,023 characters (1,025 with its quotes)', `"${'k'.repeat(1023)}": x\n`],
    ['a key whose `:` comes 1,030 characters after its start', `${'k'.repeat(1000)}${' '.repeat(30)}: x\n`],
    ['a key of escapes', `"${'\\x41'.repeat(300)}": x\n`],
    ['a `\\U` escape past U+10FFFF', 'a: "\\U00110000"\n'],
    ['a `\\U` escape in a key', '"\\U0001F600": x\n'],
    ['an empty document', 'a: 1\n---\n---\nb: 2\n'],
    ['a document that is a scalar', 'just text\n'],
    ['an empty list item', 'a:\n  - \n  - b\n'],
    ['a pair inside a flow list', 'a: [b: 1]\n'],
    ['a syntax error', 'a: [1, 2\n'],
    ['a tab for indentation', 'a:\n\tb: 1\n'],
    ['nothing', ''],
    ['only a comment', '# nothing here\n'],
  ])('leaves %s to the yaml library', (_what, t) => {
    expect(readFast(t)).toBeUndefined();
  });
});

/**
 * How pull writes an edited manifest over the file: the three-way merge of lines (the file as yaml
 * would write it untouched, the file as written, the edited text) keeps every line the edit did not
 * change, and what it writes always reads back as the edited document. Properties over generated
 * manifests in mixed layouts, and the cases that fall back to yaml's own text.
 */
import fc from 'fast-check';
import { parseAllDocuments, type Document } from 'yaml';
import { describe, expect, it } from 'vitest';
import { mergeThreeWay } from '../../src/engine/pull/three-way.js';
import { keepWrittenLines } from '../../src/engine/pull/written-lines.js';
import { documentText, mapItems, seqValue, setValue } from '../../src/engine/pull/yaml-edit.js';
import { layoutOf } from '../../src/engine/pull/yaml-layout.js';

const lines = fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e'), { maxLength: 12 });

describe('three-way merge', () => {
  it('takes the side that changed', () => {
    fc.assert(
      fc.property(lines, lines, (base, other) => {
        expect(mergeThreeWay(base, other, base)).toEqual(other);
        expect(mergeThreeWay(base, base, other)).toEqual(other);
        expect(mergeThreeWay(base, other, other)).toEqual(other);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the changes of both sides where they touch different stretches', () => {
    expect(mergeThreeWay(['a', 'b', 'c', 'd'], ['A', 'b', 'c', 'd'], ['a', 'b', 'c', 'D'])).toEqual([
      'A',
      'b',
      'c',
      'D',
    ]);
  });
});

interface Entry {
  name: string;
  label: string;
  flow: boolean;
  comment: boolean;
}

const word = fc.constantFrom('Note', 'Code', 'Level', 'Tier', 'Owner', 'Net 30', "it's", 'Yes');

const entry = (i: number) =>
  fc
    .record({ label: word, flow: fc.boolean(), comment: fc.boolean() })
    .map((e): Entry => ({ ...e, name: `support_f${i}` }));

const manifest = fc
  .record({
    entries: fc
      .integer({ min: 1, max: 6 })
      .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => entry(i)))),
    padded: fc.boolean(),
    indent: fc.constantFrom('  ', '    '),
    spaced: fc.boolean(),
  })
  .map(({ entries, padded, indent, spaced }) => {
    const open = padded ? '{ ' : '{';
    const close = padded ? ' }' : '}';
    const list = padded ? '[ net_45 ]' : '[net_45]';
    const quote = (text: string) => (text === "it's" ? `"${text}"` : text === 'Yes' ? `'Yes'` : text);
    const body = entries.map((e) => {
      const comment = e.comment ? `${spaced ? '    ' : ' '}# about ${e.name}` : '';
      if (e.flow)
        return `${indent}- ${open}name: ${e.name}, label: ${quote(e.label)}, type: string${close}${comment}\n`;
      const at = `${indent}  `;
      return (
        `${indent}- name: ${e.name}\n${at}label:${spaced ? '   ' : ' '}${quote(e.label)}${comment}\n` +
        `${at}type: enumeration\n${at}options:\n${at}${indent}- ${open}label: A, value: a, replaces: ${list}${close}\n`
      );
    });
    return { entries, text: `kind: Properties\nobjectType: tickets\nproperties:\n${body.join('')}` };
  });

describe('writing an edited manifest over the file', () => {
  it('changes only the line of the value that changed; the text reads back as the edited document', () => {
    fc.assert(
      fc.property(manifest, fc.nat(), word, ({ entries, text }, pick, label) => {
        const docs = [...parseAllDocuments(text)] as Document[];
        const layout = layoutOf(text, docs);
        const doc = docs[0]!;
        const items = mapItems(seqValue(doc.contents as never, 'properties'));
        const index = pick % entries.length;
        setValue(doc, items[index]!, 'label', label, ['name', 'label', 'type']);
        const edited = documentText(doc, layout);
        const written = keepWrittenLines(text, edited, layout);

        // it means exactly the edited document
        const again = [...parseAllDocuments(written)] as Document[];
        expect(again.map((d) => documentText(d, layout)).join('')).toBe(edited);
        // and differs from the file on the changed entry's label line at most
        const before = text.split('\n');
        const after = written.split('\n');
        expect(after).toHaveLength(before.length);
        const changed = after.flatMap((line, i) => (line === before[i] ? [] : [i]));
        expect(changed.length).toBeLessThanOrEqual(1);
        for (const i of changed) expect(before[i]).toContain(`label:`);
        if (label === entries[index]!.label) expect(written).toBe(text);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps spacing yaml would drop on lines the edit did not touch', () => {
    expect(keepWrittenLines('a:    1   \nb: 2\n', 'a: 1\nb: 3\n', {})).toBe('a:    1   \nb: 3\n');
  });

  it('writes the text yaml writes when the merge would not read back as the edit', () => {
    // a line added with another indentation than the file's: mixed in, it would not parse as meant
    expect(keepWrittenLines('a:\n    b: 1\n', 'a:\n  b: 1\n  c: 2\n', {})).toBe('a:\n  b: 1\n  c: 2\n');
  });
});

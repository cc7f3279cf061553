import { describe, expect, it } from 'vitest';
import {
  collapse,
  inlineWordDiff,
  twoSidedWordDiff,
  wordDiff,
} from '../../src/engine/render/common/word-diff.js';

describe('word diff', () => {
  it('marks removed and added words', () => {
    expect(wordDiff('the support team', 'the customer')).toStrictEqual([
      { kind: 'same', text: 'the ' },
      { kind: 'removed', text: 'support team' },
      { kind: 'added', text: 'customer' },
    ]);
    expect(inlineWordDiff('Set by the agent.', 'Set by the first agent.')).toStrictEqual([
      'Set by the {+first +}agent.',
    ]);
  });

  it('shows a changed line break as ↵ and keeps markers within a line', () => {
    expect(inlineWordDiff('one two', 'one\ntwo')).toStrictEqual(['one[- -]{+↵+}', 'two']);
  });

  it('applies a style, such as colours, instead of markers', () => {
    const style = {
      same: (t: string) => t,
      added: (t: string) => `<${t}>`,
      removed: (t: string) => `(${t})`,
    };
    expect(inlineWordDiff('a b', 'a c', style)).toStrictEqual(['a (b)<c>']);
  });

  it('collapses long unchanged runs of lines around the changes', () => {
    const old = ['l1', 'l2', 'l3', 'l4', 'l5', 'l6', 'l7'].join('\n');
    const next = ['l1', 'l2', 'l3', 'L4', 'l5', 'l6', 'l7'].join('\n');
    expect(inlineWordDiff(old, next)).toStrictEqual(['…', 'l3', '[-l4-]{+L4+}', 'l5', '…']);
  });

  it('two-sided: changed lines as - / + with the changed words marked, context kept short', () => {
    const old = ['first', 'second line here', 'third', 'fourth', 'fifth', 'sixth'].join('\n');
    const next = ['first', 'second line there', 'third', 'fourth', 'fifth', 'sixth', 'seventh'].join('\n');
    expect(twoSidedWordDiff(old, next)).toStrictEqual([
      { sign: ' ', text: 'first' },
      { sign: '-', text: 'second line [-here-]' },
      { sign: '+', text: 'second line {+there+}' },
      { sign: ' ', text: 'third' },
      { sign: ' ', text: '…' },
      { sign: ' ', text: 'sixth' },
      { sign: '+', text: 'seventh' },
    ]);
  });

  it('collapse hides only runs of two or more unchanged items', () => {
    const changed = (n: number) => n < 0;
    expect(collapse([-1, 2, 3, -4], changed)).toStrictEqual([-1, 2, 3, -4]);
    expect(collapse([-1, 2, 3, 4, -5], changed)).toStrictEqual([-1, 2, 3, 4, -5]);
    expect(collapse([-1, 2, 3, 4, 5, -6], changed)).toStrictEqual([-1, 2, null, 5, -6]);
    expect(collapse([1, 2, 3], changed)).toStrictEqual([null]);
  });

  it('past the bound, shows the two values whole instead of diffing for minutes', () => {
    // 8,000 different words a side took 33 s to diff word by word
    const words = (seed: string) => Array.from({ length: 8_000 }, (_, i) => `${seed}${i}`).join(' ');
    const parts = wordDiff(words('a'), words('b'));
    expect(parts.map((p) => p.kind)).toEqual(['removed', 'added']);
    const lines = twoSidedWordDiff(words('a').replace(/ /g, '\n'), words('b').replace(/ /g, '\n'));
    expect(lines.filter((l) => l.sign === '-').length).toBeGreaterThan(0);
    expect(lines.filter((l) => l.sign === '+').length).toBeGreaterThan(0);
  }, 10_000);
});

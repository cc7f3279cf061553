import { describe, expect, it } from 'vitest';
import {
  fitToLimit,
  type MarkdownSection,
  type Omitted,
} from '../../src/engine/render/plan/plan-markdown-budget.js';

const section = (name: string, ids: string[]): MarkdownSection => ({
  open: (shown) => `<${name} ${shown}/${ids.length}>\n`,
  close: `</${name}>\n`,
  items: ids.map((id) => ({ text: `- ${id}\n`, changeIds: [id] })),
});
const note = (o: Omitted) => `cut: ${o.changes} changes, ${o.diagnostics.warning} warnings`;

describe('fitting Markdown into a limit', () => {
  const ids = Array.from({ length: 10 }, (_, i) => `c${i}`);
  const input = {
    head: 'HEAD\n',
    sections: [
      { ...section('w', []), items: [{ text: '- warn\n', diagnostic: 'warning' as const }] },
      section('a', ids.slice(0, 5)),
      section('b', ids.slice(5)),
    ],
    changeIds: ids,
    diagnostics: { error: 0, warning: 1, info: 0 },
    note,
  };

  it('keeps everything when it fits, without a note', () => {
    const text = fitToLimit({ ...input, limit: 10_000 });
    expect(text).toBe(
      'HEAD\n<w 1/0>\n- warn\n</w>\n<a 5/5>\n- c0\n- c1\n- c2\n- c3\n- c4\n</a>\n<b 5/5>\n- c5\n- c6\n- c7\n- c8\n- c9\n</b>\n',
    );
  });

  it('cuts between items, closes the cut section, drops the rest and counts what is missing', () => {
    // before a's k-th item: 25 written + open 8 + 80 slack + items so far + item 5 + close 5 + note 27 + 4
    // = 154 + 5 (k - 1), which must stay below the limit: 160 fits two items
    const text = fitToLimit({ ...input, limit: 160 });
    expect(text).toBe(
      'HEAD\n<w 1/0>\n- warn\n</w>\n<a 2/5>\n- c0\n- c1\n</a>\n\ncut: 8 changes, 0 warnings\n',
    );
    expect(fitToLimit({ ...input, limit: 159 })).toContain('<a 1/5>\n- c0\n</a>\n');
  });

  it('leaves out a section that cannot show one item, and counts its findings', () => {
    const text = fitToLimit({ ...input, limit: 5 + 8 + 80 + 7 + 5 + 31 });
    expect(text).toBe('HEAD\n\ncut: 10 changes, 1 warnings\n');
  });

  it('stays under the limit for every limit', () => {
    for (let limit = 120; limit < 400; limit += 7) {
      const text = fitToLimit({ ...input, limit });
      expect(text.length).toBeLessThan(limit);
    }
  });
});

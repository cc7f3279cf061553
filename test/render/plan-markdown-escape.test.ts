import { describe, expect, it } from 'vitest';
import {
  codeSpan,
  escapeHtml,
  escapeMarkdown,
  fencedBlock,
} from '../../src/engine/render/common/markdown-escape.js';

describe('Markdown escaping', () => {
  it('escapes inline Markdown and HTML, and keeps text on one line', () => {
    expect(escapeMarkdown('a | b <i>x</i> & `c` *d* _e_ [f] ~g~ #1 \\')).toBe(
      'a \\| b &lt;i>x&lt;/i> &amp; \\`c\\` \\*d\\* \\_e\\_ \\[f\\] \\~g\\~ \\#1 \\\\',
    );
    expect(escapeMarkdown('two\nlines\r\nthree')).toBe('two lines three');
  });

  it('escapes text inside an HTML element', () => {
    expect(escapeHtml('tickets->orders <b> & "q"')).toBe('tickets-&gt;orders &lt;b&gt; &amp; &quot;q&quot;');
  });

  it('makes code spans that hold backticks', () => {
    expect(codeSpan('tickets.a')).toBe('`tickets.a`');
    expect(codeSpan('a `b` c')).toBe('``a `b` c``');
    expect(codeSpan('`x``')).toBe('``` `x`` ```');
  });

  it('fences a block with more backticks than any run inside it', () => {
    expect(fencedBlock(['- a', '+ b'], 'diff', '  ')).toBe('  ```diff\n  - a\n  + b\n  ```\n');
    expect(fencedBlock(['+ label: "````"'], 'diff', '')).toBe('`````diff\n+ label: "````"\n`````\n');
  });
});

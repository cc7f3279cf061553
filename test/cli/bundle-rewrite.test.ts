import fc from 'fast-check';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { rewriteBundle } from '../../src/cli/bundle-rewrite.js';

describe('rewriteBundle: import() calls', () => {
  it('routes every import() call to the hook', () => {
    const source = [
      'async function load(url) { return await import(url); }',
      'const m = import( "./x.js" ).then((x) => x);',
      'const nested = () => import(import.meta ? a : b);',
    ].join('\n');
    const rewritten = rewriteBundle(source.replace('import.meta', 'true'), 'hook');
    expect(rewritten.importCalls).toBe(3);
    expect(rewritten.source).toBe(
      [
        'async function load(url) { return await hook(url); }',
        'const m = hook( "./x.js" ).then((x) => x);',
        'const nested = () => hook(true ? a : b);',
      ].join('\n'),
    );
  });

  it('leaves strings, comments, templates, regular expressions and methods named import alone', () => {
    const source = [
      'const message = `${isESM ? "import()" : "require"} failed`;',
      "// import('commented')",
      "/** @param {import('node:net').Socket} socket */",
      "const text = 'import(x)';",
      'const pattern = /import\\(/;',
      'const loader = { import(x) { return x; } };',
      'loader.import(1); loader?.import(2);',
      'class C { static import(y) { return y; } }',
    ].join('\n');
    expect(rewriteBundle(source, 'hook')).toEqual({ source, importCalls: 0, escaped: 0 });
  });

  it('fails on a source it cannot parse rather than guess', () => {
    expect(() => rewriteBundle('const = import(', 'hook')).toThrow();
  });
});

describe('rewriteBundle: characters beyond ASCII', () => {
  it('escapes them in strings and regular expressions, which then mean the same', () => {
    const source = [
      "const a = 'Jimmy W\u00e4rting \u2713 \u{1f600}';",
      'const b = "\u009b";',
      'const c = /[\u001b\u009b][[()#;?]*/g;',
      'const d = /\u{1f600}+/u;',
      'const e = /\u{1f600}/;',
      "const f = 'a\\\u00e9';",
      'result = [a, b, c.source, d.test("\u{1f600}\u{1f600}"), e.test("\u{1f600}"), f];',
    ].join('\n');
    const rewritten = rewriteBundle(source, 'hook');
    // everything escaped (10, with the three in the last line's strings) but the character after a backslash
    expect(rewritten.escaped).toBe(10);
    expect(rewritten.source.match(/[\u0080-\u{10ffff}]/gu)).toEqual(['\u00e9']);
    const run = (code: string) => runInNewContext(`${code}; result`) as unknown;
    const rewrittenResult = run(rewritten.source) as unknown[];
    const originalResult = run(source) as unknown[];
    expect([
      rewrittenResult[0],
      rewrittenResult[1],
      rewrittenResult[3],
      rewrittenResult[4],
      rewrittenResult[5],
    ]).toEqual([
      originalResult[0],
      originalResult[1],
      originalResult[3],
      originalResult[4],
      originalResult[5],
    ]);
    expect(new RegExp(rewrittenResult[2] as string).test('\u009b[')).toBe(true);
  });

  it('keeps the value of any string literal', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        const source = `result = ${JSON.stringify(value)};`;
        const rewritten = rewriteBundle(source, 'hook').source;
        expect(runInNewContext(rewritten)).toBe(value);
      }),
    );
  });

  it('leaves templates and identifiers as they are', () => {
    const source = 'const caf\u00e9 = `W\u00e4rting`;';
    expect(rewriteBundle(source, 'hook')).toEqual({ source, importCalls: 0, escaped: 0 });
  });
});

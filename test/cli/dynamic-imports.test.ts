import { describe, expect, it } from 'vitest';
import { routeDynamicImports } from '../../src/cli/dynamic-imports.js';

describe('routeDynamicImports', () => {
  it('routes every import() call to the hook', () => {
    const source = [
      'async function load(url) { return await import(url); }',
      'const m = import( "./x.js" ).then((x) => x);',
      'const nested = () => import(import.meta === undefined ? a : b);',
    ].join('\n');
    const routed = routeDynamicImports(source.replace('import.meta === undefined', 'true'), 'hook');
    expect(routed.calls).toBe(3);
    expect(routed.source).toBe(
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
    expect(routeDynamicImports(source, 'hook')).toEqual({ source, calls: 0 });
  });

  it('fails on a source it cannot parse rather than guess', () => {
    expect(() => routeDynamicImports('const = import(', 'hook')).toThrow();
  });
});

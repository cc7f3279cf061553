/**
 * Routes the bundle's dynamic `import()` calls through a function its loader hands in (IMPORT_HOOK in
 * code-cache.ts): on Node 20, code compiled from V8's code cache loses what `import()` needs and throws
 * "A dynamic import callback was not specified". oclif imports its plugins (help, not-found,
 * autocomplete, all ES modules) that way. Used at build time by bundle.ts.
 *
 * The calls are found in the syntax tree (acorn), not by a pattern: `import(` in a string, a comment or
 * a type annotation, a method named `import` and `import.meta` are left as they are.
 */
import { parse } from 'acorn';

export interface Routed {
  source: string;
  /** how many `import()` calls now call the hook */
  calls: number;
}

/** Where each `import(...)` expression of the tree starts, in source order. */
function importCalls(tree: unknown): number[] {
  const starts: number[] = [];
  const pending: unknown[] = [tree];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === null || typeof node !== 'object') continue;
    if ((node as { type?: unknown }).type === 'ImportExpression')
      starts.push((node as { start: number }).start);
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === 'object') pending.push(child);
    }
  }
  return starts.sort((a, b) => a - b);
}

export function routeDynamicImports(source: string, hook: string): Routed {
  const starts = importCalls(parse(source, { ecmaVersion: 'latest', sourceType: 'script' }));
  const pieces: string[] = [];
  let from = 0;
  for (const start of starts) {
    pieces.push(source.slice(from, start), hook);
    from = start + 'import'.length;
  }
  pieces.push(source.slice(from));
  return { source: pieces.join(''), calls: starts.length };
}

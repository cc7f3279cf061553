/**
 * What the build changes in the bundle's text after esbuild (bundle.ts), for loading it with V8's code
 * cache (code-cache.ts). Both edits work on the syntax tree (acorn), never on a text pattern: `import(` in
 * a string, a comment or a type annotation, a method named `import` and `import.meta` are left alone.
 *
 * - **`import()` calls go through a function the loader hands in** (IMPORT_HOOK in code-cache.ts). On
 *   Node 20, code compiled from V8's code cache loses what `import()` needs and throws "A dynamic import
 *   callback was not specified"; oclif imports its plugins (help, not-found, autocomplete, all ES
 *   modules) that way.
 * - **Characters beyond ASCII in string and regular expression literals become `\u` escapes**, which
 *   mean the same. An all-ASCII file is read as Latin-1, 2 to 4 ms faster at each start than decoding
 *   UTF-8. What is elsewhere (a template, an identifier) stays, and the loader then decodes UTF-8.
 */
import { parse } from 'acorn';

export interface Rewritten {
  source: string;
  /** how many `import()` calls now call the hook */
  importCalls: number;
  /** how many characters beyond ASCII were written as escapes */
  escaped: number;
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

interface SyntaxNode {
  type?: unknown;
  start: number;
  end: number;
  regex?: { flags: string };
  value?: unknown;
}

/** Every node of the tree, without recursion (the bundle nests deeply). */
function* nodes(tree: unknown): Generator<SyntaxNode> {
  const pending: unknown[] = [tree];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === null || typeof node !== 'object') continue;
    if (typeof (node as { type?: unknown }).type === 'string') yield node as SyntaxNode;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === 'object') pending.push(child);
    }
  }
}

const hex = (unit: number) => `\\u${unit.toString(16).padStart(4, '0')}`;

/** A literal's text with its characters beyond ASCII escaped; one after a backslash is left as it is. */
function escapeLiteral(raw: string, unicodeRegex: boolean): { text: string; escaped: number } {
  let text = '';
  let escaped = 0;
  let backslashes = 0;
  for (const char of raw) {
    const point = char.codePointAt(0) ?? 0;
    if (point > 0x7f && backslashes % 2 === 0) {
      escaped += 1;
      if (point <= 0xffff) text += hex(point);
      else if (unicodeRegex) text += `\\u{${point.toString(16)}}`;
      else text += hex(char.charCodeAt(0)) + hex(char.charCodeAt(1));
    } else {
      text += char;
    }
    backslashes = char === '\\' ? backslashes + 1 : 0;
  }
  return { text, escaped };
}

export function rewriteBundle(source: string, hook: string): Rewritten {
  const edits: Edit[] = [];
  let importCalls = 0;
  let escaped = 0;
  for (const node of nodes(parse(source, { ecmaVersion: 'latest', sourceType: 'script' }))) {
    if (node.type === 'ImportExpression') {
      edits.push({ start: node.start, end: node.start + 'import'.length, text: hook });
      importCalls += 1;
    } else if (node.type === 'Literal' && (typeof node.value === 'string' || node.regex !== undefined)) {
      const raw = source.slice(node.start, node.end);
      if (!/[\u0080-\uffff]/.test(raw)) continue;
      const flags = node.regex?.flags ?? '';
      const literal = escapeLiteral(raw, flags.includes('u') || flags.includes('v'));
      edits.push({ start: node.start, end: node.end, text: literal.text });
      escaped += literal.escaped;
    }
  }
  edits.sort((a, b) => a.start - b.start);
  const pieces: string[] = [];
  let from = 0;
  for (const edit of edits) {
    pieces.push(source.slice(from, edit.start), edit.text);
    from = edit.end;
  }
  pieces.push(source.slice(from));
  return { source: pieces.join(''), importCalls, escaped };
}

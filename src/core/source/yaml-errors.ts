/**
 * One YAML syntax error per mistake, at the place the mistake starts. The `yaml` library reports every
 * error its recovery meets, and after one mistake most of the rest follow from it (a mis-indented key
 * gives several); it also reports some mistakes where it noticed them rather than where they are (an
 * unclosed quote at the end of the file). So a document's first error is kept, moved to where the
 * mistake starts when the kind of error says where that is, and the others are counted in its hint.
 */
import { CST, Parser } from 'yaml';

interface Problem {
  code: string;
  message: string;
  pos: [number, number];
  hint?: string;
}

/** The first of a document's errors (by position), explained; the count of the others in its hint. */
export function firstError(text: string, errors: readonly Problem[]): Problem {
  const sorted = [...errors].sort((a, b) => a.pos[0] - b.pos[0]);
  const [first, ...rest] = sorted as [Problem, ...Problem[]];
  const explained = explain(text, first);
  if (rest.length === 0) return explained;
  const more = `${rest.length} more syntax ${rest.length === 1 ? 'error' : 'errors'} after it in this document may follow from it: fix this one and validate again`;
  return { ...explained, hint: explained.hint === undefined ? more : `${explained.hint}; ${more}` };
}

function explain(text: string, problem: Problem): Problem {
  if (problem.code === 'MISSING_CHAR' && /quote/.test(problem.message)) return unclosedQuote(text, problem);
  if (problem.code === 'BLOCK_AS_IMPLICIT_KEY' || problem.code === 'MULTILINE_IMPLICIT_KEY')
    return deeperKey(text, problem) ?? problem;
  if (problem.code === 'BAD_INDENT' && /end with a [\]}]/.test(problem.message))
    return unclosedFlow(text, problem) ?? problem;
  if (problem.code === 'BAD_INDENT') return atIndentedText(text, problem);
  return problem;
}

/** A line indented unlike its siblings: at its first character, not at the start of the line. */
function atIndentedText(text: string, problem: Problem): Problem {
  const start = problem.pos[0];
  if (start > 0 && text[start - 1] !== '\n') return problem;
  let at = start;
  while (text[at] === ' ') at += 1;
  return at === start ? problem : { ...problem, pos: [at, at + 1] };
}

/** An unclosed `[` or `{`: at the bracket that opens it (the last one before the error not closed). */
function unclosedFlow(text: string, problem: Problem): Problem | undefined {
  const close = problem.message.endsWith(']') ? ']' : '}';
  const open = close === ']' ? '[' : '{';
  let depth = 0;
  for (let i = problem.pos[0] - 1; i >= 0; i -= 1) {
    const c = text[i];
    if (c === close) depth += 1;
    else if (c === open) {
      if (depth === 0)
        return {
          ...problem,
          pos: [i, i + 1],
          message: `this ${open} opens a flow ${open === '[' ? 'list' : 'mapping'} that is never closed with ${close}`,
          hint: `close it with ${close} on the same line, or write the list as block items (- ...)`,
        };
      depth -= 1;
    }
  }
  return undefined;
}

/** An unclosed quote: at the quote that opens the value, which runs on to the end of the file. */
function unclosedQuote(text: string, problem: Problem): Problem {
  const opening = quotedScalarAround(text, problem.pos[0]);
  if (opening === undefined) return problem;
  const quote = text[opening] ?? '"';
  return {
    ...problem,
    pos: [opening, opening + 1],
    message: `this ${quote} opens a quoted value that is never closed, so the value runs on to the end of the file`,
    hint: `close it with ${quote} where the value ends (on this line, for a one-line value)`,
  };
}

/** The offset of the quoted scalar that holds `offset` (its opening quote), if any. */
function quotedScalarAround(text: string, offset: number): number | undefined {
  let found: number | undefined;
  for (const token of new Parser().parse(text)) {
    if (token.type !== 'document') continue;
    CST.visit(token, (item) => {
      const node = item.value;
      if (node === undefined) return undefined;
      if (node.type !== 'double-quoted-scalar' && node.type !== 'single-quoted-scalar') return undefined;
      if (node.offset <= offset && offset <= node.offset + node.source.length) found = node.offset;
      return undefined;
    });
    if (found !== undefined) break;
  }
  return found;
}

const KEY_LINE = /^([ ]*)(?:- +)?[^\s#:'"][^:#]*:(?:\s|$)/;

/**
 * A key indented deeper than the keys before it makes the value above run on to its line: `yaml` says so
 * at the value. The mistake is the key's indentation: at the first line of the error's range that reads
 * as a key.
 */
function deeperKey(text: string, problem: Problem): Problem | undefined {
  const [start, end] = problem.pos;
  let lineStart = text.indexOf('\n', start);
  // the lines the error's range reaches, and at least the one after the value
  const last = Math.max(end, lineStart + 1);
  while (lineStart !== -1 && lineStart < last) {
    const from = lineStart + 1;
    const lineEnd = text.indexOf('\n', from);
    const line = text.slice(from, lineEnd === -1 ? text.length : lineEnd);
    const match = KEY_LINE.exec(line);
    if (match !== null) {
      const at = from + (match[1]?.length ?? 0);
      const previous = previousIndent(text, lineStart);
      return {
        ...problem,
        pos: [at, at + 1],
        message:
          `this key is indented deeper (${match[1]?.length ?? 0} spaces) than the key on the line above ` +
          `(${previous}), so it reads as part of that key's value`,
        hint: `indent it by ${previous} spaces, like the other keys of its entry`,
      };
    }
    lineStart = lineEnd;
  }
  return undefined;
}

/** The indentation of the line that ends at `newline`, past a `- ` that opens a list item. */
function previousIndent(text: string, newline: number): number {
  const start = text.lastIndexOf('\n', newline - 1) + 1;
  const line = text.slice(start, newline);
  const match = /^([ ]*)(- +)?/.exec(line);
  return (match?.[1]?.length ?? 0) + (match?.[2]?.length ?? 0);
}

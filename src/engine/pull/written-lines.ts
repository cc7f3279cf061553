/**
 * Why pull used to rewrite lines it never touched: yaml's document API keeps every node, but writing a
 * document out prints each node its own way, not as the file had it (`[net_45]` comes back as
 * `[ net_45 ]`, `key:   value` as `key: value`, a comment's spacing, a line's trailing spaces, a plain
 * scalar folded over two lines joined into one, ...). So the edited document's text is not written as it
 * is: it is merged with the file. The file as yaml would write it untouched is the common ancestor of
 * the file as written and the edited text (src/engine/pull/three-way.ts); every line the edits did not change
 * keeps the file's own text, byte for byte.
 *
 * The merge is checked before it is used: read back and written out by yaml, it must give exactly the
 * edited text (the same values, comments and styles). When it does not, the edited text is written as
 * yaml prints it, as it always was.
 */
import { parseAllDocuments, type Document, type ToStringOptions } from 'yaml';
import { linesOf, mergeLineByLine, mergeThreeWay } from './three-way.js';
import { documentText } from './yaml-edit.js';

/**
 * `original`: the file as read (a byte order mark taken off); `edited`: its documents, edited, as yaml
 * writes them with `options`. Returns the text to write, with line feeds.
 */
export function keepWrittenLines(original: string, edited: string, options: ToStringOptions): string {
  const written = original.replace(/\r\n/g, '\n');
  const untouched = textOf(written, options);
  if (untouched === undefined) return edited;
  // lines are aligned by their words, whatever the spaces between them: a file indented or spaced its
  // own way (`-   name: x`) still anchors the merge
  const merged = mergeThreeWay(linesOf(untouched), linesOf(written), linesOf(edited), {
    conflict: mergeLineByLine,
    key: (line) => line.replace(/\s+/g, ' ').trim(),
  });
  if (merged === undefined) return edited;
  const text = merged.join('');
  return textOf(text, options) === edited ? text : edited;
}

/** The text yaml writes for `text` read and written back, or undefined when it does not read cleanly. */
function textOf(text: string, options: ToStringOptions): string | undefined {
  const docs = [...parseAllDocuments(text)] as Document[];
  if (docs.some((doc) => doc.errors.length > 0)) return undefined;
  return docs.map((doc) => documentText(doc, options)).join('');
}

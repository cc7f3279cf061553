/**
 * An association graph as a Mermaid flowchart, for a terminal, a file or a pull request comment (the
 * platforms that host pull requests draw it). Every text comes from manifests or the live account, so
 * each is inert text whatever it holds: node ids are the tool's own (`n0`, `n1`, ...), and each label is
 * reduced to one line (control characters and line breaks as visible stand-ins) and written inside
 * quotes with every ASCII character but letters, digits, the space and `.,-_/()'+?!*~^[]` as a Mermaid
 * entity (`#37;` for `%`), and so are the characters Mermaid uses to mark entities internally. So no
 * label can end its string or its edge text, start a directive (`%%{init: ...}%%`), a comment (`%%`) or a
 * statement (`click`, `classDef`, `class`, `style`, `linkStyle`, `:::`), open HTML or an entity of its
 * own, start math (`$$`) or a Markdown string, or close the code fence around the diagram; it is drawn as
 * the text it is.
 */
import { neutralize } from '../../core/control-chars.js';
import type { AssociationGraph, EdgeMark, GraphEdge } from './association-graph.js';

/** The longest label shown (a longer one is cut with an ellipsis). */
const MAX_TEXT = 60;

const MARK_TEXT: Readonly<Record<EdgeMark, string>> = {
  added: 'new',
  changed: 'changed',
  removed: 'removed',
};
const MARK_STYLE: Readonly<Record<EdgeMark, string>> = {
  added: 'stroke:#2da44e,stroke-width:3px',
  changed: 'stroke:#bf8700,stroke-width:3px',
  removed: 'stroke:#cf222e,stroke-width:2px,stroke-dasharray:5 5',
};

export function renderMermaid(graph: AssociationGraph): string {
  const ids = new Map(graph.nodes.map((node, i) => [node, `n${i}`]));
  const lines = ['flowchart LR'];
  for (const node of graph.nodes) lines.push(`  ${ids.get(node) ?? ''}["${mermaidText(node)}"]`);
  const styles: string[] = [];
  graph.edges.forEach((edge, i) => {
    const arrow = edge.mark === 'removed' ? '-.->' : edge.mark === undefined ? '-->' : '==>';
    lines.push(
      `  ${ids.get(edge.from) ?? ''} ${arrow}|"${mermaidText(edgeText(edge))}"| ${ids.get(edge.to) ?? ''}`,
    );
    if (edge.mark !== undefined) styles.push(`  linkStyle ${i} ${MARK_STYLE[edge.mark]}`);
  });
  return `${[...lines, ...styles].join('\n')}\n`;
}

/** `Primary order (max 1) / Ticket about this order`, `PLATFORM_DEFINED/27 (max 50)`, with its mark. */
export function edgeText(edge: GraphEdge): string {
  const side = (text: string, limit: number | undefined) =>
    limit === undefined ? text : `${text} (max ${limit})`;
  const forward = side(cut(edge.label ?? edge.type ?? ''), edge.limit);
  // the other direction: its own text, or the same text when only its limit differs
  const backward =
    edge.inverseLabel === undefined && edge.inverseLimit === undefined
      ? ''
      : ` / ${side(cut(edge.inverseLabel ?? edge.label ?? ''), edge.inverseLimit)}`;
  const mark = edge.mark === undefined ? '' : ` [${MARK_TEXT[edge.mark]}]`;
  return `${forward}${backward}${mark}`;
}

/** Cut between characters, never inside a surrogate pair. */
function cut(text: string): string {
  const line = neutralize(text, { oneLine: true });
  if (line.length <= MAX_TEXT) return line;
  const head = line.slice(0, MAX_TEXT - 1);
  return `${/[\uD800-\uDBFF]$/.test(head) ? head.slice(0, -1) : head}…`;
}

/**
 * Characters written as Mermaid entities (`#<code>;`): ASCII other than letters, digits, the space and
 * `.,-_/()'+?!*~^[]`; and `ﬂ`, `°`, `¶`, `ß`, which Mermaid's parser uses to stand for an entity's `&`,
 * `#` and `;` while it parses (a label holding them would be drawn as another character).
 */
const ENCODED =
  /[^A-Za-z0-9 .,\-_/()'+?!*~^[\]\u0080-\u00AF\u00B1-\u00B5\u00B7-\u00DE\u00E0-\uFB01\uFB03-\u{10FFFF}]/gu;

/** Named where Mermaid (and HTML) have a name that reads better than a number. */
const NAMED: Readonly<Record<string, string>> = { '"': 'quot', '<': 'lt', '>': 'gt', '&': 'amp' };

/**
 * A label as inert Mermaid text, to be written inside quotes (see the top of this file); an empty one as
 * a space, since Mermaid refuses empty quotes.
 */
export function mermaidText(text: string): string {
  const encoded = neutralize(text, { oneLine: true }).replace(
    ENCODED,
    (char) => `#${NAMED[char] ?? String(char.codePointAt(0) ?? 0)};`,
  );
  return encoded === '' ? ' ' : encoded;
}

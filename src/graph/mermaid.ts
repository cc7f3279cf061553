/**
 * An association graph as a Mermaid flowchart, for a terminal, a file or a pull request comment (the
 * platforms that host pull requests draw it). Every text comes from manifests or the live account, so
 * each is reduced to one line and escaped for Mermaid: quotes, angle brackets, `#` and backticks become
 * entities, so no label can end its string, open HTML, or break out of a code fence.
 */
import { neutralize } from '../core/control-chars.js';
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
  for (const node of graph.nodes) lines.push(`  ${ids.get(node) ?? ''}["${escape(node)}"]`);
  const styles: string[] = [];
  graph.edges.forEach((edge, i) => {
    const arrow = edge.mark === 'removed' ? '-.->' : edge.mark === undefined ? '-->' : '==>';
    lines.push(
      `  ${ids.get(edge.from) ?? ''} ${arrow}|"${escape(edgeText(edge))}"| ${ids.get(edge.to) ?? ''}`,
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

function cut(text: string): string {
  const line = neutralize(text, { oneLine: true });
  return line.length > MAX_TEXT ? `${line.slice(0, MAX_TEXT - 1)}…` : line;
}

/** Mermaid's entity escapes for what could end a string or start markup. */
function escape(text: string): string {
  return neutralize(text, { oneLine: true })
    .replaceAll('#', '#35;')
    .replaceAll('"', '#quot;')
    .replaceAll('<', '#lt;')
    .replaceAll('>', '#gt;')
    .replaceAll('`', '#96;')
    .replaceAll('|', '#124;');
}

/**
 * The association graph as Mermaid: each label pair one edge with both directions' texts and limits, a
 * platform type's limit an edge of its own, marks of a plan as styles; text from manifests or an account
 * cannot end a label, open markup or leave a code fence.
 */
import { describe, expect, it } from 'vitest';
import { graphOfEdges } from '../../src/engine/graph/association-graph.js';
import { edgeText, renderMermaid } from '../../src/engine/graph/mermaid.js';

describe('renderMermaid', () => {
  it('draws the nodes sorted, one edge per label pair, and marks as link styles', () => {
    const graph = graphOfEdges([
      {
        from: 'tickets',
        to: 'orders',
        label: 'Primary order',
        inverseLabel: 'Main ticket',
        limit: 1,
        mark: 'added',
      },
      { from: 'tickets', to: 'orders', type: 'PLATFORM_DEFINED/27', limit: 50 },
      { from: 'deals', to: 'tickets', label: 'Escalated', mark: 'removed' },
    ]);
    expect(renderMermaid(graph)).toBe(
      [
        'flowchart LR',
        '  n0["deals"]',
        '  n1["orders"]',
        '  n2["tickets"]',
        '  n2 ==>|"Primary order (max 1) / Main ticket [new]"| n1',
        '  n2 -->|"PLATFORM_DEFINED/27 (max 50)"| n1',
        '  n0 -.->|"Escalated [removed]"| n2',
        '  linkStyle 0 stroke:#2da44e,stroke-width:3px',
        '  linkStyle 2 stroke:#cf222e,stroke-width:2px,stroke-dasharray:5 5',
        '',
      ].join('\n'),
    );
  });

  it('escapes what could end a label, open markup or a code fence, and cuts long text', () => {
    const hostile = 'A"|] --> x <img src=x onerror=alert(1)> ```\n# done';
    const out = renderMermaid(graphOfEdges([{ from: 'tickets', to: 'orders', label: hostile }]));
    const edge = out.split('\n').find((line) => line.includes('-->|'))!;
    expect(edge.match(/"/g)).toHaveLength(2);
    const text = edge.slice(edge.indexOf('"') + 1, edge.lastIndexOf('"'));
    expect(text).not.toMatch(/[<>`|"]/);
    expect(edge).toContain('#quot;');
    expect(edge).toContain('#lt;img');
    expect(out.split('\n')).toHaveLength(5);
    expect(edgeText({ from: 'a', to: 'b', label: 'x'.repeat(100) })).toHaveLength(60);
  });
});

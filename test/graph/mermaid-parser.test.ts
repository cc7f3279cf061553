/**
 * The association graph's Mermaid, read by the real Mermaid parser (test/graph/real-mermaid.ts): whatever
 * a label or an object type holds (a directive, a comment, a statement, a quote, an entity, a line break,
 * HTML, math, a code fence), the diagram still parses, sets no config, binds no click, class, style or
 * link, adds no node, edge or subgraph, and every node and edge is drawn with exactly the text it was
 * given (made one line, cut past 60 characters). Known attacks one by one, then generated labels
 * (fast-check) built from the characters and words Mermaid gives a meaning.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { neutralize } from '../../src/core/control-chars.js';
import { graphOfEdges, type GraphEdge } from '../../src/engine/graph/association-graph.js';
import { edgeText, renderMermaid } from '../../src/engine/graph/mermaid.js';
import { renderPlanMarkdown } from '../../src/engine/render/plan/plan-markdown.js';
import { plan } from '../../src/engine/plan/plan.js';
import { desired, state } from '../plan/fixtures.js';
import { loadRealMermaid, type Drawn, type RealMermaid } from './real-mermaid.js';

/** Labels that would mean something to Mermaid if they reached it as they are. */
const ATTACKS = [
  "%%{init: {'themeCSS': 'svg { display: none }'}}%%",
  '%%{init: {"securityLevel": "loose", "theme": "dark"}}%%',
  "%%{ init : { 'flowchart': { 'htmlLabels': false } } }%%",
  '%%{wrap}%%',
  '%% a comment',
  'x\n%%{init: {"theme": "forest"}}%%\ny',
  '---\nconfig:\n  theme: dark\n---',
  'a"] --> n9["b',
  'a"|-->n0',
  'x\nclick n0 "javascript:alert(1)"',
  'x\rclick n0 call alert(1)',
  'x\u2028classDef evil fill:#f00',
  'x\u0085class n0 evil',
  'x\nstyle n0 fill:#f00',
  'x\nlinkStyle 0 stroke:#f00',
  'n0:::evil',
  'a ::: b',
  'x\nsubgraph s\nn5\nend',
  'n0@{ shape: circle }',
  'x;click n0 "https://example.com"',
  '<img src=x onerror=alert(1)>',
  '<br>line<br/>break',
  '<script>alert(1)</script>',
  '```\n# out of the fence',
  '`**markdown string**`',
  '$$\\href{javascript:alert(1)}{x}$$',
  '#quot; #35; #lt;b#gt;',
  '&lt;b&gt; &amp; &#35; &quot;',
  'ﬂ°°60¶ß ﬂ°quot¶ß',
  'a|b|c',
  '{}{{}}',
  '100% done; 50%% off',
  '\\n \\" \\\\',
  'x'.repeat(80) + '%%{init:{}}%%',
  '\u001b[31mred\u001b[0m \u202eevil',
];

const MEANINGFUL = [
  ...ATTACKS,
  '%',
  '%%',
  '{',
  '}',
  '"',
  '#',
  ';',
  '&',
  ':',
  '|',
  '`',
  '<',
  '>',
  '\n',
  '\r',
  '\\',
  '$$',
  'click ',
  'classDef ',
  'style ',
  ':::',
  'init',
  'n0',
  '-->',
];

let mermaid: RealMermaid;
let defaultConfig: unknown;

beforeAll(async () => {
  mermaid = await loadRealMermaid();
  defaultConfig = (await mermaid.readDiagram('flowchart LR\n  n0["x"]\n')).siteConfig;
}, 60_000);
afterAll(async () => {
  await mermaid.close();
});

/** Text as a label shows it: HTML collapses runs of ASCII white space and drops them at the ends. */
const shown = (text: string) => text.replace(/[ \t\n\f\r]+/g, ' ').trim();

/** What each node and edge must be drawn as: the text given, one line, cut as the renderer cuts it. */
function expectDrawnAsGiven(drawn: Drawn, nodes: readonly string[], edges: readonly GraphEdge[]): void {
  expect(drawn.diagramType).toBe('flowchart-v2');
  expect(drawn.config).toEqual({});
  expect(drawn.siteConfig).toEqual(defaultConfig);
  expect(drawn.direction).toBe('LR');
  expect(drawn.classDefs).toEqual([]);
  expect(drawn.subgraphs).toBe(0);
  expect(drawn.nodes.map((n) => n.id)).toEqual(nodes.map((_, i) => `n${i}`));
  drawn.nodes.forEach((node, i) => {
    expect(shown(node.text)).toBe(shown(neutralize(nodes[i]!, { oneLine: true })));
    expect(node).toMatchObject({ classes: [], styles: [], link: undefined, tooltip: undefined });
    expect(node.shape).toBe('square');
  });
  expect(drawn.edges).toHaveLength(edges.length);
  drawn.edges.forEach((edge, i) => {
    expect(shown(edge.text)).toBe(shown(edgeText(edges[i]!)));
    expect(edge.classes).toEqual([]);
  });
}

async function drawnGraph(edges: GraphEdge[]): Promise<{ drawn: Drawn; nodes: string[] }> {
  const graph = graphOfEdges(edges);
  const drawn = await mermaid.readDiagram(renderMermaid(graph));
  return { drawn, nodes: graph.nodes };
}

describe('the real Mermaid parser reads every label as inert text', () => {
  it('reads the tool’s own diagram as drawn (the parser and the decoding work)', async () => {
    const edges: GraphEdge[] = [
      { from: 'tickets', to: 'orders', label: 'Primary order', inverseLabel: 'Main ticket', limit: 1 },
      { from: 'tickets', to: 'orders', type: 'PLATFORM_DEFINED/27', limit: 50, mark: 'changed' },
    ];
    const { drawn, nodes } = await drawnGraph(edges);
    expectDrawnAsGiven(drawn, nodes, graphOfEdges(edges).edges);
    expect(drawn.edges.map((e) => e.text)).toEqual([
      'Primary order (max 1) / Main ticket',
      'PLATFORM_DEFINED/27 (max 50) [changed]',
    ]);
    // the tool's own link style is read: a style the labels could set would be read too
    expect(drawn.edges[1]!.style.join(';')).toContain('stroke:#bf8700');
  });

  it.each(ATTACKS.map((attack) => [attack]))('known attack %j', async (attack) => {
    const edges: GraphEdge[] = [
      { from: 'tickets', to: attack, label: attack, inverseLabel: attack, limit: 2, mark: 'added' },
      { from: attack, to: 'orders', label: `before ${attack} after` },
    ];
    const { drawn, nodes } = await drawnGraph(edges);
    expectDrawnAsGiven(drawn, nodes, graphOfEdges(edges).edges);
  });

  it('generated labels and object types: drawn as given, nothing else read', async () => {
    const hostile = fc
      .array(fc.oneof(fc.constantFrom(...MEANINGFUL), fc.string({ unit: 'binary', maxLength: 12 })), {
        minLength: 1,
        maxLength: 6,
      })
      .map((parts) => parts.join(''));
    const edge = fc.record({
      from: hostile,
      to: hostile,
      label: hostile,
      inverseLabel: fc.option(hostile, { nil: undefined }),
      mark: fc.constantFrom<GraphEdge['mark']>(undefined, 'added', 'changed', 'removed'),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(edge, { minLength: 1, maxLength: 3 }), async (generated) => {
        const edges = generated.map((e) => {
          const { inverseLabel, mark, ...rest } = e;
          return {
            ...rest,
            ...(inverseLabel === undefined ? {} : { inverseLabel }),
            ...(mark === undefined ? {} : { mark }),
          };
        });
        const graph = graphOfEdges(edges);
        const { drawn, nodes } = await drawnGraph(edges);
        expectDrawnAsGiven(drawn, nodes, graph.edges);
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it('the diagram of a plan comment, with hostile live and declared labels', async () => {
    const U = 'USER_DEFINED';
    const hostile = (i: number) => ATTACKS[i % ATTACKS.length]!;
    const live = state({
      labels: { 'tickets->orders': [{ label: hostile(0), category: U, typeId: 1001 }] },
    });
    const want = state({
      labels: {
        'tickets->orders': [
          { label: hostile(9), category: U },
          { label: hostile(1), inverseLabel: hostile(7), category: U },
        ],
      },
    });
    const markdown = renderPlanMarkdown(
      plan(desired(want, [{ kind: 'label', from: 'tickets', to: 'orders', label: hostile(0) }]), live),
    );
    const start = markdown.indexOf('```mermaid\n');
    expect(start).toBeGreaterThan(-1);
    const diagram = markdown.slice(start + '```mermaid\n'.length, markdown.indexOf('\n```', start + 3));
    const drawn = await mermaid.readDiagram(diagram);
    expect(drawn.config).toEqual({});
    expect(drawn.siteConfig).toEqual(defaultConfig);
    expect(drawn.classDefs).toEqual([]);
    expect(drawn.nodes.map((n) => n.text).sort()).toEqual(['orders', 'tickets']);
    for (const node of drawn.nodes) expect(node).toMatchObject({ classes: [], styles: [], link: undefined });
    const texts = drawn.edges.map((e) => e.text).join('\n');
    for (const i of [0, 1, 9]) expect(texts).toContain(neutralize(hostile(i), { oneLine: true }));
  });
});

/**
 * The real Mermaid parser (the `mermaid` package, as the platforms that draw diagrams run it) in Node: its
 * sanitizer (DOMPurify) needs a DOM, which happy-dom gives as globals while a test file runs; `close`
 * takes them away again (unit tests share their worker's globals).
 *
 * `readDiagram` parses a diagram as Mermaid does before drawing it (front matter, directives, comments,
 * entities, then the flowchart grammar) and returns what would be drawn: the config the text set, and
 * each node's and edge's text as it would be shown (Mermaid's entity markers decoded, then the HTML the
 * label is drawn as read back as text), with its classes, styles, links and click handlers.
 */
import { Window } from 'happy-dom';

export interface DrawnNode {
  id: string;
  text: string;
  classes: string[];
  styles: string[];
  link: string | undefined;
  tooltip: string | undefined;
  shape: string | undefined;
}

export interface DrawnEdge {
  start: string;
  end: string;
  text: string;
  classes: string[];
  style: string[];
}

export interface Drawn {
  diagramType: string;
  /** what the text set of Mermaid's config (directives, front matter): `{}` when nothing */
  config: Record<string, unknown>;
  /** Mermaid's config after parsing, to compare with the one before */
  siteConfig: unknown;
  direction: string | undefined;
  nodes: DrawnNode[];
  edges: DrawnEdge[];
  classDefs: string[];
  subgraphs: number;
}

interface FlowVertex {
  id: string;
  text?: string;
  classes: string[];
  styles: string[];
  link?: string;
  type?: string;
}
interface FlowEdge {
  start: string;
  end: string;
  text?: string;
  classes?: string[];
  style?: string[];
}
interface FlowDb {
  getVertices(): Map<string, FlowVertex>;
  getEdges(): FlowEdge[];
  getClasses(): Map<string, unknown>;
  getSubGraphs(): unknown[];
  getDirection(): string | undefined;
  getTooltip(id: string): string | undefined;
}
interface MermaidModule {
  parse(text: string): Promise<{ diagramType: string; config?: Record<string, unknown> }>;
  mermaidAPI: {
    getDiagramFromText(text: string): Promise<{ type: string; db: FlowDb }>;
    getConfig(): unknown;
  };
}

export interface RealMermaid {
  readDiagram(text: string): Promise<Drawn>;
  /** the text a browser shows for HTML `html` */
  htmlText(html: string): string;
  close(): Promise<void>;
}

export async function loadRealMermaid(): Promise<RealMermaid> {
  const window = new Window();
  const globals = globalThis as Record<string, unknown>;
  const before = { window: globals.window, document: globals.document };
  globals.window = window;
  globals.document = window.document;
  const mermaid = ((await import('mermaid')) as unknown as { default: MermaidModule }).default;
  const htmlText = (html: string): string => {
    const element = window.document.createElement('div');
    element.innerHTML = html;
    return element.textContent;
  };
  // Mermaid keeps an entity as markers while it parses; drawing turns them back into `&#35;`, `&quot;`
  const drawnText = (text: string | undefined): string =>
    htmlText((text ?? '').replace(/ﬂ°°/g, '&#').replace(/ﬂ°/g, '&').replace(/¶ß/g, ';'));
  return {
    htmlText,
    async readDiagram(text) {
      const parsed = await mermaid.parse(text);
      const diagram = await mermaid.mermaidAPI.getDiagramFromText(text);
      const db = diagram.db;
      return {
        diagramType: parsed.diagramType,
        config: parsed.config ?? {},
        siteConfig: JSON.parse(JSON.stringify(mermaid.mermaidAPI.getConfig())) as unknown,
        direction: db.getDirection(),
        nodes: [...db.getVertices().values()].map((v) => ({
          id: v.id,
          text: drawnText(v.text),
          classes: v.classes,
          styles: v.styles,
          link: v.link,
          tooltip: db.getTooltip(v.id),
          shape: v.type,
        })),
        edges: db.getEdges().map((e) => ({
          start: e.start,
          end: e.end,
          text: drawnText(e.text),
          classes: e.classes ?? [],
          style: e.style ?? [],
        })),
        classDefs: [...db.getClasses().keys()],
        subgraphs: db.getSubGraphs().length,
      };
    },
    async close() {
      globals.window = before.window;
      globals.document = before.document;
      if (before.window === undefined) delete globals.window;
      if (before.document === undefined) delete globals.document;
      await window.happyDOM.close();
    },
  };
}

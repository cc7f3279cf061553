/**
 * The fast YAML reader: js-yaml's event parser, which is several times faster than the `yaml` library on
 * a command's first (and only) pass over a file, for what almost every manifest is: mappings,
 * sequences and scalars. It gives the data and the spots (yaml-spots.ts) the `yaml` library would give,
 * or nothing, and then parse-yaml.ts reads the file with the `yaml` library. Nothing is when the file:
 *
 * - is not valid YAML to js-yaml (the `yaml` library then reports every problem, as it always has);
 * - uses anchors, aliases or tags (the `yaml` library bounds aliases and reports tags);
 * - has a key that is not plain text (`1.5:`, `~:`, `[a]:`), empty, or whose `:` comes near 1,024
 *   characters after its start;
 * - has an empty document, a document that is not a mapping or a list, an empty list item, a pair
 *   written inside a flow list (`[a: 1]`), or a scalar value alone on its line (below its key or `-`);
 * - has a quoted scalar over several lines, a `\U` escape, or a block scalar with an indentation indicator, a tab or
 *   a line of spaces only (the two readers part on those edges);
 * - holds a byte order mark, a lone `\r`, a tab in the indentation of a line, a directive (`%`) or a
 *   document end marker (`...`).
 *
 * Plain scalars resolve as YAML 1.2's core schema says, as the `yaml` library resolves them: js-yaml's
 * own integers and floats turn a literal too large for a double into text, where YAML 1.2 (and `yaml`)
 * gives Infinity, so those two tags are the spec's.
 */
import {
  CORE_SCHEMA,
  EVENT_ID,
  NOT_RESOLVED,
  SCALAR_STYLE,
  boolCoreTag,
  constructFromEvents,
  defineScalarTag,
  getScalarValue,
  nullCoreTag,
  parseEvents,
  type Event,
  type ScalarEvent,
} from 'js-yaml';
import type { Spot, SpotPair, SpotTree } from './yaml-spots.js';

/**
 * From a key's start to its `:`, what the fast reader takes: `yaml` refuses an implicit key whose `:`
 * comes more than 1,024 characters after its start; anything near that is left to it.
 */
const MAX_KEY_SPAN = 1000;

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

/**
 * Text the fast reader leaves to `yaml`: a byte order mark, a lone `\r`, a tab in a line's indentation,
 * a line starting with `%` (a directive, which js-yaml skips when it does not know it) or with `...` (a
 * document end marker: the two parsers count the documents around it differently).
 */
const LEFT_TO_YAML = /\uFEFF|\r(?!\n)|^[ ]*\t|^%|^\.\.\./m;

/** A document start marker, at the start of a line. */
const MARKER = /^---(?:[ \t\r\n]|$)/;

/** A block scalar's header the fast reader takes: `|` or `>`, a chomping sign, a comment. */
const SIMPLE_BLOCK_HEADER = /^[|>][-+]?(?: +#.*| *)\r?$/;
/** Block scalar content the fast reader leaves to `yaml`: a tab, or a line of spaces only. */
const BLOCK_EDGES = /\t|^ +\r?$/m;

/** YAML 1.2 core schema integers: decimal, `0o` octal, `0x` hexadecimal. */
const INT = /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/;
/** YAML 1.2 core schema floats: decimal, with an exponent, infinities and not-a-number. */
const FLOAT =
  /^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;

const intTag = defineScalarTag<number>('tag:yaml.org,2002:int', {
  implicit: true,
  implicitFirstChars: ['-', '+', ...DIGITS],
  resolve: (source) => {
    if (!INT.test(source)) return NOT_RESOLVED;
    if (source.startsWith('0o')) return parseInt(source.slice(2), 8);
    if (source.startsWith('0x')) return parseInt(source.slice(2), 16);
    return parseInt(source, 10);
  },
  identify: () => false,
});

const floatTag = defineScalarTag<number>('tag:yaml.org,2002:float', {
  implicit: true,
  implicitFirstChars: ['-', '+', '.', ...DIGITS],
  resolve: (source) => {
    if (!FLOAT.test(source)) return NOT_RESOLVED;
    const special = source.slice(-3).toLowerCase();
    if (special === 'nan') return NaN;
    if (special === 'inf') return source.startsWith('-') ? -Infinity : Infinity;
    return parseFloat(source);
  },
  identify: () => false,
});

const SCHEMA = CORE_SCHEMA.withTags(intTag, floatTag);

/** A plain scalar that the core schema reads as something other than text (`null`, `true`, `1`). */
function resolvesToNonText(source: string): boolean {
  return [nullCoreTag, boolCoreTag, intTag, floatTag].some(
    (tag) => tag.resolve(source, false, tag.tagName) !== NOT_RESOLVED,
  );
}

export interface FastDocument {
  data: unknown;
  spots: SpotTree;
}

/** Thrown inside the walk when the file needs the `yaml` library; never leaves this module. */
class LeaveToYaml extends Error {}

/** Every document of `text` with its data and spots, or undefined: then the `yaml` library reads it. */
export function readFast(text: string): FastDocument[] | undefined {
  if (text.length === 0 || LEFT_TO_YAML.test(text)) return undefined;
  let events: Event[];
  let documents: unknown[];
  let trees: SpotTree[];
  try {
    events = parseEvents(text, {});
    trees = new SpotWalk(text, events).documents();
    documents = constructFromEvents(events, { source: text, schema: SCHEMA, maxAliases: 0 });
  } catch {
    // a syntax error, a duplicate key, or something left to the yaml library (LeaveToYaml); whatever
    // else went wrong here, reading the file with `yaml` is always right (the tests check that the
    // example manifests do take this path)
    return undefined;
  }
  if (documents.length === 0 || documents.length !== trees.length) return undefined;
  return trees.map((spots, index) => ({ data: documents[index], spots }));
}

/** Builds the spots of each document from the parser's events, refusing what it leaves to `yaml`. */
class SpotWalk {
  #next = 0;
  /** the end of the last scalar read, past its closing quote: a block scalar's header comes after it */
  #lastScalarEnd = 0;

  constructor(
    private readonly text: string,
    private readonly events: readonly Event[],
  ) {}

  documents(): SpotTree[] {
    const trees: SpotTree[] = [];
    while (this.#next < this.events.length) {
      const event = this.#take();
      if (event.type !== EVENT_ID.DOCUMENT || event.directives.length > 0) throw new LeaveToYaml();
      const root = this.#node(this.#take());
      if (root.kind === 'leaf') throw new LeaveToYaml();
      this.#expectPop();
      trees.push({ at: event.explicitStart ? this.#marker(root.at) : this.#lineStart(root.at), root });
    }
    return trees;
  }

  /**
   * Whether only spaces and tabs come before `at` on its line. Every check here looks at the node's own
   * text or the indentation before it, never along the whole line: a file of one long line (JSON written
   * without line breaks) is read in time linear in its length.
   */
  #startsLine(at: number): boolean {
    let before = at - 1;
    while (before >= 0 && (this.text[before] === ' ' || this.text[before] === '\t')) before--;
    return before < 0 || this.text[before] === '\n';
  }

  #holdsLongEscape(start: number, end: number): boolean {
    for (let at = start; at < end - 1; at++) {
      if (this.text[at] === '\\') {
        if (this.text[at + 1] === 'U') return true;
        at++;
      }
    }
    return false;
  }

  #holdsLineBreak(start: number, end: number): boolean {
    for (let at = start; at < end; at++) if (this.text.charCodeAt(at) === 10) return true;
    return false;
  }

  /** A document with no `---` starts at its first line (its indentation included), as `yaml` counts it. */
  #lineStart(contentAt: number): number {
    return this.#startsLine(contentAt) ? this.text.lastIndexOf('\n', contentAt - 1) + 1 : contentAt;
  }

  /** A document that starts with `---` starts there, as the `yaml` library counts it. */
  #marker(contentAt: number): number {
    // before the content's own line start: the content may itself begin with `---` (a key `---x`)
    const found = this.text.lastIndexOf('\n---', contentAt - 2);
    const at = found !== -1 ? found + 1 : 0;
    if (!MARKER.test(this.text.slice(at, at + 5))) throw new LeaveToYaml();
    return at;
  }

  #take(): Event {
    const event = this.events[this.#next++];
    if (event === undefined) throw new LeaveToYaml();
    return event;
  }

  #expectPop(): void {
    if (this.#take().type !== EVENT_ID.POP) throw new LeaveToYaml();
  }

  #peekPop(): boolean {
    if (this.events[this.#next]?.type !== EVENT_ID.POP) return false;
    this.#next++;
    return true;
  }

  #node(event: Event): Spot {
    switch (event.type) {
      case EVENT_ID.SCALAR:
        return this.#scalar(event);
      case EVENT_ID.SEQUENCE: {
        this.#plain(event);
        const flow = this.text[event.start] === '[';
        const items: Spot[] = [];
        while (!this.#peekPop()) {
          const item = this.#node(this.#take());
          if (item.kind === 'leaf' && item.empty === true) throw new LeaveToYaml();
          // a pair inside a flow list: `yaml` gives it no node of its own
          if (flow && item.kind === 'map' && this.text[item.at] !== '{') throw new LeaveToYaml();
          items.push(item);
        }
        return { kind: 'seq', at: event.start, items };
      }
      case EVENT_ID.MAPPING: {
        this.#plain(event);
        const pairs: SpotPair[] = [];
        while (!this.#peekPop()) {
          const keyEvent = this.#take();
          if (keyEvent.type !== EVENT_ID.SCALAR) throw new LeaveToYaml();
          const key = this.#key(keyEvent);
          const keyAt = this.#scalar(keyEvent, true).at;
          this.#keyLength(keyAt);
          pairs.push({ key, keyAt, value: this.#node(this.#take()) });
        }
        return { kind: 'map', at: event.start, pairs };
      }
      default:
        // an alias, or a document inside a node
        throw new LeaveToYaml();
    }
  }

  /** Anchors and tags are left to the `yaml` library. */
  #plain(event: { anchorStart: number; tagStart: number }): void {
    if (event.anchorStart !== -1 || event.tagStart !== -1) throw new LeaveToYaml();
  }

  #key(event: ScalarEvent): string {
    if (event.valueStart === -1) throw new LeaveToYaml();
    const key = getScalarValue(this.text, event);
    if (event.style === SCALAR_STYLE.PLAIN && resolvesToNonText(key)) throw new LeaveToYaml();
    return key;
  }

  /**
   * `yaml` refuses an implicit key whose `:` comes more than 1,024 characters after the key's start
   * (quotes, escapes and the spaces before the `:` count): a key that comes near is left to it. Called
   * right after the key is read, so #lastScalarEnd is the key's end.
   */
  #keyLength(keyAt: number): void {
    let colon = this.#lastScalarEnd;
    while (this.text[colon] === ' ' || this.text[colon] === '\t') colon++;
    if (colon - keyAt > MAX_KEY_SPAN) throw new LeaveToYaml();
  }

  #scalar(event: ScalarEvent, isKey = false): Spot {
    this.#plain(event);
    const { valueStart, valueEnd, style } = event;
    if (valueStart === -1) return { kind: 'leaf', at: -1, empty: true };
    const quoted = style === SCALAR_STYLE.SINGLE_QUOTED || style === SCALAR_STYLE.DOUBLE_QUOTED;
    const block = style === SCALAR_STYLE.LITERAL_BLOCK || style === SCALAR_STYLE.FOLDED_BLOCK;
    // how the two readers fold a quoted scalar over lines differs at the edges (escaped line breaks)
    if (quoted && this.#holdsLineBreak(valueStart, valueEnd)) throw new LeaveToYaml();
    // js-yaml takes a `\U` escape past U+10FFFF (as broken text) where `yaml` refuses it
    if (style === SCALAR_STYLE.DOUBLE_QUOTED && this.#holdsLongEscape(valueStart, valueEnd)) {
      throw new LeaveToYaml();
    }
    // the two readers part on a block scalar's edges: explicit indentation, tabs, lines of spaces
    if (block && BLOCK_EDGES.test(this.text.slice(valueStart, valueEnd))) throw new LeaveToYaml();
    const at = quoted ? valueStart - 1 : block ? this.#blockHeader(valueStart) : valueStart;
    // a value alone on its line (`key:` or `-` above it): `yaml` reads some such layouts differently
    if (!isKey && !block && this.#startsLine(at)) throw new LeaveToYaml();
    this.#lastScalarEnd = quoted ? valueEnd + 1 : valueEnd;
    return { kind: 'leaf', at };
  }

  /**
   * Where a block scalar's `|` or `>` is: its content starts on the line after that header, and the
   * header line holds, after the key before it (if any), only `:`, `-`, `?`, spaces and the indicator.
   */
  #blockHeader(contentStart: number): number {
    const { text } = this;
    if (text[contentStart - 1] !== '\n') throw new LeaveToYaml();
    const lineStart = text.lastIndexOf('\n', contentStart - 2) + 1;
    for (let at = Math.max(lineStart, this.#lastScalarEnd); at < contentStart; at++) {
      if (text[at] !== '|' && text[at] !== '>') continue;
      if (!SIMPLE_BLOCK_HEADER.test(text.slice(at, contentStart - 1))) throw new LeaveToYaml();
      return at;
    }
    throw new LeaveToYaml();
  }
}

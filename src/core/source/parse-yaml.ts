/**
 * YAML text -> documents with line/column information, reporting every syntax problem at once.
 * Duplicate keys are errors; alias expansion is bounded so a "billion laughs" file is refused fast.
 * The `yaml` library reads every file; a document keeps its data and its spots (yaml-spots.ts: where
 * each node starts), not yaml's whole tree.
 */
import { LineCounter, isAlias, isScalar, parseAllDocuments, visit } from 'yaml';
import type { YAMLMap } from 'yaml';
import type { Alias, Document } from 'yaml';
import { firstError } from './yaml-errors.js';
import type { DiagnosticSink } from './diagnostics.js';
import type { SourceText } from './read-source.js';
import { spotsOfDocument, type SpotTree } from './yaml-spots.js';

/** Aliases resolved per document; manifests rarely need any, so this is generous yet safe. */
export const MAX_ALIAS_COUNT = 100;

const EMPTY = { code: 'EMPTY_DOCUMENT' } as const;

/**
 * `yaml`'s own check of unique keys compares each key with every key before it: a mapping of 80,000
 * keys took a minute. duplicateKeys() below finds the same duplicates in one pass, and they are
 * reported as `yaml` reports them.
 */
const PARSE_OPTIONS = { prettyErrors: false, uniqueKeys: false, strict: true } as const;

const DUPLICATE_MESSAGE = 'Map keys must be unique';

/** The spots of every document of `text`, as parseYaml read them. */
function readSpots(text: string): SpotTree[] {
  return parseAllDocuments(text, PARSE_OPTIONS).map(spotsOfDocument);
}

/**
 * The spots of one file, shared by its documents. Once every document has released them (its entries
 * are collected), they are dropped; a later lookup parses the text again, once for the file.
 */
class FileTrees {
  #trees: SpotTree[] | undefined;
  #held = 0;

  constructor(
    readonly file: string,
    private readonly text: string,
    trees: SpotTree[],
    /** line starts of the file (small: kept when the spots are dropped) */
    readonly lines: LineCounter,
  ) {
    this.#trees = trees;
  }

  hold(): void {
    this.#held++;
  }

  get inMemory(): boolean {
    return this.#trees !== undefined;
  }

  release(): void {
    if (--this.#held === 0) this.#trees = undefined;
  }

  spots(index: number): SpotTree {
    this.#trees ??= readSpots(this.text);
    const tree = this.#trees[index];
    // the same text parsed the same way: the document is there
    if (tree === undefined) throw new Error(`${this.file}: document ${index} not found again`);
    return tree;
  }
}

/**
 * One document of a file: its data, and its spots for locating keys. `release()` gives the spots up (a
 * file of 1,000 properties holds a few MB of them) once the locations the model needs are read.
 */
export class ParsedDocument {
  #released = false;

  constructor(
    /** the display path of the file */
    readonly file: string,
    /** 0-based position of the document in its file */
    readonly index: number,
    /** the document as plain data */
    readonly data: unknown,
    private readonly trees: FileTrees,
  ) {
    trees.hold();
  }

  get spots(): SpotTree {
    return this.trees.spots(this.index);
  }

  get lines(): LineCounter {
    return this.trees.lines;
  }

  /** whether the file's spots are in memory now */
  get treeInMemory(): boolean {
    return this.trees.inMemory;
  }

  release(): void {
    if (this.#released) return;
    this.#released = true;
    this.trees.release();
  }
}

/** Parses every document of a file; documents with YAML errors are reported and left out. */
export function parseYaml(source: SourceText, sink: DiagnosticSink): ParsedDocument[] {
  const lineCounter = new LineCounter();
  const docs = parseAllDocuments(source.text, { lineCounter, ...PARSE_OPTIONS });
  if (docs.length === 0) {
    // an empty stream (nothing, or only comments) still carries its own errors and warnings
    const stream = docs as unknown as { errors?: YamlProblem[]; warnings?: YamlProblem[] };
    for (const error of stream.errors ?? []) report(source.file, lineCounter, error, sink, 'error');
    for (const warning of stream.warnings ?? []) report(source.file, lineCounter, warning, sink, 'warning');
    sink.at({ file: source.file, line: 1, col: 1 }, { ...EMPTY, message: 'the file holds no document' });
    return [];
  }
  const documents = docs;
  const trees = new FileTrees(source.file, source.text, docs.map(spotsOfDocument), lineCounter);
  const parsed: ParsedDocument[] = [];
  documents.forEach((doc, index) => {
    const at = (offset: number) => ({ file: source.file, ...lineCounter.linePos(offset) });
    // one error per mistake: what follows a syntax error in its document mostly follows from it
    const errors = doc.errors.length > 0 ? [firstError(source.text, doc.errors)] : duplicateKeys(doc);
    for (const error of errors) report(source.file, lineCounter, error, sink, 'error');
    for (const warning of doc.warnings) report(source.file, lineCounter, warning, sink, 'warning');
    if (errors.length > 0) return;
    if (doc.contents === null || (isScalar(doc.contents) && doc.contents.value === null)) {
      sink.at(at(doc.range[0]), {
        ...EMPTY,
        message: documents.length === 1 ? 'the file holds no document' : 'this document is empty',
        hint: documents.length === 1 ? undefined : 'remove the extra `---` line',
      });
      return;
    }
    let data: unknown;
    try {
      data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (error) {
      if (!(error instanceof ReferenceError)) throw error;
      // yaml reports an alias without its anchor only when it resolves it, with the same error class
      const unknown = unresolvedAlias(doc);
      if (unknown !== undefined) {
        sink.at(at(unknown.range?.[0] ?? doc.contents.range[0]), {
          code: 'YAML_SYNTAX',
          message: `unknown alias *${unknown.source}: no anchor &${unknown.source} comes before it`,
          hint: `set the anchor (&${unknown.source}) on a value before this alias, or write the value out`,
        });
        return;
      }
      sink.at(at(doc.contents.range[0]), {
        code: 'YAML_ALIAS_LIMIT',
        message: `aliases in this document expand past the limit of ${MAX_ALIAS_COUNT}; refused as a resource exhaustion attack`,
        hint: 'write the values out instead of nesting aliases',
      });
      return;
    }
    parsed.push(new ParsedDocument(source.file, index, data, trees));
  });
  return parsed;
}

/**
 * The keys that repeat a key before them in the same mapping, as `yaml` tells them with `uniqueKeys`:
 * scalar keys of the same value (`===`: `1` and `'1'` differ); other keys are never equal. Each is
 * located where the key starts.
 */
function duplicateKeys(doc: Document.Parsed): YamlProblem[] {
  const found: YamlProblem[] = [];
  visit(doc, {
    Map: (_key, map: YAMLMap) => {
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        if (!isScalar(pair.key)) continue;
        const value = pair.key.value;
        // NaN never equals itself for `===`
        if (Number.isNaN(value)) continue;
        if (seen.has(value)) {
          const at = pair.key.range?.[0] ?? 0;
          found.push({ code: 'DUPLICATE_KEY', message: DUPLICATE_MESSAGE, pos: [at, at + 1] });
        } else {
          seen.add(value);
        }
      }
      return undefined;
    },
  });
  return found;
}

/** The first alias, in document order, whose anchor is not set before it. */
function unresolvedAlias(doc: Document.Parsed): Alias | undefined {
  const anchors = new Set<string>();
  let found: Alias | undefined;
  visit(doc, {
    Node: (_key, node) => {
      if (isAlias(node)) {
        if (anchors.has(node.source)) return undefined;
        found = node;
        return visit.BREAK;
      }
      if (node.anchor !== undefined) anchors.add(node.anchor);
      return undefined;
    },
  });
  return found;
}

interface YamlProblem {
  code: string;
  message: string;
  pos: [number, number];
  hint?: string;
}

function report(
  file: string,
  lineCounter: LineCounter,
  problem: YamlProblem,
  sink: DiagnosticSink,
  severity: 'error' | 'warning',
): void {
  const { line, col } = lineCounter.linePos(problem.pos[0]);
  const duplicate = problem.code === 'DUPLICATE_KEY';
  sink.at(
    { file, line, col },
    {
      code: severity === 'warning' ? 'YAML_WARNING' : duplicate ? 'YAML_DUPLICATE_KEY' : 'YAML_SYNTAX',
      // the first line only: the rest is a source excerpt, which could hold a secret
      message: duplicate ? 'this key appears twice in the same mapping' : firstLine(problem.message),
      hint: duplicate ? 'keep one of the two entries' : problem.hint,
    },
  );
}

function firstLine(message: string): string {
  const line = message.split('\n', 1)[0] ?? message;
  return line.replace(/ at line \d+, column \d+:?$/, '');
}

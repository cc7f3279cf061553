/**
 * Where each node of a YAML document starts: the part of a parsed document that locating a problem
 * needs (locate.ts, the emulator's seed file), kept instead of yaml's whole tree, which is several times
 * larger (parse-yaml.ts). Offsets are UTF-16 offsets into the file's text, as `yaml` counts them.
 */
import { isMap, isPair, isScalar, isSeq } from 'yaml';
import type { Document, Node } from 'yaml';

/** A mapping entry: its key as text (as yaml gives `String(key)`), where the key starts, and its value. */
export interface SpotPair {
  /** the key as text; `null` for a key that is not a scalar, which no path can name */
  key: string | null;
  keyAt: number;
  value: Spot;
}

export type Spot =
  | { kind: 'map'; at: number; pairs: SpotPair[] }
  | { kind: 'seq'; at: number; items: Spot[] }
  /** any other node: a scalar, an alias; `empty` for a value left empty (`label:` and nothing after) */
  | { kind: 'leaf'; at: number; empty?: true };

/** The start of a document's content and the spots of its nodes. */
export interface SpotTree {
  /** where the document's content starts (what a path that finds nothing points at) */
  at: number;
  root: Spot;
}

/** a value that has no node at all (a key with no value; a pair inside a flow sequence) */
export const NO_NODE: Spot = { kind: 'leaf', at: -1, empty: true };

/** The spots of a document the `yaml` library parsed (its nodes' `range[0]`). */
export function spotsOfDocument(doc: Document.Parsed): SpotTree {
  return { at: doc.range[0], root: spotOf(doc.contents) };
}

function spotOf(node: Node | null | undefined): Spot {
  if (node === null || node === undefined) return NO_NODE;
  const at = node.range?.[0] ?? -1;
  if (isMap(node)) {
    const pairs = node.items.map((pair): SpotPair => {
      const keyAt = isScalar(pair.key) ? (pair.key.range?.[0] ?? -1) : -1;
      const value = spotOf(pair.value as Node | null);
      return {
        key: isScalar(pair.key) ? String(pair.key.value) : null,
        keyAt,
        // an empty value is located at its key, wherever yaml put its empty node
        value: value.kind === 'leaf' && value.empty === true && keyAt >= 0 ? NO_NODE : value,
      };
    });
    return { kind: 'map', at, pairs };
  }
  if (isSeq(node)) {
    // a pair written inside a flow sequence (`[a: 1]`) has no node of its own
    const items = node.items.map((item) => (isPair(item) ? NO_NODE : spotOf(item as Node)));
    return { kind: 'seq', at, items };
  }
  // a value left empty: yaml's null scalar with no source text
  return isScalar(node) && node.value === null && node.source === ''
    ? { kind: 'leaf', at, empty: true }
    : { kind: 'leaf', at };
}

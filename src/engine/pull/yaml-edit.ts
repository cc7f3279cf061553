/**
 * Small edits of parsed YAML documents that keep what a person wrote: comments, key order, quoting and
 * flow or block style. A changed scalar keeps its node (so its comment and style stay); a new key goes
 * to its place in the canonical key order among the keys already there; a removed key takes only its
 * own line. Every function reports whether it changed anything, so untouched files are never rewritten.
 */
import { INVISIBLE } from '../../core/control-chars.js';
import {
  isMap,
  isScalar,
  isSeq,
  Pair,
  Scalar,
  visit,
  YAMLSeq,
  type Document,
  type ToStringOptions,
  type YAMLMap,
} from 'yaml';

/** A plain value pull writes: JSON-able, no undefined. */
export type PlainValue = string | number | boolean | null | PlainValue[] | { [key: string]: PlainValue };

export function keyOf(pair: Pair): unknown {
  return isScalar(pair.key) ? pair.key.value : pair.key;
}

export function findPair(map: YAMLMap, key: string): Pair | undefined {
  return map.items.find((pair) => keyOf(pair) === key);
}

/** The plain value under `key` (a collection as plain data), or undefined. */
export function plainValue(map: YAMLMap, key: string): unknown {
  const value = findPair(map, key)?.value;
  if (isScalar(value)) return value.value;
  return value === null || value === undefined ? undefined : (value as { toJSON(): unknown }).toJSON();
}

export function stringValue(map: YAMLMap, key: string): string | undefined {
  const value = plainValue(map, key);
  return typeof value === 'string' ? value : undefined;
}

export function seqValue(map: YAMLMap, key: string): YAMLSeq | undefined {
  const value = findPair(map, key)?.value;
  return isSeq(value) ? value : undefined;
}

/** The mapping items of a sequence (entries of `properties:`, `types:`, ...), with their index. */
export function mapItems(seq: YAMLSeq | undefined): YAMLMap[] {
  return (seq?.items ?? []).filter((item): item is YAMLMap => isMap(item));
}

/** `order`: the canonical key order; a key not in it sorts after every key that is. */
function rank(order: readonly string[], key: unknown): number {
  const index = typeof key === 'string' ? order.indexOf(key) : -1;
  return index < 0 ? order.length : index;
}

/** Adds `pair` before the first key that comes after it in `order` (at the end when none does). */
export function insertPair(map: YAMLMap, pair: Pair, order: readonly string[]): void {
  const own = rank(order, keyOf(pair));
  const at = map.items.findIndex((item) => rank(order, keyOf(item)) > own);
  if (at < 0) map.items.push(pair);
  else map.items.splice(at, 0, pair);
}

/**
 * Sets `key` to `value`. A scalar replacing a scalar keeps the node (its comment, and its quoting unless
 * the new text needs a block); anything else gets a new node. Returns whether the value changed.
 */
export function setValue(
  doc: Document,
  map: YAMLMap,
  key: string,
  value: PlainValue,
  order: readonly string[],
): boolean {
  const pair = findPair(map, key);
  if (pair === undefined) {
    const created = doc.createPair(key, value);
    if (isScalar(created.value)) fitScalarStyle(created.value, map.flow === true);
    insertPair(map, created, order);
    return true;
  }
  if (isScalar(pair.value) && (value === null || typeof value !== 'object')) {
    if (pair.value.value === value) return false;
    pair.value.value = value;
    fitScalarStyle(pair.value, map.flow === true);
    return true;
  }
  pair.value = doc.createNode(value);
  return true;
}

/**
 * Text with line breaks reads best as a literal block (double-quoted with `\n` inside a flow mapping,
 * where blocks cannot be); text without them never as a block. Words that YAML 1.1 tools read as
 * booleans (`Yes`, `off`, ...) are quoted, as the examples quote them: YAML 1.2 (crm-schema) reads them
 * as text either way.
 */
function fitScalarStyle(node: Scalar, inFlow: boolean): void {
  if (typeof node.value === 'string' && node.value.includes('\n'))
    node.type = inFlow ? Scalar.QUOTE_DOUBLE : Scalar.BLOCK_LITERAL;
  else if (node.type === Scalar.BLOCK_LITERAL || node.type === Scalar.BLOCK_FOLDED) delete node.type;
  if (typeof node.value === 'string' && YAML11_BOOLEAN.test(node.value) && node.type !== Scalar.QUOTE_DOUBLE)
    node.type = Scalar.QUOTE_SINGLE;
}

const YAML11_BOOLEAN = /^(y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$/;

export function deleteKey(map: YAMLMap, key: string): boolean {
  const index = map.items.findIndex((pair) => keyOf(pair) === key);
  if (index < 0) return false;
  map.items.splice(index, 1);
  return true;
}

/**
 * A new sequence entry: block style, or flow (`{ name: x, ... }`) when `flow`. Option lists inside a
 * block entry are written one flow mapping per option, as the examples do.
 */
export function entryNode(doc: Document, value: { [key: string]: PlainValue }, flow: boolean): YAMLMap {
  const node = doc.createNode(value);
  node.flow = flow;
  if (!flow) {
    const options = findPair(node, 'options')?.value;
    if (isSeq(options)) for (const option of options.items) if (isMap(option)) option.flow = true;
  }
  visit(node, {
    Scalar(_key, scalar, path) {
      const inFlow = flow || path.some((parent) => (isMap(parent) || isSeq(parent)) && parent.flow === true);
      fitScalarStyle(scalar, inFlow);
    },
  });
  return node;
}

/** Appends a new entry to the list under `key` (created when missing), in the style of the entries there. */
export function appendEntry(
  doc: Document,
  map: YAMLMap,
  key: string,
  entry: { [key: string]: PlainValue },
  order: readonly string[],
): void {
  let seq = seqValue(map, key);
  if (seq === undefined) {
    seq = new YAMLSeq();
    insertPair(map, new Pair(new Scalar(key), seq), order);
  }
  const last = seq.items.at(-1);
  const flow = isMap(last) && last.flow === true;
  if (seq.flow === true && seq.items.length === 0) seq.flow = false;
  seq.items.push(entryNode(doc, entry, flow));
}

/**
 * Keeps the entries of the list under `key` for which `keep` returns true; returns whether any was
 * dropped. A list left empty is removed with its key.
 */
export function filterEntries(map: YAMLMap, key: string, keep: (entry: YAMLMap) => boolean): boolean {
  const seq = seqValue(map, key);
  if (seq === undefined) return false;
  const before = seq.items.length;
  seq.items = seq.items.filter((item) => !isMap(item) || keep(item));
  if (seq.items.length === before) return false;
  if (seq.items.length === 0) deleteKey(map, key);
  return true;
}

/**
 * The text of a document, every string holding a character a reviewer cannot see in a diff (INVISIBLE:
 * controls, format characters such as U+202E, separators) written as a double-quoted scalar with escapes
 * (`"Order\u202E"`): the file shows them (raw, they could make it read differently from what it means,
 * a Trojan Source review risk) and reads back the same.
 */
export function documentText(doc: Document, options: ToStringOptions): string {
  const escaped: { node: Scalar; value: string; type: Scalar['type']; placeholder: string }[] = [];
  const nonce = Math.random().toString(36).slice(2);
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value !== 'string' || !INVISIBLE.test(node.value)) return;
      const placeholder = `crm-schema-escaped-${nonce}-${escaped.length}`;
      escaped.push({ node, value: node.value, type: node.type, placeholder });
      node.value = placeholder;
      node.type = Scalar.QUOTE_DOUBLE;
    },
  });
  try {
    let text = doc.toString(options);
    for (const { value, placeholder } of escaped)
      text = text.split(`"${placeholder}"`).join(`"${escapeDoubleQuoted(value)}"`);
    return text;
  } finally {
    for (const { node, value, type } of escaped) {
      node.value = value;
      node.type = type;
    }
  }
}

/** The body of a YAML double-quoted scalar: `\` and `"` escaped, and every character INVISIBLE matches. */
function escapeDoubleQuoted(value: string): string {
  let out = '';
  for (const char of value) {
    if (char === '\\' || char === '"') out += `\\${char}`;
    else if (char === '\n') out += '\\n';
    else if (char === '\t') out += '\\t';
    else if (INVISIBLE.test(char)) {
      const code = char.codePointAt(0) ?? 0;
      out +=
        code <= 0xff ? `\\x${hex(code, 2)}` : code <= 0xffff ? `\\u${hex(code, 4)}` : `\\U${hex(code, 8)}`;
    } else out += char;
  }
  return out;
}

function hex(code: number, digits: number): string {
  return code.toString(16).toUpperCase().padStart(digits, '0');
}

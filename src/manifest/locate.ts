/**
 * Finds the YAML node at a key path (from an ajv instancePath or a rule) and gives its line and
 * column, so every problem points at the exact key or value it is about.
 */
import { isMap, isPair, isScalar, isSeq } from 'yaml';
import type { Node, Pair } from 'yaml';
import type { ParsedDocument } from './parse-yaml.js';
import type { SourceLocation } from '../model/source-location.js';

export type PathSegment = string | number;

interface Found {
  node: Node | null;
  /** the pair whose value is `node`, when `node` sits in a mapping */
  pair: Pair | null;
}

/** Walks as deep as the path goes; stops at the last node that exists. */
function walk(document: ParsedDocument, path: readonly PathSegment[]): Found {
  let found: Found = { node: document.doc.contents, pair: null };
  for (const segment of path) {
    const { node } = found;
    if (isMap(node)) {
      const pair = node.items.find(
        (item) => isScalar(item.key) && String(item.key.value) === String(segment),
      );
      if (!pair) break;
      found = { node: (pair.value as Node | null) ?? null, pair };
    } else if (isSeq(node) && typeof segment === 'number') {
      const item = node.items[segment];
      if (item === undefined) break;
      found = { node: isPair(item) ? null : (item as Node), pair: null };
    } else {
      break;
    }
  }
  return found;
}

/**
 * Location of the value at `path` (or, with `target: 'key'`, of its key). A missing value (`label:`
 * with nothing after it) points at its key.
 */
export function locate(
  document: ParsedDocument,
  path: readonly PathSegment[],
  target: 'value' | 'key' = 'value',
): SourceLocation {
  const { node, pair } = walk(document, path);
  const keyNode = pair && isScalar(pair.key) ? pair.key : null;
  const valueMissing = !node || (isScalar(node) && node.value === null && node.source === '');
  const offset =
    (target === 'key' || valueMissing) && keyNode?.range
      ? keyNode.range[0]
      : (node?.range?.[0] ?? document.doc.range[0]);
  return { file: document.file, ...document.lineCounter.linePos(offset) };
}

/** Location of the key `key` inside the mapping at `path` (for unknown keys). */
export function locateKey(
  document: ParsedDocument,
  path: readonly PathSegment[],
  key: string,
): SourceLocation {
  return locate(document, [...path, key], 'key');
}

/** `/properties/2/fieldType` -> ['properties', 2, 'fieldType'] */
export function pointerToPath(pointer: string): PathSegment[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((raw) => raw.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((segment) => (/^(0|[1-9]\d*)$/.test(segment) ? Number(segment) : segment));
}

/** ['properties', 2, 'fieldType'] -> `properties[2].fieldType` */
export function formatPath(path: readonly PathSegment[]): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(segment)) text += text === '' ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
}

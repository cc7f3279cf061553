/**
 * Finds the node at a key path (from an ajv instancePath or a rule) and gives its line and column, so
 * every problem points at the exact key or value it is about. It reads the document's spots
 * (yaml-spots.ts).
 */
import type { ParsedDocument } from './parse-yaml.js';
import type { Spot, SpotPair } from './yaml-spots.js';
import type { SourceLocation } from './source-location.js';

export type PathSegment = string | number;

interface Found {
  node: Spot | null;
  /** the pair whose value is `node`, when `node` sits in a mapping */
  pair: SpotPair | null;
}

/** Walks as deep as the path goes; stops at the last node that exists. */
function walk(root: Spot, path: readonly PathSegment[]): Found {
  let found: Found = { node: root, pair: null };
  for (const segment of path) {
    const { node } = found;
    if (node?.kind === 'map') {
      const pair = node.pairs.find((item) => item.key === String(segment));
      if (!pair) break;
      found = { node: pair.value, pair };
    } else if (node?.kind === 'seq' && typeof segment === 'number') {
      const item = node.items[segment];
      if (item === undefined) break;
      found = { node: item, pair: null };
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
  const tree = document.spots;
  const { node, pair } = walk(tree.root, path);
  const keyAt = pair !== null && pair.keyAt >= 0 ? pair.keyAt : undefined;
  const valueMissing = node === null || (node.kind === 'leaf' && node.empty === true);
  const offset =
    (target === 'key' || valueMissing) && keyAt !== undefined
      ? keyAt
      : node !== null && node.at >= 0
        ? node.at
        : tree.at;
  return { file: document.file, ...document.lines.linePos(offset) };
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

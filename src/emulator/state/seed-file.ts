/**
 * `--seed-file FILE`: more data for a fresh state, as JSON or YAML (YAML 1.2 reads both). Reading it
 * keeps each node's position, so an error names `file:line:col`, the path inside the file and what is
 * wrong. The sections themselves are applied by seed-sections.ts.
 */
import { readFile } from 'node:fs/promises';
import { isMap, isNode, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { CrmSchemaError } from '../../core/errors.js';
import type { EmulatorState } from './model.js';
import { applySeed, SeedProblem, type SeedPath } from './seed-sections.js';

const HINT = 'Fix the seed file; its format is described in the README (emulator: seed file).';

function seedError(file: string, where: string, message: string): CrmSchemaError {
  return new CrmSchemaError('EMULATOR_SEED_INVALID', `${where}: ${message}`, { hint: HINT, meta: { file } });
}

const formatPath = (path: SeedPath): string =>
  path.map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? part : `.${part}`)).join('');

/**
 * The node at `path`, or the deepest one on the way: for a mapping entry, its key (where a reader looks
 * for a misspelt or misplaced name); for a list item, the item.
 */
function nodeAt(root: unknown, path: SeedPath): Node | undefined {
  let node: unknown = root;
  let found: Node | undefined = isNode(root) ? root : undefined;
  for (const [i, part] of path.entries()) {
    const last = i === path.length - 1;
    if (isMap(node)) {
      const pair = node.items.find((item) => (isScalar(item.key) ? item.key.value : item.key) === part);
      if (!pair) return found;
      if (last && isNode(pair.key)) return pair.key;
      node = pair.value;
    } else if (isSeq(node) && typeof part === 'number') {
      node = node.items[part];
    } else {
      return found;
    }
    if (isNode(node)) found = node;
  }
  return found;
}

export interface ParsedSeed {
  data: unknown;
  /** `file:line:col` of the node at `path` (or of the nearest parent that exists) */
  locate(path: SeedPath): string;
}

export function parseSeedText(file: string, text: string): ParsedSeed {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true });
  const first = doc.errors[0];
  if (first) {
    const pos = first.linePos?.[0];
    const where = pos ? `${file}:${pos.line}:${pos.col}` : file;
    throw seedError(file, where, `not valid YAML or JSON: ${first.message.split('\n')[0]}`);
  }
  const locate = (path: SeedPath): string => {
    const offset = nodeAt(doc.contents, path)?.range?.[0];
    if (offset === undefined) return file;
    const { line, col } = lineCounter.linePos(offset);
    return `${file}:${line}:${col}`;
  };
  return { data: doc.toJS({ maxAliasCount: 1000 }) as unknown, locate };
}

/** Applies a parsed seed to a fresh state; throws a CrmSchemaError naming the first problem. */
export function applyParsedSeed(state: EmulatorState, file: string, seed: ParsedSeed, now: string): void {
  try {
    applySeed(state, seed.data, now);
  } catch (error) {
    if (!(error instanceof SeedProblem)) throw error;
    const at = error.path.length > 0 ? ` ${formatPath(error.path)}` : '';
    throw seedError(file, `${seed.locate(error.path)}${at}`, error.message);
  }
}

/** Reads `file` and applies it to a fresh state. */
export async function applySeedFile(state: EmulatorState, file: string, now: string): Promise<void> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(error);
    throw new CrmSchemaError('EMULATOR_SEED_UNREADABLE', `Cannot read the seed file ${file}: ${reason}.`, {
      hint: 'Check the --seed-file path.',
      meta: { file },
    });
  }
  applyParsedSeed(state, file, parseSeedText(file, text), now);
}

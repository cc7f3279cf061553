/**
 * `--seed-file FILE`: more data for a fresh state, as JSON or YAML (YAML 1.2 reads both). It is read and
 * parsed by the manifest reader (src/core/source/read-source.ts, parse-yaml.ts), so it gets the same checks:
 * a regular UTF-8 text file, YAML errors at `file:line:col`, duplicate keys refused, aliases bounded.
 * Each node keeps its position, so an error in an entry names `file:line:col`, the path inside the file
 * and what is wrong. The sections themselves are applied by seed-sections.ts.
 */
import { resolve } from 'node:path';
import { CrmSchemaError } from '../../core/errors.js';
import { DiagnosticSink, type Diagnostic } from '../../core/source/diagnostics.js';
import { parseYaml } from '../../core/source/parse-yaml.js';
import { readSource } from '../../core/source/read-source.js';
import type { Spot, SpotPair } from '../../core/source/yaml-spots.js';
import type { EmulatorState } from '../state/model.js';
import { applySeed, isSeedProblem, type SeedPath } from './seed-sections.js';

const HINT = 'Fix the seed file; its format is described in the README (emulator: seed file).';

function seedError(file: string, where: string, message: string): CrmSchemaError {
  return new CrmSchemaError('EMULATOR_SEED_INVALID', `${where}: ${message}`, { hint: HINT, meta: { file } });
}

const formatPath = (path: SeedPath): string =>
  path.map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? part : `.${part}`)).join('');

/**
 * Where the node at `path` starts, or the deepest one on the way: for a mapping entry, its key (where a
 * reader looks for a misspelt or misplaced name); for a list item, the item.
 */
function offsetAt(root: Spot, path: SeedPath): number | undefined {
  let node: Spot | undefined = root;
  let found = root.at >= 0 ? root.at : undefined;
  for (const [i, part] of path.entries()) {
    const last = i === path.length - 1;
    if (node?.kind === 'map') {
      const pair: SpotPair | undefined = node.pairs.find((item) => item.key === String(part));
      if (!pair) return found;
      if (last && pair.keyAt >= 0) return pair.keyAt;
      node = pair.value;
    } else if (node?.kind === 'seq' && typeof part === 'number') {
      node = node.items[part];
    } else {
      return found;
    }
    if (node !== undefined && node.at >= 0) found = node.at;
  }
  return found;
}

export interface ParsedSeed {
  data: unknown;
  /** `file:line:col` of the node at `path` (or of the nearest parent that exists) */
  locate(path: SeedPath): string;
}

/** Seed files may hold whole accounts (thousands of records): a larger cap than manifests have. */
export const MAX_SEED_BYTES = 64 * 1024 * 1024;

/** What the manifest reader reported, as the emulator's error: `file:line:col: message`. */
function seedFileError(file: string, problem: Diagnostic): CrmSchemaError {
  if (problem.code === 'FILE_NOT_FOUND' || problem.code === 'FILE_UNREADABLE') {
    return new CrmSchemaError(
      'EMULATOR_SEED_UNREADABLE',
      `Cannot read the seed file ${file}: ${problem.message}.`,
      {
        hint: 'Check the --seed-file path: it must name a regular JSON or YAML file.',
        meta: { file, reason: problem.code },
      },
    );
  }
  const where = problem.line === null ? file : `${file}:${problem.line}:${problem.col ?? 1}`;
  const what =
    problem.code === 'YAML_SYNTAX' ? `not valid YAML or JSON: ${problem.message}` : problem.message;
  const hint =
    problem.hint === undefined
      ? HINT
      : `${problem.hint[0]?.toUpperCase() ?? ''}${problem.hint.slice(1)}. ${HINT}`;
  return new CrmSchemaError('EMULATOR_SEED_INVALID', `${where}: ${what}`, {
    hint,
    meta: { file, reason: problem.code },
  });
}

/**
 * Parses seed text with the manifest reader's YAML rules: errors located `file:line:col`, duplicate keys
 * refused, aliases bounded (a "billion laughs" file is refused at once), one document.
 */
export function parseSeedText(file: string, text: string): ParsedSeed {
  const sink = new DiagnosticSink();
  const documents = parseYaml({ file, text }, sink);
  const problem = sink.items.find((d) => d.severity === 'error');
  if (problem) throw seedFileError(file, problem);
  const second = documents[1];
  if (second !== undefined) {
    const { line, col } = second.lines.linePos(second.spots.at);
    throw seedError(file, `${file}:${line}:${col}`, 'a seed file holds one document; remove the `---` line');
  }
  const document = documents[0];
  const locate = (path: SeedPath): string => {
    const offset = document === undefined ? undefined : offsetAt(document.spots.root, path);
    if (document === undefined || offset === undefined) return file;
    const { line, col } = document.lines.linePos(offset);
    return `${file}:${line}:${col}`;
  };
  return { data: document?.data, locate };
}

/** Applies a parsed seed to a fresh state; throws a CrmSchemaError naming the first problem. */
export function applyParsedSeed(state: EmulatorState, file: string, seed: ParsedSeed, now: string): void {
  try {
    applySeed(state, seed.data, now);
  } catch (error) {
    if (!isSeedProblem(error)) throw error;
    const at = error.path.length > 0 ? ` ${formatPath(error.path)}` : '';
    throw seedError(file, `${seed.locate(error.path)}${at}`, error.message);
  }
}

/**
 * Reads `file` and applies it to a fresh state. Read as manifests are: only a regular file (a FIFO or a
 * device is refused before it is opened), at most MAX_SEED_BYTES, UTF-8 text, no NUL bytes.
 */
export async function applySeedFile(state: EmulatorState, file: string, now: string): Promise<void> {
  const sink = new DiagnosticSink();
  const source = await readSource(resolve(file), file, sink, { maxBytes: MAX_SEED_BYTES });
  const problem = sink.items.find((d) => d.severity === 'error');
  if (problem !== undefined) throw seedFileError(file, problem);
  // a file that was not read always has its error above
  if (source !== undefined) applyParsedSeed(state, file, parseSeedText(file, source.text), now);
}

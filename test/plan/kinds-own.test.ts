/**
 * A kind's knowledge never leaks: no source file outside the kinds (and the diff, which makes the changes)
 * names a change type, so generic code cannot test for one or switch over them; and a kind module never
 * reaches the list of kinds through what it imports, so a kind can be loaded on its own and the list
 * built from the kinds without a cycle.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CHANGE_TYPES } from '../../src/plan/change-types.js';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src');
const KINDS_DIR = join(SRC, 'plan', 'kinds');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The modules a file loads when it runs (type-only imports and exports left out). */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const match of text.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'(\.[^']+)'/gms)) {
    out.push(resolve(dirname(file), match[1]!.replace(/\.js$/, '.ts')));
  }
  return out;
}

describe('change kinds', () => {
  it('are named only by their own modules and the diff', () => {
    const generic = sourceFiles(SRC).filter(
      (file) => !file.startsWith(KINDS_DIR) && !file.startsWith(join(SRC, 'plan', 'diff')),
    );
    const leaks: string[] = [];
    for (const file of generic) {
      const text = readFileSync(file, 'utf8');
      for (const type of CHANGE_TYPES)
        if (text.includes(`'${type}'`) || text.includes(`"${type}"`))
          leaks.push(`${relative(SRC, file)}: ${type}`);
    }
    expect(CHANGE_TYPES.length).toBeGreaterThan(0);
    expect(leaks).toStrictEqual([]);
  });

  it('never import the list of kinds or the registry', () => {
    const list = new Set(
      ['all-kinds.ts', 'registry.ts', 'create-registry.ts'].map((f) => join(KINDS_DIR, f)),
    );
    const kindModules = sourceFiles(KINDS_DIR).filter((file) => !list.has(file));
    const reached: string[] = [];
    for (const start of kindModules) {
      const seen = new Set<string>();
      const queue = [start];
      while (queue.length > 0) {
        const file = queue.pop()!;
        if (seen.has(file)) continue;
        seen.add(file);
        if (list.has(file)) {
          reached.push(`${relative(SRC, start)} -> ${relative(SRC, file)}`);
          continue;
        }
        queue.push(...runtimeImports(file));
      }
    }
    expect(kindModules.length).toBeGreaterThan(19);
    expect(reached).toStrictEqual([]);
  });
});

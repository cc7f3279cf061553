/**
 * `UPDATE_DOCS_EXAMPLES=1 npx vitest run test/docs/examples.test.ts` writes what the tool prints into
 * the pages instead of failing: each differing output is replaced by the page's lines patched with the
 * tool's changes (its `...` lines, and its own times and ports, kept). Review the diff before committing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const UPDATING = process.env.UPDATE_DOCS_EXAMPLES === '1';

export interface Rewrite {
  page: string;
  /** the first page line (1-based) replaced */
  first: number;
  /** the number of page lines replaced (0: the lines go in before `first`) */
  count: number;
  /** the block's indentation, put back before each non-empty line */
  indent: string;
  lines: readonly string[];
}

export function writeRewrites(root: string, rewrites: readonly Rewrite[]): void {
  for (const page of new Set(rewrites.map((r) => r.page))) {
    const path = join(root, page);
    const lines = readFileSync(path, 'utf8').split('\n');
    const own = rewrites.filter((r) => r.page === page).sort((a, b) => b.first - a.first);
    for (const rewrite of own) {
      const text = rewrite.lines.map((line) => (line === '' ? '' : rewrite.indent + line));
      lines.splice(rewrite.first - 1, rewrite.count, ...text);
    }
    writeFileSync(path, lines.join('\n'));
  }
}

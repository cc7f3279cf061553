/**
 * The invalid corpus: every file (or folder) in examples/invalid and test/fixtures/invalid shows one
 * kind of problem. Its first line names the code(s) it shows (`# CODE[, CODE]: what`); the test
 * checks those codes are reported and snapshots the exact text output, so a change of any message
 * is a visible diff in review.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { diagnosticCodes, validatePaths } from '../../src/engine/manifest/index.js';

const DIAGNOSTIC_CODES = diagnosticCodes();
import { renderDiagnosticsText } from '../../src/engine/render/common/diagnostics.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CORPORA = ['examples/invalid', 'test/fixtures/invalid'];

interface Case {
  path: string;
  name: string;
  expected: string[];
}

/** The codes a case announces on the first line of its files. */
function announced(path: string): string[] {
  const absolute = join(root, path);
  const files = statSync(absolute).isDirectory()
    ? readdirSync(absolute, { recursive: true, encoding: 'utf8' })
        .map((f) => join(absolute, f))
        .filter((f) => statSync(f).isFile())
    : [absolute];
  const codes = new Set<string>();
  for (const file of files) {
    const firstLine = readFileSync(file, 'latin1').split('\n', 1)[0]!;
    const match = /^# ([A-Z0-9_]+(?:, [A-Z0-9_]+)*):/.exec(firstLine);
    match?.[1]!.split(', ').forEach((code) => codes.add(code));
  }
  return [...codes];
}

const cases: Case[] = CORPORA.flatMap((corpus) =>
  readdirSync(join(root, corpus))
    .sort()
    .map((name) => ({
      path: `${corpus}/${name}`,
      name: `${corpus.split('/')[0]}-${name.replace(/\.ya?ml$/, '')}`,
      expected: announced(`${corpus}/${name}`),
    })),
);

describe('invalid corpus', () => {
  it('holds at least 50 cases, at least 20 of them in examples/invalid, each announcing its codes', () => {
    expect(cases.length).toBeGreaterThanOrEqual(50);
    expect(cases.filter((c) => c.path.startsWith('examples/')).length).toBeGreaterThanOrEqual(20);
    for (const c of cases) {
      // UTF-16 text cannot carry an ASCII comment; its expectation is stated here instead
      if (c.path.endsWith('utf16.yaml')) continue;
      expect(c.expected.length, c.path).toBeGreaterThan(0);
      for (const code of c.expected) expect(code in DIAGNOSTIC_CODES, `${c.path}: ${code}`).toBe(true);
    }
  });

  it.each(cases.map((c) => [c.path, c] as const))('%s', async (_, c) => {
    const report = await validatePaths([c.path], { cwd: root });
    const reported = report.diagnostics.map((d) => d.code);
    const expected = c.path.endsWith('utf16.yaml') ? ['FILE_NOT_UTF8'] : c.expected;
    for (const code of expected) expect(reported, c.path).toContain(code);
    await expect(renderDiagnosticsText(report, { color: false })).toMatchFileSnapshot(
      `__snapshots__/corpus/${c.name}.txt`,
    );
  });

  it('reports every code of the table somewhere in the corpus or the unit tests', () => {
    // codes a small file cannot show (missing, huge or unreadable files, no project file, 5,000 options,
    // 500 event properties) and a few more are covered by the unit tests instead
    const shown = new Set(cases.flatMap((c) => c.expected).concat('FILE_NOT_UTF8'));
    const unitTested = [
      'FILE_NOT_FOUND',
      'FILE_TOO_LARGE',
      'FILE_UNREADABLE',
      'CONFIG_NOT_FOUND',
      'OPTIONS_TOO_MANY',
      'TOO_MANY_EVENT_PROPERTIES',
      'DUPLICATE_EVENT_DEFINITION',
      'DUPLICATE_ITEM',
      'YAML_WARNING',
      // test/lint/rules.test.ts
      'LINT',
      // test/lint/api-version.test.ts
      'LEGACY_API_VERSION',
      // test/cli/hostile-files.test.ts (links, a .git folder, a glob of many groups)
      'GLOB_NOT_MANIFEST',
      'GLOB_TOO_COMPLEX',
      'CONFIG_OUTSIDE_PROJECT',
    ];
    const missing = Object.keys(DIAGNOSTIC_CODES).filter(
      (code) => !shown.has(code) && !unitTested.includes(code),
    );
    expect(missing).toEqual([]);
  });
});

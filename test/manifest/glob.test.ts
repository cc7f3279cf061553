/** The small glob matcher of the project file's `manifests`. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  expandBraces,
  glob,
  matchesGlob,
  MAX_ALTERNATIVES,
  staticBase,
} from '../../src/engine/manifest/project/glob.js';

describe('matchesGlob', () => {
  it.each([
    ['schema/a.yaml', 'schema/*.yaml', true],
    ['schema/sub/a.yaml', 'schema/*.yaml', false],
    ['schema/a.yaml', 'schema/**/*.yaml', true],
    ['schema/x/y/a.yaml', 'schema/**/*.yaml', true],
    ['other/a.yaml', 'schema/**/*.yaml', false],
    ['a.yaml', '**/*.yaml', true],
    ['deep/er/a.yaml', '**', true],
    ['schema/a.yml', 'schema/*.{yaml,yml}', true],
    ['schema/a.json', 'schema/*.{yaml,yml}', false],
    ['schema/a1.yaml', 'schema/a?.yaml', true],
    ['schema/a12.yaml', 'schema/a?.yaml', false],
    ['schema/a.yaml', './schema/a.yaml', true],
    ['schema/a.yaml', 'schema/a.yam', false],
    ['schemaXa.yaml', 'schema.a.yaml', false],
    ['a+b.yaml', 'a+b.yaml', true],
  ])('%s ~ %s -> %s', (path, pattern, expected) => {
    expect(matchesGlob(path, pattern)).toBe(expected);
  });

  it('expands braces and finds the static base', () => {
    expect(expandBraces('a/{b,c}/*.{yaml,yml}')).toEqual([
      'a/b/*.yaml',
      'a/b/*.yml',
      'a/c/*.yaml',
      'a/c/*.yml',
    ]);
    expect(staticBase('schema/teams/**/*.yaml')).toBe('schema/teams');
    expect(staticBase('*.yaml')).toBe('');
  });
});

describe('glob', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'crm-schema-glob-'));
    for (const file of [
      'schema/a.yaml',
      'schema/b.yml',
      'schema/deep/c.yaml',
      'schema/drafts/d.yaml',
      'node_modules/x/e.yaml',
      '.hidden/f.yaml',
      'top.yaml',
    ]) {
      await mkdir(join(dir, file, '..'), { recursive: true });
      await writeFile(join(dir, file), '');
    }
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('walks, matches, excludes with !, skips hidden folders and node_modules, and sorts', async () => {
    await expect(glob(dir, ['**/*.yaml', '!schema/drafts/**', 'missing/*.yaml'])).resolves.toEqual({
      files: ['schema/a.yaml', 'schema/deep/c.yaml', 'top.yaml'],
      unmatched: ['missing/*.yaml'],
    });
  });

  it('walks hidden folders when a pattern names them', async () => {
    await expect(glob(dir, ['.hidden/*.yaml'])).resolves.toEqual({
      files: ['.hidden/f.yaml'],
      unmatched: [],
    });
  });

  it('returns each file once when patterns overlap', async () => {
    await expect(glob(dir, ['schema/*.yaml', 'schema/**/a.yaml', 'schema/*.{yaml,yml}'])).resolves.toEqual({
      files: ['schema/a.yaml', 'schema/b.yml'],
      unmatched: [],
    });
  });
});

describe('hostile patterns', () => {
  it('a run of stars is one star: no exponential backtracking on a path that fails', () => {
    // 40 stars compiled to 40 `[^/]*` took longer than any timeout on a path that does not match
    expect(matchesGlob('schema/tickets.yaml', `${'*'.repeat(40)}x`)).toBe(false);
    expect(matchesGlob('schema/tickets.yaml', `schema/${'*'.repeat(40)}.yaml`)).toBe(true);
  }, 5_000);

  it('stars between letters take polynomial time: no regular expression is built from the pattern', () => {
    // as a regular expression, this backtracked for hours against a 60-character name that fails
    const name = `${'a'.repeat(59)}c.yaml`;
    expect(matchesGlob(name, '*a*a*a*a*a*a*a*a*a*a*a*ab.yaml')).toBe(false);
    expect(matchesGlob(`${'a'.repeat(59)}b.yaml`, '*a*a*a*a*a*a*a*a*a*a*a*ab.yaml')).toBe(true);
    expect(matchesGlob(`${'x/'.repeat(30)}a.yaml`, `${'**/'.repeat(30)}b.yaml`)).toBe(false);
  }, 5_000);

  it(`refuses more than ${MAX_ALTERNATIVES} brace alternatives instead of expanding millions`, () => {
    expect(() => expandBraces('{a,b}'.repeat(22))).toThrow(/more than 64 alternatives/);
    expect(expandBraces('{a,b}'.repeat(6))).toHaveLength(64);
  });

  it('agrees with a regular expression on patterns without runs of stars (property)', () => {
    const part = fc.constantFrom('a', 'b', '.', '*', '?', 'ab');
    const segment = fc
      .array(part, { minLength: 1, maxLength: 4 })
      .map((parts) => parts.join('').replace(/\*+/g, '*'));
    const pattern = fc
      .array(fc.oneof(segment, fc.constant('**')), { minLength: 1, maxLength: 4 })
      .map((segments) => segments.join('/'));
    const name = fc
      .array(fc.constantFrom('a', 'b', '.'), { minLength: 1, maxLength: 4 })
      .map((c) => c.join(''));
    const path = fc.array(name, { minLength: 1, maxLength: 4 }).map((segments) => segments.join('/'));
    fc.assert(
      fc.property(pattern, path, (p, f) => {
        expect(matchesGlob(f, p)).toBe(reference(p).test(f.replace(/^\.\//, '')));
      }),
      { numRuns: 2_000 },
    );
  });
});

/** The matcher as it was, a regular expression: the reference for small patterns. */
function reference(pattern: string): RegExp {
  const segments = pattern.replace(/^\.\//, '').split('/');
  let source = '';
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    if (segment === '**') {
      source += last ? '.*' : '(?:[^/]+/)*';
      return;
    }
    source += segment
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*+/g, '[^/]*')
      .replace(/\?/g, '[^/]');
    if (!last) source += '/';
  });
  return new RegExp(`^${source}$`);
}

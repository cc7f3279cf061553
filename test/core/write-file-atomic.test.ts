/**
 * The CLI's atomic writer (saved plans, pulled manifests, the project file pull writes): the temporary
 * file is created exclusively under a random name next to the target, so a symbolic link planted at that
 * name is never followed, and it is removed again when the write fails.
 */
import { mkdir, mkdtemp, readdir, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/core/write-file-atomic.js';

/** The random parts the writer is given, in order. */
function names(...parts: string[]): () => string {
  let i = 0;
  return () => parts[i++] ?? `spare${i}`;
}

describe('writeFileAtomic', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'crm-schema-atomic-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes through a new temporary file and leaves nothing else behind', async () => {
    await writeFile(join(dir, 'plan.json'), 'old');
    await writeFileAtomic(join(dir, 'plan.json'), 'new');
    expect(await readFile(join(dir, 'plan.json'), 'utf8')).toBe('new');
    expect(await readdir(dir)).toEqual(['plan.json']);
  });

  it('writes text given in pieces whole, in order (multi-byte characters too)', async () => {
    const piece = (i: number) => `${String(i).padStart(5, '0')} é ⟨U+202E⟩ ${'x'.repeat(70_000)}\n`;
    function* pieces(): Generator<string> {
      for (let i = 0; i < 40; i++) yield piece(i);
    }
    await writeFileAtomic(join(dir, 'big.json'), pieces());
    const text = await readFile(join(dir, 'big.json'), 'utf8');
    expect(text).toBe(Array.from({ length: 40 }, (_, i) => piece(i)).join(''));
    expect(await readdir(dir)).toEqual(['big.json']);
  });

  it('uses unpredictable names: two writes use two different random parts', async () => {
    const seen: string[] = [];
    const spy = () => {
      const part = Math.random().toString(36).slice(2);
      seen.push(part);
      return part;
    };
    await writeFileAtomic(join(dir, 'a.yaml'), '1', { randomPart: spy });
    await writeFileAtomic(join(dir, 'a.yaml'), '2', { randomPart: spy });
    expect(new Set(seen).size).toBe(2);
    // the default is random too: the file is written without a given part
    await writeFileAtomic(join(dir, 'a.yaml'), '3');
    expect(await readFile(join(dir, 'a.yaml'), 'utf8')).toBe('3');
  });

  it('never follows a symbolic link planted at the temporary name: it takes another name', async () => {
    const victim = join(dir, 'victim.txt');
    await writeFile(victim, 'precious');
    const planted = join(dir, '.plan.json.guessed.tmp');
    await symlink(victim, planted);
    // a dangling link too: O_EXCL refuses it as well (a plain open would create its target)
    const danglingTarget = join(dir, 'created-through-link.txt');
    await symlink(danglingTarget, join(dir, '.plan.json.dangling.tmp'));

    await writeFileAtomic(join(dir, 'plan.json'), '{"plan":1}', {
      randomPart: names('guessed', 'dangling', 'fresh'),
    });

    expect(await readFile(join(dir, 'plan.json'), 'utf8')).toBe('{"plan":1}');
    expect(await readFile(victim, 'utf8')).toBe('precious');
    // the planted links are left as they were (not removed, not written through)
    expect(await readlink(planted)).toBe(victim);
    expect(await readlink(join(dir, '.plan.json.dangling.tmp'))).toBe(danglingTarget);
    expect((await readdir(dir)).sort()).toEqual([
      '.plan.json.dangling.tmp',
      '.plan.json.guessed.tmp',
      'plan.json',
      'victim.txt',
    ]);
  });

  it('gives up with OUT_WRITE_FAILED when every name it tries is taken, touching none of them', async () => {
    const victim = join(dir, 'victim.txt');
    await writeFile(victim, 'precious');
    await symlink(victim, join(dir, '.plan.json.same.tmp'));
    await expect(
      writeFileAtomic(join(dir, 'plan.json'), 'x', { randomPart: () => 'same' }),
    ).rejects.toMatchObject({ code: 'OUT_WRITE_FAILED' });
    expect(await readFile(victim, 'utf8')).toBe('precious');
    expect((await readdir(dir)).sort()).toEqual(['.plan.json.same.tmp', 'victim.txt']);
  });

  it('removes its temporary file when the write fails', async () => {
    // the target is a folder: the rename over it fails after the temporary file was written
    await mkdir(join(dir, 'plan.json'));
    await writeFile(join(dir, 'plan.json', 'inside'), '');
    await expect(writeFileAtomic(join(dir, 'plan.json'), 'x')).rejects.toMatchObject({
      code: 'OUT_WRITE_FAILED',
    });
    expect(await readdir(dir)).toEqual(['plan.json']);
  });
});

/**
 * The CLI's code cache (src/cli/code-cache.ts): where it goes, what names its files, and, over the real
 * binary, that it is written once, read back, never trusted when damaged or in someone else's folder,
 * and never changes what a command prints.
 */
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildKey, cacheFileName, codeCacheDir, type CacheEnvironment } from '../../src/cli/code-cache.js';
import { runBinary } from '../helpers/cli.js';

const home = () => '/home/ana';
const host = (env: NodeJS.ProcessEnv, platform: NodeJS.Platform = 'linux'): CacheEnvironment => ({
  env,
  platform,
  home,
});

describe('codeCacheDir', () => {
  it("is the user's cache folder of the platform", () => {
    expect(codeCacheDir(host({}))).toBe('/home/ana/.cache/crm-schema/code-cache');
    expect(codeCacheDir(host({ XDG_CACHE_HOME: '/var/cache/ana' }))).toBe(
      '/var/cache/ana/crm-schema/code-cache',
    );
    expect(codeCacheDir(host({}, 'darwin'))).toBe('/home/ana/Library/Caches/crm-schema/code-cache');
    expect(codeCacheDir(host({ LOCALAPPDATA: 'C:\\Users\\ana\\AppData\\Local' }, 'win32'))).toBe(
      join('C:\\Users\\ana\\AppData\\Local', 'crm-schema', 'code-cache'),
    );
  });

  it('is the folder CRM_SCHEMA_CODE_CACHE names, or none when it says off', () => {
    expect(codeCacheDir(host({ CRM_SCHEMA_CODE_CACHE: '/tmp/mine' }))).toBe('/tmp/mine');
    expect(codeCacheDir(host({ CRM_SCHEMA_CODE_CACHE: 'off' }))).toBeUndefined();
    expect(codeCacheDir(host({ CRM_SCHEMA_CODE_CACHE: '0' }))).toBeUndefined();
    expect(codeCacheDir(host({ NODE_DISABLE_COMPILE_CACHE: '1' }))).toBeUndefined();
  });

  it('is none when there is no home folder to keep it in', () => {
    const homeless: CacheEnvironment = {
      env: {},
      platform: 'linux',
      home: () => {
        throw new Error('no home');
      },
    };
    expect(codeCacheDir(homeless)).toBeUndefined();
  });
});

describe('cacheFileName', () => {
  it('is named for the command, never for a path or a typo', () => {
    expect(cacheFileName(['validate'])).toBe('validate.bin');
    expect(cacheFileName(['--verbose', 'plan', '--json'])).toBe('plan.bin');
    expect(cacheFileName(['--version'])).toBe('root.bin');
    expect(cacheFileName([])).toBe('root.bin');
    for (const odd of ['../../etc/passwd', 'Plan', 'plan/x', 'a'.repeat(40), 'pl an', '']) {
      expect(cacheFileName([odd])).toBe('other.bin');
    }
  });

  it('sets apart runs with node options, which V8 would refuse a cache for', () => {
    const plain = cacheFileName(['plan'], '  ');
    const withOption = cacheFileName(['plan'], '--max-old-space-size=4096');
    expect(plain).toBe('plan.bin');
    expect(withOption).toMatch(/^plan-[0-9a-f]{8}\.bin$/);
    expect(cacheFileName(['plan'], '--max-old-space-size=4096')).toBe(withOption);
    expect(cacheFileName(['plan'], '--max-old-space-size=2048')).not.toBe(withOption);
  });
});

describe('buildKey', () => {
  it('tells apart two builds of the same length', () => {
    const a = buildKey(Buffer.from('module.exports = 1;'));
    const b = buildKey(Buffer.from('module.exports = 2;'));
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v8-[\w.]+-\w+-19-[0-9a-f]{8}$/);
  });
});

describe('the binary with its code cache', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'crm-schema-code-cache-'));
  });
  afterEach(async () => {
    await chmod(dir, 0o700).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  });

  const run = (args: string[], cache: string) => runBinary(args, { env: { CRM_SCHEMA_CODE_CACHE: cache } });
  const cacheFiles = async (cache: string) => {
    const builds = await readdir(cache).catch(() => [] as string[]);
    return (
      await Promise.all(builds.map(async (b) => (await readdir(join(cache, b))).map((f) => `${b}/${f}`)))
    ).flat();
  };

  it('writes one file per command on the first run, reads it on the next, and prints the same', async () => {
    const cache = join(dir, 'cache');
    const first = await run(['--version'], cache);
    const files = await cacheFiles(cache);
    expect(files).toEqual([expect.stringMatching(/^v8-[\w.]+-\w+-\d+-[0-9a-f]{8}\/root\.bin$/)]);
    const file = join(cache, files[0]!);
    const written = await stat(file);
    expect(written.size).toBeGreaterThan(10_000);
    expect(written.mode & 0o077).toBe(0);
    expect((await stat(cache)).mode & 0o077).toBe(0);

    const second = await run(['--version'], cache);
    expect(second).toEqual(first);
    expect(first.code).toBe(0);
    // accepted, so not written again
    expect((await stat(file)).mtimeMs).toBe(written.mtimeMs);
  });

  it('runs help and the not-found suggestion (ES modules oclif imports) from the cache, without a warning', async () => {
    const cache = join(dir, 'cache');
    for (const args of [['help', 'plan'], ['plna']]) {
      const first = await run(args, cache);
      const second = await run(args, cache);
      // the same, but for the process id in Node's own warnings
      const pidless = (r: typeof first) => ({ ...r, stderr: r.stderr.replace(/\(node:\d+\)/g, '(node)') });
      expect(pidless(second)).toEqual(pidless(first));
      expect(second.stderr).not.toMatch(/ExperimentalWarning|dynamic import|USE_MAIN_CONTEXT/i);
    }
    const help = await run(['help', 'plan'], cache);
    expect([help.code, help.stdout]).toEqual([0, expect.stringContaining('USAGE') as unknown]);
    expect(await cacheFiles(cache)).toEqual([expect.stringMatching(/\/help\.bin$/)]);
  });

  it("keeps the caches of the builds written to last, removes older ones, and leaves what is not a build's", async () => {
    const cache = join(dir, 'cache');
    await mkdir(cache, { mode: 0o700 });
    const others = ['a', 'b', 'c', 'd'].map((n, i) => ({
      name: `v8-11.3.0-x64-100${i}-0000000${n}`,
      age: i + 1,
    }));
    for (const { name, age } of others) {
      await mkdir(join(cache, name));
      const when = Date.now() / 1000 - age * 60;
      await utimes(join(cache, name), when, when);
    }
    await writeFile(join(cache, 'notes.txt'), 'mine');
    expect((await run(['--version'], cache)).code).toBe(0);
    const left = (await readdir(cache)).sort();
    // the new build, and the three others written to last (a to c); d, the oldest, is gone
    expect(left).toHaveLength(5);
    expect(left).toEqual(expect.arrayContaining([...others.slice(0, 3).map((o) => o.name), 'notes.txt']));
    expect(left).not.toContain(others[3]!.name);
  });

  it('keeps no cache of a failed run', async () => {
    const cache = join(dir, 'cache');
    const failed = await run(['validate', join(dir, 'missing.yaml')], cache);
    expect(failed.code).toBe(1);
    expect(await cacheFiles(cache)).toEqual([]);
  });

  it('a damaged cache file is refused by V8 and written again; the output does not change', async () => {
    const cache = join(dir, 'cache');
    const clean = await run(['--version'], cache);
    const [name] = await cacheFiles(cache);
    const file = join(cache, name!);
    const good = await readFile(file);
    for (const damaged of [Buffer.alloc(0), Buffer.from('not a cache'), good.subarray(0, good.length >> 1)]) {
      await writeFile(file, damaged);
      expect(await run(['--version'], cache)).toEqual(clean);
      // written again: a whole cache (its size varies a little from run to run)
      expect((await readFile(file)).length).toBeGreaterThan(good.length * 0.9);
    }
  });

  it("uses no folder that is another's or that others may write to", async () => {
    const cache = join(dir, 'shared');
    await mkdir(cache, { mode: 0o777 });
    await chmod(cache, 0o777);
    const result = await run(['--version'], cache);
    expect(result.code).toBe(0);
    expect(await cacheFiles(cache)).toEqual([]);
  });

  it('off, or a folder that cannot be made, only means no cache', async () => {
    expect((await run(['--version'], 'off')).code).toBe(0);
    const blocked = join(dir, 'file');
    await writeFile(blocked, 'a file where the folder would go');
    const result = await run(['--version'], join(blocked, 'cache'));
    expect([result.code, result.stderr]).toEqual([0, '']);
  });
});

/**
 * The CLI's code cache (src/cli/code-cache.ts): where it goes, what names its files, and, over the real
 * binary, that it is written once, read back, never trusted when damaged or in someone else's folder,
 * and never changes what a command prints.
 */
import fc from 'fast-check';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildKey,
  cacheFileName,
  codeCacheDir,
  commandOf,
  decodeCacheFile,
  encodeCacheFile,
  type CacheEnvironment,
} from '../../src/cli/code-cache-store.js';
import { runBinary } from '../helpers/cli.js';

const host = (
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = 'linux',
  home = '/home/ana',
): CacheEnvironment => ({
  env,
  platform,
  home: () => home,
});

describe('codeCacheDir', () => {
  it("is the user's cache folder of the platform", () => {
    expect(codeCacheDir(host({}))).toBe('/home/ana/.cache/crm-schema/code-cache');
    expect(codeCacheDir(host({ XDG_CACHE_HOME: '/var/cache/ana' }))).toBe(
      '/var/cache/ana/crm-schema/code-cache',
    );
    expect(codeCacheDir(host({}, 'darwin'))).toBe('/home/ana/Library/Caches/crm-schema/code-cache');
    expect(
      codeCacheDir(host({ LOCALAPPDATA: 'C:\\Users\\ana\\AppData\\Local' }, 'win32', 'C:\\Users\\ana')),
    ).toBe('C:\\Users\\ana\\AppData\\Local\\crm-schema\\code-cache');
    expect(codeCacheDir(host({}, 'win32', 'C:\\Users\\ana'))).toBe(
      'C:\\Users\\ana\\AppData\\Local\\crm-schema\\code-cache',
    );
  });

  it('is the folder CRM_SCHEMA_CODE_CACHE names, or none when it says off', () => {
    expect(codeCacheDir(host({ CRM_SCHEMA_CODE_CACHE: '/tmp/mine' }))).toBe('/tmp/mine');
    for (const off of ['off', 'OFF', '0', 'false', 'No', ' off ']) {
      expect(codeCacheDir(host({ CRM_SCHEMA_CODE_CACHE: off })), off).toBeUndefined();
    }
    expect(codeCacheDir(host({ NODE_DISABLE_COMPILE_CACHE: '1' }))).toBeUndefined();
  });

  it('is never a relative folder, which would be the current one (a checkout someone else wrote)', () => {
    expect(codeCacheDir(host({ CRM_SCHEMA_CODE_CACHE: 'cache' }))).toBeUndefined();
    expect(codeCacheDir(host({ CRM_SCHEMA_CODE_CACHE: './.cache' }))).toBeUndefined();
    // a relative XDG_CACHE_HOME is ignored, as its specification says
    expect(codeCacheDir(host({ XDG_CACHE_HOME: '.cache' }))).toBe('/home/ana/.cache/crm-schema/code-cache');
    expect(codeCacheDir(host({}, 'linux', ''))).toBeUndefined();
    expect(codeCacheDir(host({}, 'darwin', 'home'))).toBeUndefined();
    expect(codeCacheDir(host({ LOCALAPPDATA: 'AppData' }, 'win32', ''))).toBeUndefined();
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

describe('cache file names', () => {
  it('name the command, never a path or a typo; any help is help', () => {
    expect(commandOf(['validate'])).toBe('validate');
    expect(commandOf(['--verbose', 'plan', '--json'])).toBe('plan');
    expect(commandOf(['plan', '--help'])).toBe('help');
    expect(commandOf(['-h'])).toBe('help');
    expect(commandOf(['--version'])).toBe('root');
    expect(commandOf([])).toBe('root');
    for (const odd of ['../../etc/passwd', 'Plan', 'plan/x', 'a'.repeat(40), 'pl an', '']) {
      expect(commandOf([odd])).toBe('other');
    }
  });

  it('are never a Windows device name', () => {
    for (const device of ['con', 'nul', 'aux', 'prn'])
      expect(cacheFileName(device)).toBe(`run-${device}.bin`);
  });

  it('set apart runs with node options, which V8 would refuse a cache for', () => {
    const withOption = cacheFileName('plan', '--max-old-space-size=4096');
    expect(cacheFileName('plan', '  ')).toBe('run-plan.bin');
    expect(withOption).toMatch(/^run-plan-[0-9a-f]{8}\.bin$/);
    expect(cacheFileName('plan', '--max-old-space-size=4096')).toBe(withOption);
    expect(cacheFileName('plan', '--max-old-space-size=2048')).not.toBe(withOption);
  });
});

describe('buildKey', () => {
  it('tells apart two builds of the same length, and two wrappers of one build', () => {
    const a = buildKey(Buffer.from('module.exports = 1;'), '(x)');
    expect(a).not.toBe(buildKey(Buffer.from('module.exports = 2;'), '(x)'));
    expect(a).not.toBe(buildKey(Buffer.from('module.exports = 1;'), '(y)'));
    expect(a).toMatch(/^v8-[\w.]+-\w+-22-[0-9a-f]{8}$/);
  });
});

describe('cache files', () => {
  const entry = { data: Buffer.from('compiled code, as V8 would write it'), runs: 2 };

  it('read back what was written', () => {
    expect(decodeCacheFile(encodeCacheFile(entry))).toEqual(entry);
  });

  it('are refused with any bit flipped, cut short, or grown: V8 itself would run them', () => {
    const file = encodeCacheFile(entry);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: file.length * 8 - 1 }), (bit) => {
        const damaged = Buffer.from(file);
        damaged[bit >> 3]! ^= 1 << (bit & 7);
        const decoded = decodeCacheFile(damaged);
        // a flip in the run count (byte 5) or the unused bytes still holds intact code
        if (bit >> 3 >= 5 && bit >> 3 <= 7) expect(decoded?.data).toEqual(entry.data);
        else expect(decoded).toBeUndefined();
      }),
    );
    for (const cut of [0, 3, 15, 16, file.length - 1])
      expect(decodeCacheFile(file.subarray(0, cut))).toBeUndefined();
    expect(decodeCacheFile(Buffer.concat([file, Buffer.from([0])]))).toBeUndefined();
  });
});

describe('the binary with its code cache', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'crm-schema-code-cache-'));
  });
  afterEach(async () => {
    await chmod(join(dir, 'shared'), 0o700).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  });

  const run = (args: string[], cache: string, cwd?: string) =>
    runBinary(args, { env: { CRM_SCHEMA_CODE_CACHE: cache }, ...(cwd === undefined ? {} : { cwd }) });
  const cacheFiles = async (cache: string) => {
    const builds = await readdir(cache).catch(() => [] as string[]);
    return (
      await Promise.all(builds.map(async (b) => (await readdir(join(cache, b))).map((f) => `${b}/${f}`)))
    ).flat();
  };
  const runsIn = async (file: string) => decodeCacheFile(await readFile(file))?.runs;

  it('keeps what the first three successful runs compiled, then only reads it; the output never changes', async () => {
    const cache = join(dir, 'cache');
    const first = await run(['--version'], cache);
    expect(first.code).toBe(0);
    const files = await cacheFiles(cache);
    expect(files).toEqual([expect.stringMatching(/^v8-[\w.]+-\w+-\d+-[0-9a-f]{8}\/run-root\.bin$/)]);
    const file = join(cache, files[0]!);
    expect((await stat(file)).mode & 0o077).toBe(0);
    expect((await stat(cache)).mode & 0o077).toBe(0);
    expect(await runsIn(file)).toBe(1);
    expect(await run(['--version'], cache)).toEqual(first);
    expect(await run(['--version'], cache)).toEqual(first);
    expect(await runsIn(file)).toBe(3);
    const kept = await stat(file);
    expect(kept.size).toBeGreaterThan(10_000);
    expect(await run(['--version'], cache)).toEqual(first);
    // read, not written again
    expect((await stat(file)).mtimeMs).toBe(kept.mtimeMs);
  });

  it('runs help and the not-found suggestion (ES modules oclif imports) from the cache, without a warning', async () => {
    const cache = join(dir, 'cache');
    for (const args of [['help', 'plan'], ['plna'], ['plan', '--help']]) {
      const first = await run(args, cache);
      const second = await run(args, cache);
      // the same, but for the process id in Node's own warnings
      const pidless = (r: typeof first) => ({ ...r, stderr: r.stderr.replace(/\(node:\d+\)/g, '(node)') });
      expect(pidless(second)).toEqual(pidless(first));
      expect(second.stderr).not.toMatch(/ExperimentalWarning|dynamic import|USE_MAIN_CONTEXT/i);
    }
    const help = await run(['help', 'plan'], cache);
    expect([help.code, help.stdout]).toEqual([0, expect.stringContaining('USAGE') as unknown]);
    // help is help, however asked for; a typo keeps nothing
    expect(await cacheFiles(cache)).toEqual([expect.stringMatching(/\/run-help\.bin$/)]);
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

  it('never gives V8 a damaged file (V8 checks only its header): the output does not change, the file is written again', async () => {
    const cache = join(dir, 'cache');
    const clean = await run(['--version'], cache);
    const [name] = await cacheFiles(cache);
    const file = join(cache, name!);
    const good = await readFile(file);
    const flipped = Buffer.from(good);
    // bits flipped in V8's code, past both headers: V8 would run it, and crash or hang
    for (const at of [200, 5_000, Math.floor(good.length / 2), good.length - 10]) flipped[at]! ^= 0x5a;
    for (const damaged of [
      Buffer.alloc(0),
      Buffer.from('not a cache'),
      good.subarray(0, good.length >> 1),
      flipped,
    ]) {
      await writeFile(file, damaged);
      expect(await run(['--version'], cache)).toEqual(clean);
      // written again, whole
      expect(decodeCacheFile(await readFile(file))?.runs).toBe(1);
    }
  });

  it("uses no folder that is another's, that others may write to, or that is relative", async () => {
    const shared = join(dir, 'shared');
    await mkdir(shared, { mode: 0o777 });
    await chmod(shared, 0o777);
    expect((await run(['--version'], shared)).code).toBe(0);
    expect(await cacheFiles(shared)).toEqual([]);
    // a relative folder would be the checkout's: none is used, none made
    const checkout = join(dir, 'checkout');
    await mkdir(checkout);
    expect((await run(['--version'], '.cache', checkout)).code).toBe(0);
    expect(await readdir(checkout)).toEqual([]);
  });

  it('off, or a folder that cannot be made, only means no cache', async () => {
    expect((await run(['--version'], 'off')).code).toBe(0);
    const blocked = join(dir, 'file');
    await writeFile(blocked, 'a file where the folder would go');
    const result = await run(['--version'], join(blocked, 'cache'));
    expect([result.code, result.stderr]).toEqual([0, '']);
  });
});

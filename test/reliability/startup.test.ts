/**
 * Start-up: the binary lists its commands from oclif.manifest.json (written by the build; test/global-setup
 * writes it too), so it imports only the command it runs; a manifest older than the bundled CLI (rebuilt
 * without the manifest) is removed before oclif could read stale commands or flags from it.
 */
import { existsSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, expect, it } from 'vitest';
import { BUNDLE_FILE_PATH, BUNDLE_PATH } from '../../src/cli/bundle-layout.js';
import { dropStaleOclifManifest, MANIFEST_FILE } from '../../src/cli/stale-manifest.js';
import { ROOT } from '../bench/cli-process.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { runBin } from './cli.js';

const execFileAsync = promisify(execFile);

let dir: string | undefined;
afterEach(async () => {
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

it('the manifest lists every command, with its flags', async () => {
  const manifest = JSON.parse(await readFile(join(ROOT, MANIFEST_FILE), 'utf8')) as {
    commands: Record<string, { flags: Record<string, unknown> }>;
  };
  expect(Object.keys(manifest.commands).sort()).toEqual([
    'apply',
    'drift',
    'emulator',
    'init',
    'lint',
    'plan',
    'pull',
    'validate',
  ]);
  expect(Object.keys(manifest.commands.emulator!.flags)).toEqual(
    expect.arrayContaining(['fault-weights', 'fault-retry-after']),
  );
  const version = await runBin(['--version'], { cwd: ROOT });
  expect([version.code, version.stdout]).toEqual([
    0,
    expect.stringMatching(/^crm-schema\/\d+\.\d+\.\d+ /) as unknown,
  ]);
});

it('removes a manifest older than the bundled CLI, and keeps a fresh one', async () => {
  dir = await mkdtemp(join(tmpdir(), 'crm-schema-manifest-'));
  await mkdir(join(dir, ...BUNDLE_PATH), { recursive: true });
  const built = join(dir, ...BUNDLE_FILE_PATH);
  const manifest = join(dir, MANIFEST_FILE);
  await writeFile(built, '');
  await writeFile(manifest, '{}');
  const now = Date.now() / 1000;
  await utimes(built, now, now);
  await utimes(manifest, now + 5, now + 5);
  await dropStaleOclifManifest(dir);
  expect(existsSync(manifest)).toBe(true);
  await utimes(manifest, now - 5, now - 5);
  await dropStaleOclifManifest(dir);
  expect(existsSync(manifest)).toBe(false);
  // nothing to drop, or no dist/: never an error
  await expect(dropStaleOclifManifest(dir)).resolves.toBeUndefined();
  await expect(dropStaleOclifManifest(join(dir, 'nowhere'))).resolves.toBeUndefined();
});

it('the bundle runs in strict mode, as its modules did as ES modules', async () => {
  const bundle = await readFile(join(ROOT, ...BUNDLE_FILE_PATH), 'utf8');
  // a directive only counts as the first statement (esbuild does not write it for CommonJS output)
  expect(bundle.startsWith("'use strict';\n")).toBe(true);
});

it('importing the bundled CLI runs nothing: the build steps are not in it', async () => {
  // the bundle is a module bin/run.js loads; the build's scripts (the manifest writer) must not come with it
  const manifest = join(ROOT, MANIFEST_FILE);
  const before = (await stat(manifest)).mtimeMs;
  const run = await execFileAsync(process.execPath, [join(ROOT, ...BUNDLE_FILE_PATH)], { cwd: ROOT });
  expect([run.stdout, run.stderr]).toEqual(['', '']);
  expect((await stat(manifest)).mtimeMs).toBe(before);
});

it('a command loads no Node module that only HTTP/2, a Windows shell lookup, stdin or oclif timing need', async () => {
  dir = await mkdtemp(join(tmpdir(), 'crm-schema-modules-'));
  const preload = join(dir, 'modules.cjs');
  const list = join(dir, 'modules.txt');
  await writeFile(
    preload,
    "process.on('exit', () => require('node:fs').writeFileSync(process.env.CRM_TEST_MODULES, process.moduleLoadList.join('\\n')));\n",
  );
  const emulator = await startTestEmulator({ tokens: ['startup-token'] });
  try {
    const env = {
      CRM_ACCESS_TOKEN: 'startup-token',
      NODE_OPTIONS: `--require ${preload}`,
      CRM_TEST_MODULES: list,
      // as users run it: under NODE_ENV=test (vitest's) oclif takes the package for one in development
      // and registers a TypeScript loader
      NODE_ENV: undefined,
    };
    const plan = await runBin(['plan', '--base-url', emulator.url], { cwd: join(ROOT, 'examples'), env });
    expect(plan.code, plan.stderr).toBe(0);
    const loaded = (await readFile(list, 'utf8')).split('\n');
    // it did talk HTTP/1.1 to the emulator
    expect(loaded).toContain('NativeModule http');
    for (const module of ['http2', 'tls', 'child_process', 'readline', 'perf_hooks']) {
      expect(loaded).not.toContain(`NativeModule ${module}`);
    }
  } finally {
    await emulator.close();
  }
});

/**
 * Start-up: the binary lists its commands from oclif.manifest.json (written by the build; test/global-setup
 * writes it too), so it imports only the command it runs; a manifest older than the bundled CLI (rebuilt
 * without the manifest) is removed before oclif could read stale commands or flags from it. A command
 * loads what it uses: `validate` no HTTP client, a plan against a server no server of its own. On Node
 * 22.1 and later, the code a run compiled goes to Node's own compile cache.
 */
import { existsSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, expect, it } from 'vitest';
import { BUNDLE_MAIN_PATH } from '../../src/cli/bundle-layout.js';
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
    'graph',
    'history',
    'init',
    'lint',
    'plan',
    'pull',
    'rollback',
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
  const built = join(dir, ...BUNDLE_MAIN_PATH);
  await mkdir(join(built, '..'), { recursive: true });
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

it('importing the bundled CLI runs nothing: the build steps are not in it', async () => {
  // the bundle's main is a module bin/run.js imports; the build's scripts (the manifest writer) must not
  // come with it
  const manifest = join(ROOT, MANIFEST_FILE);
  const before = (await stat(manifest)).mtimeMs;
  const run = await execFileAsync(process.execPath, [join(ROOT, ...BUNDLE_MAIN_PATH)], { cwd: ROOT });
  expect([run.stdout, run.stderr]).toEqual(['', '']);
  expect((await stat(manifest)).mtimeMs).toBe(before);
});

/** The Node modules a run of the binary loaded (`process.moduleLoadList`), by their names. */
async function nodeModulesOf(
  folder: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): Promise<string[]> {
  const preload = join(folder, 'modules.cjs');
  const list = join(folder, `modules-${args[0] ?? 'none'}.txt`);
  await writeFile(
    preload,
    "process.on('exit', () => require('node:fs').writeFileSync(process.env.CRM_TEST_MODULES, process.moduleLoadList.join('\\n')));\n",
  );
  const run = await runBin(args, {
    cwd,
    env: {
      ...env,
      NODE_OPTIONS: `--require ${preload}`,
      CRM_TEST_MODULES: list,
    },
  });
  expect(run.code, run.stderr).toBe(0);
  return (await readFile(list, 'utf8'))
    .split('\n')
    .filter((line) => line.startsWith('NativeModule '))
    .map((line) => line.slice('NativeModule '.length));
}

it('validate loads no HTTP client and no server; a plan against a server starts no server of its own', async () => {
  dir = await mkdtemp(join(tmpdir(), 'crm-schema-modules-'));
  const examples = join(ROOT, 'examples');
  const validate = await nodeModulesOf(dir, ['validate'], examples);
  for (const module of ['http', 'https', 'http2', 'tls', 'cluster']) expect(validate).not.toContain(module);

  const emulator = await startTestEmulator({ tokens: ['startup-token'] });
  try {
    const plan = await nodeModulesOf(dir, ['plan', '--base-url', emulator.url], examples, {
      CRM_ACCESS_TOKEN: 'startup-token',
    });
    // it did talk HTTP to the emulator, and listened on no port (the `--local` emulator would)
    expect(plan).toContain('http');
    expect(plan).not.toContain('cluster');
  } finally {
    await emulator.close();
  }
});

it.each(['development', 'test', 'production'])(
  'runs its built JavaScript under NODE_ENV=%s: no TypeScript compiler or loader in the run',
  async (nodeEnv) => {
    dir = await mkdtemp(join(tmpdir(), 'crm-schema-node-env-'));
    const preload = join(dir, 'loaded.cjs');
    const list = join(dir, 'loaded.txt');
    // the CommonJS modules a run loaded; a TypeScript loader oclif registers brings its own and the compiler
    await writeFile(
      preload,
      "process.on('exit', () => require('node:fs').writeFileSync(process.env.CRM_TEST_LOADED, Object.keys(require.cache).join('\\n')));\n",
    );
    // from the checkout, whose tsconfig.json makes oclif take it for a plugin in development
    const run = await runBin(['validate', '--config', join('examples', 'crm-schema.yaml')], {
      cwd: ROOT,
      env: { NODE_ENV: nodeEnv, NODE_OPTIONS: `--require ${preload}`, CRM_TEST_LOADED: list },
    });
    expect(run.code, run.stderr).toBe(0);
    const loaded = (await readFile(list, 'utf8')).split('\n');
    // the list is the run's: its precompiled validators are among them
    expect(loaded.some((file) => file.endsWith('manifest-validators.cjs'))).toBe(true);
    expect(
      loaded.filter((file) => /[\\/]node_modules[\\/](typescript|tsx|ts-node|esbuild)[\\/]/.test(file)),
    ).toEqual([]);
  },
);

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
const hasCompileCache = major > 22 || (major === 22 && minor >= 1);

it.skipIf(!hasCompileCache)('keeps the code a run compiled in the compile cache of Node', async () => {
  dir = await mkdtemp(join(tmpdir(), 'crm-schema-compile-cache-'));
  const run = await runBin(['--version'], { cwd: ROOT, env: { NODE_COMPILE_CACHE: dir } });
  expect(run.code, run.stderr).toBe(0);
  expect((await readdir(dir, { recursive: true })).length).toBeGreaterThan(1);
});

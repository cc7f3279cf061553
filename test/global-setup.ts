/**
 * Tests of the real binary (`node bin/run.js ...`) run the bundled CLI in dist/bundle/. Before any test,
 * this builds it once (the steps of `npm run build`) when it is missing or older than what it is made
 * from (src/, schemas/, the build's scripts, the installed dependencies), so those tests never run
 * against stale code. Like `npm run build`, it emits without checking types (`npm test` typechecks).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { BUNDLE_MAIN_PATH } from '../src/cli/bundle-layout.js';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
/** the bundle is written whole on each build, after tsc: its main's time is the time of the last build */
const builtMarker = join(root, ...BUNDLE_MAIN_PATH);

async function newestMtime(directory: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(directory, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const { mtimeMs } = await stat(join(entry.parentPath, entry.name));
    newest = Math.max(newest, mtimeMs);
  }
  return newest;
}

/**
 * What the bundle is made from: our sources, the JSON Schemas (the precompiled validators), and the
 * dependencies bundled into it (oclif, yaml, undici, fastify...), whose install rewrites npm's lockfiles.
 */
const INPUT_FOLDERS = ['src', 'schemas', join('scripts', 'build')];
const INPUT_FILES = ['package.json', 'package-lock.json', join('node_modules', '.package-lock.json')];

async function isStale(): Promise<boolean> {
  if (!existsSync(builtMarker)) return true;
  const built = (await stat(builtMarker)).mtimeMs;
  for (const folder of INPUT_FOLDERS) if ((await newestMtime(join(root, folder))) > built) return true;
  for (const file of INPUT_FILES) {
    const path = join(root, file);
    if (existsSync(path) && (await stat(path)).mtimeMs > built) return true;
  }
  return false;
}

export default async function setup(): Promise<void> {
  if (await isStale()) await build();
  // the command list oclif reads instead of importing every command (fast start-up of the binary);
  // bin/run.js drops it when it is older than the bundle, so it is written again after each build
  const manifest = join(root, 'oclif.manifest.json');
  if (!existsSync(manifest) || (await stat(manifest)).mtimeMs < (await stat(builtMarker)).mtimeMs) {
    await buildStep('oclif-manifest.ts');
  }
}

/** One of the build's scripts (scripts/build/), run as `npm run build` runs it. */
const buildStep = (script: string) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', join('scripts', 'build', script)], {
    cwd: root,
  });

async function build(): Promise<void> {
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  try {
    await promisify(execFile)(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--noCheck'], {
      cwd: root,
    });
  } catch (error) {
    if (!existsSync(join(root, 'dist', 'cli', 'main.js'))) throw error;
    const output = (error as { stdout?: string }).stdout ?? '';
    process.stderr.write(
      `global-setup: tsc could not compile everything; dist/ was built anyway:\n${output.slice(0, 2000)}\n`,
    );
  }
  await buildStep('precompile-schemas.ts');
  await buildStep('bundle.ts');
}

/**
 * Bundles the CLI (esbuild) into `dist/bundle/`: `cli/main.js` (what bin/run.js runs), one file per
 * command in `commands/` (oclif loads only the command it runs) and the code they share in `chunks/`.
 * Run by `npm run build` after tsc, from the compiled JS in dist/, so the bundle holds exactly the code
 * tsc checked.
 *
 * Why: loading is most of a short command's time. Unbundled, `validate` loads hundreds of files (ours,
 * oclif's, yaml's), each resolved, read and compiled on its own, and the emulator some 130 more for its
 * HTTP server (fastify); bundled, a dozen or so. oclif's own plugins (help, not-found, autocomplete) stay
 * in node_modules with their own copy of @oclif/core, as oclif supports for plugins. The library entry
 * points (`crm-schema/api`, `crm-schema/emulator`) are the unbundled dist/.
 *
 * The HTTP client needs only undici's connection Pool and its `request` method: the bundle takes those
 * two parts of undici (UNDICI_POOL) instead of its whole entry point (fetch, WebSocket, caches, mocks),
 * half a megabyte less to load on every command that talks to the CRM. undici is pinned to one version,
 * and the CLI's tests run the bundle.
 *
 *   node dist/cli/bundle.js
 */
import { readdir, rm } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { packagePath } from '../core/package-root.js';
import { BUNDLE_DIR } from './bundle-layout.js';

/** Left to Node at run time: what oclif loads only for projects written in TypeScript. */
const EXTERNAL = ['typescript', 'ts-node', 'tsx'];

/** undici's Pool with the request API undici's entry point adds to every dispatcher. */
const UNDICI_POOL = `
const Pool = require('undici/lib/dispatcher/pool.js');
const Dispatcher = require('undici/lib/dispatcher/dispatcher.js');
const api = require('undici/lib/api/index.js');
Object.assign(Dispatcher.prototype, api);
module.exports = { Pool };
`;

const undiciPool: Plugin = {
  name: 'undici-pool',
  setup(bundler) {
    bundler.onResolve({ filter: /^undici$/ }, () => ({ path: 'undici-pool', namespace: 'undici-pool' }));
    bundler.onLoad({ filter: /.*/, namespace: 'undici-pool' }, () => ({
      contents: UNDICI_POOL,
      loader: 'js',
      resolveDir: packagePath(),
    }));
  },
};

/**
 * ESM output holding CommonJS code (oclif, undici) needs `require` for Node's built-in modules; the
 * banner gives each output file one, made for that file.
 */
const REQUIRE_BANNER =
  "import { createRequire as __crmSchemaRequire } from 'node:module'; const require = __crmSchemaRequire(import.meta.url);";

export async function bundleCli(): Promise<string[]> {
  await rm(BUNDLE_DIR, { recursive: true, force: true });
  const commands = (await readdir(packagePath('dist', 'commands')))
    .filter((file) => file.endsWith('.js'))
    .map((file) => packagePath('dist', 'commands', file));
  const result = await build({
    entryPoints: [packagePath('dist', 'cli', 'main.js'), ...commands],
    outbase: packagePath('dist'),
    outdir: BUNDLE_DIR,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.18',
    external: EXTERNAL,
    banner: { js: REQUIRE_BANNER },
    plugins: [undiciPool],
    // names kept: a stack trace (CRM_SCHEMA_DEBUG=1) stays readable
    minify: false,
    legalComments: 'linked',
    metafile: true,
    logLevel: 'warning',
  });
  return Object.keys(result.metafile.outputs);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outputs = await bundleCli();
  process.stdout.write(`dist/bundle: ${outputs.length} files\n`);
}

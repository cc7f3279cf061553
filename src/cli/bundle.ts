/**
 * Bundles the CLI (esbuild) into one CommonJS file, `dist/bundle/cli.cjs`: what bin/run.js loads (with
 * V8's code cache, code-cache.ts) and where oclif finds the commands (`commands`, each made on first
 * use). Run by `npm run build` after tsc, from the compiled JS in dist/, so the bundle holds exactly the
 * code tsc checked.
 *
 * Why: loading is most of a short command's time. Unbundled, `validate` loads hundreds of files (ours,
 * oclif's, yaml's), each resolved, read and compiled on its own, and the emulator some 130 more for its
 * HTTP server (fastify). Bundled, it is one file, and one file is what V8's code cache can keep: a
 * command's second run skips parsing and compiling. A module of the bundle runs only when a command
 * first needs it. oclif's own plugins (help, not-found, autocomplete) stay in node_modules with their own
 * copy of @oclif/core, as oclif supports for plugins. The library entry points (`crm-schema/api`,
 * `crm-schema/emulator`) are the unbundled dist/.
 *
 * The HTTP client needs only undici's connection Pool and its `request` method: the bundle takes those
 * two parts of undici (UNDICI_POOL) instead of its whole entry point (fetch, WebSocket, caches, mocks),
 * half a megabyte less to load on every command that talks to the CRM. undici is pinned to one version,
 * and the CLI's tests run the bundle.
 *
 *   node dist/cli/bundle.js
 */
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { packagePath } from '../core/package-root.js';
import { BUNDLE_DIR, BUNDLE_FILE } from './bundle-layout.js';
import { IMPORT_HOOK } from './code-cache.js';
import { rewriteBundle } from './bundle-rewrite.js';

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

/**
 * What undici's Client calls when a TLS handshake picks HTTP/2 (ALPN `h2`). The client offers only
 * HTTP/1.1 (undici's `allowH2` is off by default, and transport.ts leaves it off), so it is never called;
 * undici's HTTP/2 module loads Node's `http2` and `tls` on require, some 15 ms of every command that
 * talks to the CRM, for nothing.
 */
const NO_HTTP2 = `
module.exports = function connectH2() {
  throw new Error("crm-schema talks HTTP/1.1: its bundle leaves undici's HTTP/2 out");
};
`;
const UNDICI_CLIENT = /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/;

const undiciPool: Plugin = {
  name: 'undici-pool',
  setup(bundler) {
    bundler.onResolve({ filter: /^undici$/ }, () => ({ path: 'undici-pool', namespace: 'undici-pool' }));
    bundler.onLoad({ filter: /^undici-pool$/, namespace: 'undici-pool' }, () => ({
      contents: UNDICI_POOL,
      loader: 'js',
      resolveDir: packagePath(),
    }));
    bundler.onResolve({ filter: /^\.\/client-h2\.js$/ }, (args) =>
      UNDICI_CLIENT.test(args.importer) ? { path: 'no-http2', namespace: 'undici-pool' } : undefined,
    );
    bundler.onLoad({ filter: /^no-http2$/, namespace: 'undici-pool' }, () => ({
      contents: NO_HTTP2,
      loader: 'js',
    }));
  },
};

/**
 * oclif sorts each plugin's commands by id with `localeCompare` as it loads it. The first such call in a
 * process builds ICU's collator, 8 to 13 ms of every command's start-up, for ids that are plain
 * lowercase ASCII (`plan`, `autocomplete:create`), whose order is the same by code unit. The bundle's
 * copy of that one line compares by code unit; a build of another oclif without the line fails here.
 */
const OCLIF_PLUGIN = /[\\/]@oclif[\\/]core[\\/]lib[\\/]config[\\/]plugin\.js$/;
const LOCALE_SORT = '.sort((a, b) => a.id.localeCompare(b.id));';
const CODE_UNIT_SORT = '.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));';

const oclifSort: Plugin = {
  name: 'oclif-sort',
  setup(bundler) {
    bundler.onLoad({ filter: OCLIF_PLUGIN }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes(LOCALE_SORT)) {
        throw new Error(`${args.path} no longer sorts commands with "${LOCALE_SORT}": review bundle.ts`);
      }
      return { contents: source.replace(LOCALE_SORT, CODE_UNIT_SORT), loader: 'js' };
    });
  },
};

/**
 * The bundle's entry: the CLI's main and the commands for oclif (package.json names `commands` as its
 * explicit command list). A command's module is required inside its getter, so esbuild makes it lazy:
 * it runs when oclif asks for that command, not on every start.
 */
function entrySource(commandFiles: readonly string[], generatedFiles: readonly string[]): string {
  const getters = commandFiles.map((file) => {
    const id = basename(file, '.js');
    return `  get ${JSON.stringify(id)}() { return require(${JSON.stringify(file)}).default; },`;
  });
  // the precompiled validators, inside the bundle (and its code cache) rather than loaded beside it
  const validators = generatedFiles.map((file) => {
    const path = JSON.stringify(`./generated/${file}`);
    return `providePrecompiled(${JSON.stringify(file)}, () => require(${path}));`;
  });
  return [
    "import { providePrecompiled } from './manifest/precompiled.js';",
    "import { main as runCli } from './cli/main.js';",
    "export { forgetSecrets } from './cli/main.js';",
    ...validators,
    'export const commands = {',
    ...getters,
    '};',
    "/** main of cli/main.ts, told which commands are the CLI's own */",
    'export const main = (argv) => runCli(argv, Object.keys(commands));',
    '',
  ].join('\n');
}

/** `import.meta.url` of every bundled module: the bundle's own URL, as it was for each ES module file. */
const URL_BANNER = "var __crmSchemaUrl = require('node:url').pathToFileURL(__filename).href;";

/**
 * The bundle's first lines. Strict mode, as every module of it had as an ES module (esbuild does not add
 * it to CommonJS output). Then IMPORT_HOOK: the loader's when code-cache.ts handed one in, else Node's
 * own `import()` (the bundle required by oclif's manifest writer or the tests). Added after the bundle's
 * `import()` calls are routed to the hook, so this one stays Node's.
 */
const IMPORT_BANNER = `'use strict';\nvar ${IMPORT_HOOK} = typeof ${IMPORT_HOOK} === 'function' ? ${IMPORT_HOOK} : (specifier, options) => import(specifier, options);\n`;

export async function bundleCli(): Promise<string[]> {
  await rm(BUNDLE_DIR, { recursive: true, force: true });
  const commands = (await readdir(packagePath('dist', 'commands')))
    .filter((file) => file.endsWith('.js'))
    .sort()
    .map((file) => `./commands/${file}`);
  const generated = (await readdir(packagePath('dist', 'generated')))
    .filter((file) => file.endsWith('.cjs'))
    .sort();
  const result = await build({
    stdin: {
      contents: entrySource(commands, generated),
      resolveDir: packagePath('dist'),
      sourcefile: 'cli-entry.js',
    },
    outfile: BUNDLE_FILE,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20.18',
    external: EXTERNAL,
    define: { 'import.meta.url': '__crmSchemaUrl' },
    banner: { js: URL_BANNER },
    plugins: [undiciPool, oclifSort],
    // names kept: a stack trace (CRM_SCHEMA_DEBUG=1) stays readable
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'linked',
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  await mkdir(BUNDLE_DIR, { recursive: true });
  for (const output of result.outputFiles) {
    const text =
      output.path === BUNDLE_FILE
        ? IMPORT_BANNER + rewriteBundle(output.text, IMPORT_HOOK).source
        : output.text;
    await writeFile(output.path, text);
  }
  return Object.keys(result.metafile.outputs);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outputs = await bundleCli();
  process.stdout.write(`dist/bundle: ${outputs.length} files\n`);
}

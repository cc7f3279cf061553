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
 * Of undici, the bundle holds only what the HTTP client uses (bundle-undici.ts); a few lines of oclif's
 * own code are changed where they cost every start-up time for nothing (bundle-oclif.ts).
 *
 *   node dist/cli/bundle.js
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { packagePath } from '../core/package-root.js';
import { BUNDLE_DIR, BUNDLE_FILE } from './bundle-layout.js';
import { IMPORT_HOOK } from './code-cache.js';
import { rewriteBundle } from './bundle-rewrite.js';
import { oclifPatches } from './bundle-oclif.js';
import { undiciPool } from './bundle-undici.js';

/** Left to Node at run time: what oclif loads only for projects written in TypeScript. */
const EXTERNAL = ['typescript', 'ts-node', 'tsx'];

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
    plugins: [undiciPool, oclifPatches],
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

/**
 * Bundles the command line (esbuild) into `dist/bundle/`, a step of `npm run build` after tsc, from the
 * compiled JS in `dist/` (so the bundle holds exactly the code tsc checked):
 *
 * - `cli/main.js`, what bin/run.js imports;
 * - `commands/<id>.js`, one file per command, where oclif finds them (package.json): oclif imports only
 *   the command it runs, listed in `oclif.manifest.json` (scripts/build/oclif-manifest.ts);
 * - `chunks/`, the code they share, each loaded when a command first imports it.
 *
 * Why: loading is most of a short command's time, and unbundled a command loads hundreds of files
 * (ours, oclif's, yaml's, undici's, fastify's), each resolved, read and compiled on its own. The
 * dependencies go in as published, through their entry points; nothing of theirs is changed. oclif's
 * plugins (help, not-found, autocomplete) stay in node_modules with their own copy of @oclif/core, as
 * oclif loads plugins. The library entry points (`crm-schema/api`, `crm-schema/emulator`) are the
 * unbundled `dist/`.
 *
 *   node --import tsx scripts/build/bundle.ts
 */
import { readdir, rm } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { packagePath } from '../../src/core/package-root.js';
import { BUNDLE_DIR } from '../../src/cli/bundle-layout.js';

/** Left to Node at run time: what oclif loads only for projects written in TypeScript. */
const EXTERNAL = ['typescript', 'ts-node', 'tsx'];

/**
 * ES module output holding CommonJS code (oclif, undici, fastify) needs `require` for Node's built-in
 * modules: each output file gets one, made for that file.
 */
const REQUIRE_BANNER =
  "import { createRequire as __crmSchemaRequire } from 'node:module'; const require = __crmSchemaRequire(import.meta.url);";

export async function bundleCli(): Promise<string[]> {
  await rm(BUNDLE_DIR, { recursive: true, force: true });
  const commands = (await readdir(packagePath('dist', 'commands')))
    .filter((file) => file.endsWith('.js'))
    .sort()
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
    // no whitespace, names kept: a stack trace (CRM_SCHEMA_DEBUG=1) stays readable
    minifyWhitespace: true,
    minifySyntax: true,
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

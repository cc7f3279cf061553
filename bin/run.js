#!/usr/bin/env node
// The one place that exits. Commands throw typed errors; the CLI's main (bundled into dist/bundle/cli.cjs
// by `npm run build`, from src/cli/main.ts) maps them to exit codes.
import { realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';

const argv = process.argv.slice(2);
// A command is short-lived and holds whole manifests and plans for a few seconds: a young generation
// that stays small, slower heap growth, and baseline-compiled WebAssembly (the HTTP client's parser;
// optimising it costs about 35 MB of compiler memory) keep its peak memory under 200 MB on an account of
// 10,000 properties, for a few hundred ms more CPU there. The emulator, a server, keeps V8's defaults;
// so does a run whose node flags (or NODE_OPTIONS) set any of these.
const TUNING = ['--semi-space-growth-factor=1', '--heap-growing-percent=30', '--liftoff-only'];
const given = `${process.env.NODE_OPTIONS ?? ''} ${process.execArgv.join(' ')}`;
const command = argv.find((arg) => !arg.startsWith('-'));
if (command !== 'emulator' && !/semi[-_]space|heap[-_]growing|liftoff/.test(given)) {
  for (const flag of TUNING) setFlagsFromString(flag);
}
// The bundle, with the code its earlier runs compiled (V8's code cache: src/cli/code-cache.ts; where it
// is kept, and how to move it or turn it off: src/cli/code-cache-store.ts).
const { loadBundle } = await import('../dist/cli/code-cache.js');
const bundle = loadBundle(
  realpathSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'bundle', 'cli.cjs')),
  argv,
);
const code = await bundle.exports.main(argv);
bundle.save(code);
process.exit(code);

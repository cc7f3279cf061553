#!/usr/bin/env node
// The one place that exits. Commands throw typed errors; the CLI's main (bundled into dist/bundle/ by
// `npm run build`, from src/cli/main.ts) maps them to exit codes.
import module from 'node:module';
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
// Node's own compile cache (Node 22.1 and later; Node 20 has none): the code a run compiled is kept in
// the system's temporary folder, or where NODE_COMPILE_CACHE says, and later runs skip compiling it.
// NODE_DISABLE_COMPILE_CACHE=1 turns it off.
module.enableCompileCache?.();
const { main } = await import('../dist/bundle/cli/main.js');
const code = await main(argv);
process.exit(code);

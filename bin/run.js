#!/usr/bin/env node
// The one place that exits. Commands throw typed errors; dist/cli/main.js maps them to exit codes.
import { setFlagsFromString } from 'node:v8';

const argv = process.argv.slice(2);
// A command is short-lived and reads whole manifests and plans: a small young generation and slow heap
// growth keep its peak memory low for a few percent more CPU. The emulator, a server, keeps the defaults.
if (argv[0] !== 'emulator') {
  setFlagsFromString('--max-semi-space-size=4');
  setFlagsFromString('--heap-growing-percent=30');
}
const { main } = await import('../dist/cli/main.js');
const code = await main(argv);
process.exit(code);

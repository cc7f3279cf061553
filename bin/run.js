#!/usr/bin/env node
// The one place that exits. Commands throw typed errors; dist/cli/main.js maps them to exit codes.
import { main } from '../dist/cli/main.js';

const code = await main(process.argv.slice(2));
process.exit(code);

/**
 * The CLI run from its TypeScript source in this process, each command class run directly: for a test
 * that changes what the engine is given (another family list, installed with `installFamilies`), which
 * the built bundle cannot see. Around the run, everything in-process.ts sets up; the command is mapped to
 * an exit code by the CLI's own `runWith`, as `main` maps it.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Config } from '@oclif/core';
import { forgetSecrets, runWith } from '../../src/cli/main.js';
// the commands install the product's family list when first imported: that happens here, before a test
// installs its own list, never during its first run
import '../../src/cli/families.js';
import { runMain, type InProcessOptions, type Outcome } from './in-process.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

interface CommandClass {
  run(argv: string[], config: Config): Promise<unknown>;
}

let config: Promise<Config> | undefined;

async function runCommand(argv: readonly string[]): Promise<unknown> {
  const [id, ...args] = argv;
  if (id === undefined || !/^[a-z]+$/.test(id)) throw new Error(`no command: ${String(id)}`);
  config ??= Config.load(ROOT);
  const module = (await import(pathToFileURL(join(ROOT, 'src', 'commands', `${id}.ts`)).href)) as {
    default: CommandClass;
  };
  return module.default.run(args, await config);
}

/** `crm-schema <argv>` from the source, in this process; see the top of this file. */
export function runSource(argv: readonly string[], options: InProcessOptions = {}): Promise<Outcome> {
  return runMain(argv, {
    ...options,
    cli: { main: (given) => runWith(given, () => runCommand(given)), forgetSecrets },
  });
}

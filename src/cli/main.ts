/**
 * Runs the CLI and maps every outcome to an exit code. Only `bin/run.js` exits the process.
 * User errors print one clear message (and a hint) to stderr, never a stack trace.
 */
import { Errors, flush, run } from '@oclif/core';
import { isCrmSchemaError } from '../core/errors.js';
import { EXIT } from './exit-codes.js';
import { dropStaleOclifManifest } from './oclif-manifest.js';

export async function main(argv: string[]): Promise<number> {
  try {
    await dropStaleOclifManifest();
    await run(argv, import.meta.url);
    await flush();
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (error) {
    await flush().catch(() => undefined);
    return report(error);
  }
}

function report(error: unknown): number {
  if (error instanceof Errors.ExitError) return error.oclif.exit ?? EXIT.ok;
  if (isCrmSchemaError(error)) {
    process.stderr.write(`Error: ${error.message}\n`);
    if (error.hint) process.stderr.write(`Hint: ${error.hint}\n`);
    return error.exitCode;
  }
  if (error instanceof Errors.CLIError) {
    // flag and argument errors: the contract keeps 2 for "changes present", so these are 1
    process.stderr.write(`Error: ${error.message}\n`);
    const suggestions = error.suggestions;
    if (suggestions?.length) process.stderr.write(`Hint: ${suggestions.join('\n')}\n`);
    return EXIT.error;
  }
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`Error: unexpected failure: ${message}\n`);
  if (process.env.CRM_SCHEMA_DEBUG && error instanceof Error && error.stack) {
    process.stderr.write(`${error.stack}\n`);
  }
  process.stderr.write(
    'Hint: this is a bug in crm-schema; set CRM_SCHEMA_DEBUG=1 for details and report it.\n',
  );
  return EXIT.error;
}

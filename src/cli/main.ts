/**
 * Runs the CLI and maps every outcome to an exit code. Only `bin/run.js` exits the process.
 * User errors print one clear message (and a hint) to stderr, never a stack trace.
 */
import { flush, run, settings, type Errors } from '@oclif/core';
import { isCrmSchemaError } from '../core/errors.js';
import { forTerminal } from '../core/output-gate.js';
import { forgetResultPrinted, keepEnvironmentToken, stdoutHasResult } from './output.js';
import { escapeJsonText } from '../engine/render/common/safe-text.js';
import { EXIT } from './exit-codes.js';
import { didYouMean } from './did-you-mean.js';
import { dropStaleOclifManifest } from './stale-manifest.js';
import { neutralize } from '../core/control-chars.js';

// the in-process test harness forgets secrets between runs in the same copy of the code this runs
export { forgetSecrets } from '../core/secrets.js';

/** Runs the CLI with `argv`, and says with which exit code to end. */
export function main(argv: string[]): Promise<number> {
  return runWith(argv, () => run(argv, import.meta.url));
}

/**
 * Runs `command` (oclif's run of `argv`, or a command class run directly) as the CLI runs a command:
 * every outcome mapped to an exit code, errors reported once, `--json` errors as JSON.
 */
export async function runWith(argv: string[], command: () => Promise<unknown>): Promise<number> {
  // the CLI runs its built JavaScript, whatever NODE_ENV says: under NODE_ENV=development or test, oclif
  // would otherwise take a checkout (it has a tsconfig.json) for a plugin in development and register a
  // TypeScript loader into the run, which costs half a second and changes how every module loads
  settings.enableAutoTranspile = false;
  keepEnvironmentToken(process.env);
  forgetResultPrinted();
  try {
    await dropStaleOclifManifest();
    await command();
    await flushOutput();
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (error) {
    await flushOutput().catch(() => undefined);
    const suggestion = isOclifError(error) ? await didYouMean(error, argv).catch(() => undefined) : undefined;
    const code = report(error, suggestion);
    if (wantsJson(argv) && !stdoutHasResult() && code !== EXIT.ok)
      process.stdout.write(errorJson(error, suggestion, code));
    return code;
  }
}

/** `--json` among the flags (before a `--` that ends them). */
function wantsJson(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).includes('--json');
}

/**
 * The error of a `--json` run that printed no result, as the one JSON document on stdout, so that a
 * machine tells "failed" from "printed nothing": `{ "error": { code, message, hint, exitCode, details } }`.
 * Through the output gate, control characters escaped, as every output.
 */
function errorJson(error: unknown, suggestion: string | undefined, exitCode: number): string {
  const body = isCrmSchemaError(error)
    ? {
        code: error.code,
        message: error.message,
        hint: error.hint ?? null,
        exitCode,
        ...(Object.keys(error.meta).length > 0 ? { details: error.meta } : {}),
      }
    : isOclifError(error)
      ? {
          code: 'USAGE',
          message: error.message,
          hint:
            [...(error.suggestions ?? []), ...(suggestion === undefined ? [] : [suggestion])].join('\n') ||
            null,
          exitCode,
        }
      : {
          code: 'BUG',
          message: `unexpected failure: ${error instanceof Error ? error.message : String(error)}`,
          hint: 'this is a bug in crm-schema; set CRM_SCHEMA_DEBUG=1 for details and report it',
          exitCode,
        };
  return `${forTerminal(escapeJsonText(JSON.stringify({ error: body }, null, 2)), 'json')}\n`;
}

/**
 * oclif's flush waits for stdout to drain, and a pipe its reader closed early (`crm-schema help | head
 * -1`) never drains: the run then ended with nothing left to wait for and Node's "unsettled top-level
 * await" (exit 13). Output nobody reads needs no flushing.
 */
async function flushOutput(): Promise<void> {
  if (process.stdout.errored !== null || !process.stdout.writable) return;
  await flush();
}

/**
 * oclif's errors, thrown by this CLI's copy of @oclif/core or by a plugin's own copy (`help`,
 * not-found), which are other classes: known by their `oclif` options, as oclif itself knows them.
 */
function isOclifError(error: unknown): error is Errors.CLIError {
  return error instanceof Error && typeof (error as { oclif?: unknown }).oclif === 'object';
}

function report(error: unknown, suggestion: string | undefined): number {
  if (isOclifError(error) && error.code === 'EEXIT') return error.oclif.exit ?? EXIT.ok;
  // messages may quote what a server or a file said: never raw control characters on the terminal
  const say = (text: string) => process.stderr.write(`${forTerminal(neutralize(text))}\n`);
  if (isCrmSchemaError(error)) {
    say(`Error: ${error.message}`);
    if (error.hint) say(`Hint: ${error.hint}`);
    return error.exitCode;
  }
  if (isOclifError(error)) {
    // flag and argument errors: the contract keeps 2 for "changes present", so these are 1
    say(`Error: ${error.message}`);
    const suggestions = [...(error.suggestions ?? []), ...(suggestion === undefined ? [] : [suggestion])];
    if (suggestions.length > 0) say(`Hint: ${suggestions.join('\n')}`);
    return EXIT.error;
  }
  const message = error instanceof Error ? error.message : String(error);
  say(`Error: unexpected failure: ${message}`);
  if (process.env.CRM_SCHEMA_DEBUG && error instanceof Error && error.stack) {
    process.stderr.write(`${forTerminal(neutralize(error.stack))}\n`);
  }
  process.stderr.write(
    'Hint: this is a bug in crm-schema; set CRM_SCHEMA_DEBUG=1 for details and report it.\n',
  );
  return EXIT.error;
}

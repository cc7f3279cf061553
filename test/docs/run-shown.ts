/**
 * Runs a command a page shows, in a scenario: `crm-schema ...` through the CLI's own `main` in this
 * process (test/helpers/cli.ts), `git ...` in the scenario's folder. What a terminal would show is
 * returned: stdout and stderr as written, in order.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { runCliShown } from '../helpers/cli.js';
import type { ScenarioRun } from './scenario.js';

/** Splits a command line as a shell would (spaces, single and double quotes; no expansion). */
export function shellWords(command: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (const char of command) {
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
      else word = (word ?? '') + char;
    } else if (char === "'" || char === '"') {
      quote = char;
      word ??= '';
    } else if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else {
      word = (word ?? '') + char;
    }
  }
  if (quote !== undefined) throw new Error(`Unclosed quote in: ${command}`);
  if (word !== undefined) words.push(word);
  return words;
}

/** The emulator's address as a page shows it (any port) stands for the scenario's emulator. */
const PAGE_URL = /^http:\/\/127\.0\.0\.1:\d+/;

export async function runShown(command: string, scenario: ScenarioRun): Promise<string> {
  const [program, ...args] = shellWords(command);
  const withUrl = args.map((arg) => (scenario.url !== undefined ? arg.replace(PAGE_URL, scenario.url) : arg));
  if (program === 'crm-schema') {
    const run = await runCliShown(withUrl, { cwd: scenario.cwd, env: scenario.env });
    return run.output;
  }
  if (program === 'git') {
    const { stdout, stderr } = await promisify(execFile)('git', withUrl, { cwd: scenario.cwd });
    return stdout + stderr;
  }
  throw new Error(`The docs test runs crm-schema and git commands only, not: ${command}`);
}

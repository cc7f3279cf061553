/**
 * Flags shared by the commands that talk to a CRM (plan, apply, drift, pull). Commands spread the groups
 * they need into their own `flags`, so `--help` lists them with the command's own flags.
 */
import { Flags } from '@oclif/core';
import { accountIdFlag } from './account-id-flag.js';
import { DEFAULT_DATA_CHECK_BUDGET } from '../engine/live/data-check-result.js';
import type { PlanSettings } from '../engine/plan/plan-document.js';
import { API_VERSIONS, type ApiVersion } from '../wire/api-version.js';

/** Which project, which account, and how to talk about it. */
export const targetFlags = {
  config: Flags.string({ summary: 'The project file (default: ./crm-schema.yaml).', helpValue: 'FILE' }),
  env: Flags.string({
    summary: "The project file's environment to use (default: its defaultEnvironment).",
    helpValue: 'NAME',
    aliases: ['environment'],
  }),
  'base-url': Flags.string({
    summary: "The CRM's base URL (default: CRM_BASE_URL, else the environment's baseUrl).",
    helpValue: 'URL',
  }),
  local: Flags.boolean({
    summary: 'Use the built-in emulator, its state kept in .crm-schema/local.json in the current directory.',
    default: false,
  }),
  'account-id': accountIdFlag({
    summary:
      "The id of the account the token must reach (default: the environment's accountId): checked before any other call.",
  }),
  'api-version': Flags.option({
    summary:
      "The API version every call uses: legacy (the v3/v4 paths) or a date version (default: the environment's apiVersion, else legacy).",
    options: API_VERSIONS,
  })(),
  verbose: Flags.boolean({
    summary: 'List every call made (method, path, status, attempt, duration) on stderr.',
    default: false,
  }),
  timeout: Flags.string({
    summary:
      'Give up on a call the CRM has not fully answered after SECONDS: connect, headers and body together (default: CRM_TIMEOUT, else 30).',
    helpValue: 'SECONDS',
  }),
  color: Flags.boolean({
    summary: 'Colour the output (default: on a terminal, unless NO_COLOR is set).',
    default: true,
    allowNo: true,
  }),
};

export const OUTPUT_FORMATS = ['text', 'markdown'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** How the result is printed. */
export const outputFlags = {
  format: Flags.option({
    summary: 'Output for people: text, or Markdown for a pull request comment.',
    options: OUTPUT_FORMATS,
    default: 'text' as OutputFormat,
  })(),
  json: Flags.boolean({
    summary: 'Print the result as JSON on stdout (nothing else; --format is ignored).',
    default: false,
  }),
};

/** How much the plan reads to count what changes touch (plan, and apply without a plan file). */
export const dataCheckFlags = {
  'data-check': Flags.boolean({
    summary:
      'Count the records (and record associations) that removals touch: values of a property to archive, records holding a removed option, links using a label to delete (on by default).',
    default: true,
    allowNo: true,
  }),
  'data-check-budget': Flags.integer({
    summary:
      'The most calls the counts may make; a count the budget stops is shown as "at least N" (default 100).',
    default: DEFAULT_DATA_CHECK_BUDGET,
    min: 0,
    helpValue: 'N',
  }),
};

/** What the target's policy may let through (plan, apply). */
export const policyFlags = {
  'allow-destructive': Flags.boolean({
    summary:
      "Let destructive changes (archive, delete, replace) through, whatever the policy's destructive: says.",
    default: false,
  }),
  'allow-dangerous': Flags.boolean({
    summary: "Let dangerous changes through, whatever the policy's dangerous: says.",
    default: false,
  }),
  'allow-irreversible': Flags.boolean({
    summary: "Let changes a rollback cannot reverse through, whatever the policy's irreversible: says.",
    default: false,
  }),
  'skip-refused': Flags.boolean({
    summary:
      'Apply everything else when the policy refuses some changes (they and the changes that depend on them are skipped); without it nothing is applied and the exit code is 1.',
    default: false,
  }),
};

/** The settings a plan is made with, from the flags: saved in the plan so apply can make it again. */
export function planSettingsOf(flags: {
  'allow-destructive': boolean;
  'allow-dangerous': boolean;
  'allow-irreversible': boolean;
  'data-check': boolean;
  'data-check-budget': number;
}): PlanSettings {
  return {
    allowDestructive: flags['allow-destructive'],
    allowDangerous: flags['allow-dangerous'],
    allowIrreversible: flags['allow-irreversible'],
    dataCheck: flags['data-check'],
    dataCheckBudget: flags['data-check-budget'],
  };
}

/** The parsed values of `targetFlags`, as the shared helpers take them. */
export interface TargetFlagValues {
  config?: string | undefined;
  env?: string | undefined;
  'base-url'?: string | undefined;
  local: boolean;
  /** `--account-id`: the account the token must reach */
  'account-id'?: number | undefined;
  /** `--api-version` */
  'api-version'?: ApiVersion | undefined;
  verbose: boolean;
  /** seconds, as given (checked when the session opens: src/cli/call-timeout.ts) */
  timeout?: string | undefined;
  color: boolean;
}

/**
 * Flags shared by the commands that talk to a CRM (plan, apply, drift, pull). Commands spread the groups
 * they need into their own `flags`, so `--help` lists them with the command's own flags.
 */
import { Flags } from '@oclif/core';

/** Which project, which account, and how to talk about it. */
export const targetFlags = {
  config: Flags.string({ summary: 'The project file (default: ./crm-schema.yaml).', helpValue: 'FILE' }),
  env: Flags.string({
    summary: "The project file's environment to use (default: its defaultEnvironment).",
    helpValue: 'NAME',
  }),
  'base-url': Flags.string({
    summary: "The CRM's base URL (default: CRM_BASE_URL, else the environment's baseUrl).",
    helpValue: 'URL',
  }),
  local: Flags.boolean({
    summary: 'Use the built-in emulator, its state kept in .crm-schema/local.json in the current directory.',
    default: false,
  }),
  verbose: Flags.boolean({
    summary: 'List every call made (method, path, status, attempt, duration) on stderr.',
    default: false,
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

/** The parsed values of `targetFlags`, as the shared helpers take them. */
export interface TargetFlagValues {
  config?: string | undefined;
  env?: string | undefined;
  'base-url'?: string | undefined;
  local: boolean;
  verbose: boolean;
  color: boolean;
}

/**
 * The project a command works on: `crm-schema.yaml` (in the current directory, or `--config FILE`), its
 * manifests validated (YAML, shape, meaning) and turned into the planner's desired input. Nothing here
 * calls the CRM: a manifest error stops the command before the first call.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { CrmSchemaError } from '../../core/errors.js';
import { keepSecret } from '../../core/secrets.js';
import { CONFIG_FILE_NAME, type ProjectConfig } from '../manifest/project/config.js';
import { loadProject, type ReadFile, type ValidationReport } from '../manifest/validate.js';
import type { DesiredState } from '../model/desired-state.js';
import { toDesiredState } from '../manifest/model/desired-state.js';
import type { Declarations } from '../manifest/model/declarations.js';

export interface Project {
  config: ProjectConfig;
  /** the manifests as written (with their YAML locations) */
  manifests: Declarations;
  /** the planner's desired input */
  desired: DesiredState;
  files: ReadFile[];
  /** the validation (warnings only: errors throw) */
  report: ValidationReport;
}

export interface LoadOptions {
  cwd: string;
  configFlag?: string | undefined;
  /** receives the validation report before errors throw (commands print it) */
  onReport?: (report: ValidationReport) => void;
  /** the project file alone: no manifest is read, and the desired state is empty (a rollback's) */
  configOnly?: boolean;
}

export async function loadCommandProject(options: LoadOptions): Promise<Project> {
  const configPath = resolve(options.cwd, options.configFlag ?? CONFIG_FILE_NAME);
  if (!existsSync(configPath)) {
    throw new CrmSchemaError(
      'CONFIG_NOT_FOUND',
      options.configFlag === undefined
        ? `No ${CONFIG_FILE_NAME} in ${options.cwd}: the manifests cannot be found without it.`
        : `No project file at ${options.configFlag}.`,
      {
        hint:
          `Run the command in the project folder (the one holding ${CONFIG_FILE_NAME}), or name the file with --config FILE. ` +
          `A minimal ${CONFIG_FILE_NAME} is one line: manifests: ["schema/**/*.yaml"]`,
      },
    );
  }
  const { report, config, model } = await loadProject({
    cwd: options.cwd,
    configPath,
    ...(options.configOnly === true ? { configOnly: true } : {}),
  });
  // the tokens the project's environments name are masked from all output, read or not
  for (const environment of config?.environments.values() ?? []) {
    const token = process.env[environment.tokenEnv]?.trim();
    if (token) keepSecret(token);
  }
  options.onReport?.(report);
  if (!report.ok || config === undefined) {
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    throw new CrmSchemaError(
      'MANIFEST_INVALID',
      `${plural(report.errorCount, 'error')} in the project (listed above); nothing was sent to the CRM.`,
      {
        hint: 'Fix them (crm-schema validate checks without calling the CRM), then run the command again.',
        meta: { errors: report.errorCount, warnings: report.warningCount },
      },
    );
  }
  return {
    config,
    manifests: model,
    desired: toDesiredState(model),
    files: report.projects[0]?.files ?? [],
    report,
  };
}

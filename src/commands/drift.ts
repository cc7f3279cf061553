/**
 * `crm-schema drift`: does the live account still match the manifests? Thin: src/engine/drift plans through the
 * pipeline and sorts the differences, src/engine/render prints the report; the report is the result (`--json`).
 */
import { Flags, type Interfaces } from '@oclif/core';
import { CrmCommand } from '../cli/base-command.js';
import { outputFlags, targetFlags } from '../cli/common-flags.js';
import { EXIT } from '../cli/exit-codes.js';
import { planTargetOf } from '../cli/target.js';
import { CrmSchemaError } from '../core/errors.js';
import { loadBaseline, type Baseline } from '../engine/drift/baseline.js';
import type { Target } from '../cli/target.js';
import type { Project } from '../engine/pipeline/project.js';
import { escapeJsonText } from '../engine/render/common/safe-text.js';
import { checkDrift } from '../engine/drift/check-drift.js';
import type { DriftDocument } from '../engine/drift/drift-report.js';
import { defined } from '../core/defined.js';
import { toPlanPolicy } from '../engine/live/managed-scope.js';
import { renderDriftJson } from '../engine/render/drift/drift-json.js';
import { renderDriftMarkdown } from '../engine/render/drift/drift-markdown.js';
import { renderDriftText } from '../engine/render/drift/drift-text.js';
import { appendStepSummary } from '../engine/render/common/step-summary.js';

export default class Drift extends CrmCommand {
  static override summary = 'Check whether the live account still matches the manifests.';

  static override description =
    'Validates the manifests (an error stops before any call), reads the live account as plan does, and ' +
    'reports what differs: resources edited outside crm-schema (field by field, live and declared values, and ' +
    'when and by whom where the account says), changes merged but not yet deployed (with --baseline), ' +
    'declared resources missing from the account, live custom resources in the managed scope that no ' +
    'manifest names, and resources a manifest archives or deletes that are still there. What the platform ' +
    'changes itself (timestamps, user ids) is never drift. When GITHUB_STEP_SUMMARY is set, the Markdown ' +
    'report is appended to that file too. Exit 0: no drift; 2: drift found; 1: an error.';

  static override examples = [
    '<%= config.bin %> drift --local',
    '<%= config.bin %> drift --env production --format markdown',
    '<%= config.bin %> drift --env production --json',
    '<%= config.bin %> drift --env production --baseline crm-schema/deployed/production',
  ];

  static override flags = {
    ...targetFlags,
    ...outputFlags,
    baseline: Flags.string({
      summary:
        'A git ref holding the manifests as last deployed (e.g. the tag crm-schema/deployed/production the deploy ' +
        'workflow moves): differences it shares are edited outside crm-schema, the others not yet deployed.',
      helpValue: 'GIT-REF',
    }),
    'all-environments': Flags.boolean({
      summary:
        'Check every environment of the project file at once (in parallel): one report per environment.',
      default: false,
      exclusive: ['env', 'local', 'base-url', 'baseline', 'account-id'],
    }),
  };

  static override enableJsonFlag = true;

  protected override renderJson(result: DriftDocument | MultiDriftDocument): string {
    return 'environments' in result
      ? escapeJsonText(JSON.stringify(result, null, 2))
      : renderDriftJson(result);
  }

  async run(): Promise<DriftDocument | MultiDriftDocument> {
    const { flags } = await this.parse(Drift);
    const output = this.output(flags);
    const project = await this.loadProject(flags, output);
    if (flags['all-environments']) return this.checkEach(flags, project);
    const target = this.resolveTarget(flags, project);
    const baseline =
      flags.baseline === undefined
        ? undefined
        : await loadBaseline({ cwd: this.cwd, configFlag: flags.config, ref: flags.baseline });
    const { report, errors } = await this.check(target, flags, project, baseline);

    const markdown = () => renderDriftMarkdown(report);
    if (!this.jsonEnabled()) {
      output.out(flags.format === 'markdown' ? markdown() : renderDriftText(report, { color: output.color }));
    }
    await appendStepSummary(markdown, process.env);

    if (errors > 0) this.fail(driftErrors(errors));
    else if (report.drifted) this.exitWith(EXIT.changes);
    return report;
  }

  private check(target: Target, flags: DriftFlags, project: Project, baseline?: Baseline) {
    return this.withSession(target, flags, this.output(flags), (session) =>
      checkDrift(session.client, project.desired, {
        policy: toPlanPolicy(target.policy),
        target: planTargetOf(target, session.account),
        ...defined({ baseline }),
      }),
    );
  }

  /** Every environment, in parallel (each within its own rate limit): each report under its name. */
  private async checkEach(flags: DriftFlags, project: Project): Promise<MultiDriftDocument> {
    const output = this.output(flags);
    const names = [...project.config.environments.keys()];
    if (names.length === 0)
      throw new CrmSchemaError(
        'NO_ENVIRONMENTS',
        `${project.config.file} declares no environment to check.`,
        {
          hint: 'Declare them under environments:, or check one target with --base-url or --local.',
        },
      );
    const results = await Promise.all(
      names.map(async (environment) => ({
        environment,
        ...(await this.check(this.resolveTarget({ ...flags, env: environment }, project), flags, project)),
      })),
    );
    const environments = results.map(({ environment, report }) => ({ environment, report }));
    const markdown = () =>
      environments
        .map(({ environment, report }) => `## ${environment}\n\n${renderDriftMarkdown(report)}`)
        .join('\n');
    if (!this.jsonEnabled()) {
      output.out(
        flags.format === 'markdown'
          ? markdown()
          : environments
              .map(
                ({ environment, report }) =>
                  `== ${environment} ==\n${renderDriftText(report, { color: output.color })}`,
              )
              .join('\n'),
      );
    }
    await appendStepSummary(markdown, process.env);
    const errors = results.reduce((sum, r) => sum + r.errors, 0);
    if (errors > 0) this.fail(driftErrors(errors));
    else if (environments.some((e) => e.report.drifted)) this.exitWith(EXIT.changes);
    return { environments };
  }
}

/** `drift --all-environments --json`: each environment's report. */
export interface MultiDriftDocument {
  environments: { environment: string; report: DriftDocument }[];
}

type DriftFlags = Interfaces.InferredFlags<typeof Drift.flags>;

function driftErrors(errors: number): CrmSchemaError {
  return new CrmSchemaError(
    'DRIFT_ERRORS',
    `The drift check found ${errors} error${errors === 1 ? '' : 's'} (listed above): the manifests cannot be compared with the account as they are.`,
    {
      hint: 'Fix what each error names in the manifests (crm-schema plan shows the same errors), then check again.',
    },
  );
}

/**
 * `crm-schema drift`: does the live account still match the manifests? Thin: src/drift plans through the
 * pipeline and sorts the differences, src/render prints the report; the report is the result (`--json`).
 */
import { Flags } from '@oclif/core';
import { CrmCommand } from '../cli/base-command.js';
import { outputFlags, targetFlags } from '../cli/common-flags.js';
import { EXIT } from '../cli/exit-codes.js';
import { planTargetOf } from '../cli/target.js';
import { CrmSchemaError } from '../core/errors.js';
import { loadBaseline } from '../drift/baseline.js';
import { checkDrift } from '../drift/check-drift.js';
import type { DriftDocument } from '../drift/drift-report.js';
import { defined } from '../core/defined.js';
import { toPlanPolicy } from '../live/managed-scope.js';
import { renderDriftJson } from '../render/drift-json.js';
import { renderDriftMarkdown } from '../render/drift-markdown.js';
import { renderDriftText } from '../render/drift-text.js';
import { appendStepSummary } from '../render/step-summary.js';

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
  };

  static override enableJsonFlag = true;

  protected override renderJson(report: DriftDocument): string {
    return renderDriftJson(report);
  }

  async run(): Promise<DriftDocument> {
    const { flags } = await this.parse(Drift);
    const output = this.output(flags);
    const project = await this.loadProject(flags, output);
    const target = this.resolveTarget(flags, project);
    const baseline =
      flags.baseline === undefined
        ? undefined
        : await loadBaseline({ cwd: this.cwd, configFlag: flags.config, ref: flags.baseline });
    const { report, errors } = await this.withSession(target, flags, output, (session) =>
      checkDrift(session.client, project.desired, {
        policy: toPlanPolicy(target.policy),
        target: planTargetOf(target),
        ...defined({ baseline }),
      }),
    );

    const markdown = () => renderDriftMarkdown(report);
    if (!this.jsonEnabled()) {
      output.out(flags.format === 'markdown' ? markdown() : renderDriftText(report, { color: output.color }));
    }
    await appendStepSummary(markdown, process.env);

    if (errors > 0) this.fail(driftErrors(errors));
    else if (report.drifted) this.exitWith(EXIT.changes);
    return report;
  }
}

function driftErrors(errors: number): CrmSchemaError {
  return new CrmSchemaError(
    'DRIFT_ERRORS',
    `The drift check found ${errors} error${errors === 1 ? '' : 's'} (listed above): the manifests cannot be compared with the account as they are.`,
    {
      hint: 'Fix what each error names in the manifests (crm-schema plan shows the same errors), then check again.',
    },
  );
}

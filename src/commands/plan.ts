/**
 * `crm-schema plan`: what apply would change. Thin: src/pipeline loads the project and computes the
 * plan, src/render prints it; the plan document is the result (`--json`).
 */
import { resolve } from 'node:path';
import { Flags } from '@oclif/core';
import { CrmCommand } from '../cli/base-command.js';
import {
  dataCheckFlags,
  outputFlags,
  planSettingsOf,
  policyFlags,
  targetFlags,
} from '../cli/common-flags.js';
import { computePlan } from '../pipeline/compute-plan.js';
import { planErrors, refusedChanges } from '../pipeline/plan-errors.js';
import { EXIT } from '../cli/exit-codes.js';
import { manifestDigest, savedPlan } from '../pipeline/saved-plan.js';
import { computeOptionsOf, planTargetOf } from '../cli/target.js';
import { writeFileAtomic } from '../core/write-file-atomic.js';
import type { PlanDocument } from '../plan/plan-document.js';
import { renderPlanJson } from '../render/plan-json.js';
import { renderPlanMarkdown } from '../render/plan-markdown.js';
import { renderPlanText } from '../render/plan-text.js';
import { appendStepSummary } from '../render/step-summary.js';

export default class Plan extends CrmCommand {
  static override summary = 'Show what apply would change: the live account compared with the manifests.';

  static override description =
    'Validates the manifests (an error stops before any call), reads the live account for what they and the ' +
    'policy name, and prints every change apply would make, in order, each classified safe, dangerous or ' +
    'destructive with the reason. With --out it saves the plan for apply. When GITHUB_STEP_SUMMARY is set, ' +
    'the Markdown plan is appended to that file too. Exit 0 on success (with --detailed-exitcode: 0 when ' +
    'nothing would change, 2 when something would); 1 on any error.';

  static override examples = [
    '<%= config.bin %> plan --local',
    '<%= config.bin %> plan --env staging --out plan.json',
    '<%= config.bin %> plan --format markdown --detailed-exitcode',
    '<%= config.bin %> plan --base-url http://127.0.0.1:4010 --json',
  ];

  static override flags = {
    ...targetFlags,
    ...outputFlags,
    ...dataCheckFlags,
    ...policyFlags,
    out: Flags.string({
      summary:
        'Save the plan to FILE for apply (JSON: the changes with target, manifest digest and fingerprints).',
      helpValue: 'FILE',
    }),
    'detailed-exitcode': Flags.boolean({
      summary: 'Exit 2 when there are changes, 0 when there are none (1 on errors).',
      default: false,
    }),
  };

  static override enableJsonFlag = true;

  protected override renderJson(plan: PlanDocument): string {
    return renderPlanJson(plan);
  }

  async run(): Promise<PlanDocument> {
    const { flags } = await this.parse(Plan);
    const output = this.output(flags);
    const project = await this.loadProject(flags, output);
    const target = this.resolveTarget(flags, project);
    const settings = planSettingsOf(flags);
    const computed = await this.withSession(target, flags, output, (session) =>
      computePlan(session.client, project.desired, computeOptionsOf(target, settings)),
    );
    const plan = savedPlan(computed.plan, {
      target: planTargetOf(target),
      digest: manifestDigest(project.desired),
      settings,
    });

    const markdown = () => renderPlanMarkdown(plan);
    if (!this.jsonEnabled()) {
      output.out(flags.format === 'markdown' ? markdown() : renderPlanText(plan, { color: output.color }));
    }
    await appendStepSummary(markdown, process.env);

    if (plan.summary.errors > 0) {
      this.fail(planErrors(plan, { command: 'plan', out: flags.out }));
      return plan;
    }
    if (flags.out !== undefined) {
      await writeFileAtomic(resolve(this.cwd, flags.out), renderPlanJson(plan));
      output.err(
        `Saved the plan to ${flags.out}. Apply exactly these changes with: crm-schema apply ${flags.out}`,
      );
    }
    if (plan.summary.refused > 0 && !flags['skip-refused']) this.fail(refusedChanges(plan, flags.out));
    else if (flags['detailed-exitcode'] && plan.changes.length > 0) this.exitWith(EXIT.changes);
    return plan;
  }
}

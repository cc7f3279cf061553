/**
 * `crm-schema plan`: what apply would change. Thin: src/engine/pipeline loads the project and computes the
 * plan, src/engine/render prints it; the plan document is the result (`--json`).
 */
import { Flags, type Interfaces } from '@oclif/core';
import { CrmCommand } from '../cli/base-command.js';
import {
  dataCheckFlags,
  outputFlags,
  planSettingsOf,
  policyFlags,
  targetFlags,
} from '../cli/common-flags.js';
import { computePlan } from '../engine/pipeline/compute-plan.js';
import { EXIT } from '../cli/exit-codes.js';
import { manifestDigest, savedPlan } from '../engine/pipeline/saved-plan.js';
import { computeOptionsOf, planTargetOf } from '../cli/target.js';
import { ignoreUnmanagedFlag, withUnmanaged } from '../cli/ignore-unmanaged.js';
import type { PlanDocument, PlanSettings } from '../engine/plan/plan-document.js';
import type { Target } from '../cli/target.js';
import type { Project } from '../engine/pipeline/project.js';
import { CrmSchemaError } from '../core/errors.js';
import { escapeJsonText } from '../engine/render/common/safe-text.js';
import {
  renderMultiPlanMarkdown,
  renderMultiPlanText,
  type EnvironmentPlan,
  type MultiPlanDocument,
} from '../engine/render/plan/multi-plan.js';
import { renderPlanJson } from '../engine/render/plan/plan-json.js';
import { appendStepSummary } from '../engine/render/common/step-summary.js';
import { showPlan } from '../cli/show-plan.js';

export default class Plan extends CrmCommand {
  static override summary = 'Show what apply would change: the live account compared with the manifests.';

  static override description =
    'Validates the manifests (an error stops before any call), reads the live account for what they and the ' +
    'policy name, and prints every change apply would make, in order, each classified safe, dangerous or ' +
    'destructive with the reason. With --out it saves the plan for apply. When GITHUB_STEP_SUMMARY is set, ' +
    'the Markdown plan is appended to that file too. A token that may not read event definitions (their only ' +
    'scope also writes them) leaves them unread: the plan says so per definition, and apply of the saved plan ' +
    'plans them with its own token. Exit 0 on success (with --detailed-exitcode: 0 when nothing would change, ' +
    '2 when something would, or when event definitions the manifests name could not be read); 1 on any error.';

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
    ...ignoreUnmanagedFlag,
    out: Flags.string({
      summary:
        'Save the plan to FILE for apply (JSON: the changes with target, manifest digest and fingerprints).',
      helpValue: 'FILE',
    }),
    'detailed-exitcode': Flags.boolean({
      summary:
        'Exit 2 when there are changes (or event definitions could not be read), 0 when there are none (1 on errors).',
      default: false,
    }),
    env: Flags.string({
      summary:
        "The project file's environment to plan (default: its defaultEnvironment); repeat it to plan several at once.",
      helpValue: 'NAME',
      aliases: ['environment'],
      multiple: true,
    }),
    'all-environments': Flags.boolean({
      summary: 'Plan every environment of the project file at once: one summary table, then each plan.',
      default: false,
      exclusive: ['env', 'local', 'base-url', 'account-id'],
    }),
  };

  static override enableJsonFlag = true;

  protected override renderJson(result: PlanDocument | MultiPlanDocument): string {
    return 'environments' in result
      ? escapeJsonText(JSON.stringify(result, null, 2))
      : renderPlanJson(result);
  }

  async run(): Promise<PlanDocument | MultiPlanDocument> {
    const { flags } = await this.parse(Plan);
    const output = this.output(flags);
    const project = await this.loadProject(flags, output);
    const settings = planSettingsOf(flags);
    const names = flags['all-environments'] ? [...project.config.environments.keys()] : (flags.env ?? []);
    if (flags['all-environments'] || names.length > 1)
      return this.planEach(names, { ...flags, env: undefined }, project, settings);

    const target = withUnmanaged(
      this.resolveTarget({ ...flags, env: names[0] }, project),
      flags['ignore-unmanaged'],
    );
    const plan = await this.planFor(target, { ...flags, env: names[0] }, project, settings);

    const failure = await showPlan(plan, {
      command: 'plan',
      output,
      cwd: this.cwd,
      json: this.jsonEnabled(),
      format: flags.format,
      out: flags.out,
      skipRefused: flags['skip-refused'],
      sources: project.desired.sources,
    });
    if (failure !== undefined) this.fail(failure);
    else if (flags['detailed-exitcode'] && (plan.changes.length > 0 || mayHoldChanges(plan)))
      this.exitWith(EXIT.changes);
    return plan;
  }

  private async planFor(
    target: Target,
    flags: PlanFlags,
    project: Project,
    settings: PlanSettings,
  ): Promise<PlanDocument> {
    const output = this.output(flags);
    const { computed, account } = await this.withSession(target, flags, output, async (session) => ({
      computed: await computePlan(session.client, project.desired, computeOptionsOf(target, settings)),
      account: session.account,
    }));
    return savedPlan(computed.plan, {
      target: planTargetOf(target, account),
      digest: manifestDigest(project.desired),
      settings,
    });
  }

  /** Several environments: read in parallel (each within its own rate limit), one output. */
  private async planEach(
    names: readonly string[],
    flags: PlanFlags,
    project: Project,
    settings: PlanSettings,
  ): Promise<MultiPlanDocument> {
    const output = this.output(flags);
    if (flags.out !== undefined)
      throw new CrmSchemaError(
        'PLAN_OUT_ONE_ENVIRONMENT',
        '--out saves the plan of one environment; several were named.',
        {
          hint: 'Plan each environment with its own --env and --out (apply takes one plan, for one environment).',
        },
      );
    if (flags['account-id'] !== undefined)
      throw new CrmSchemaError(
        'ACCOUNT_ID_ONE_ENVIRONMENT',
        '--account-id pins the account of one environment; several were named.',
        {
          hint: 'Pin each environment with its accountId in the project file, or plan one environment with --env NAME --account-id ID.',
        },
      );
    if (names.length === 0)
      throw new CrmSchemaError('NO_ENVIRONMENTS', `${project.config.file} declares no environment to plan.`, {
        hint: 'Declare them under environments:, or plan one target with --base-url or --local.',
      });
    const entries: EnvironmentPlan[] = await Promise.all(
      names.map(async (environment) => ({
        environment,
        plan: await this.planFor(
          withUnmanaged(
            this.resolveTarget({ ...flags, env: environment }, project),
            flags['ignore-unmanaged'],
          ),
          flags,
          project,
          settings,
        ),
      })),
    );
    const result: MultiPlanDocument = { environments: entries };
    const markdown = () => renderMultiPlanMarkdown(entries);
    if (!this.jsonEnabled())
      output.out(flags.format === 'markdown' ? markdown() : renderMultiPlanText(entries, output.color));
    await appendStepSummary(markdown, process.env);
    const failing = entries.filter(
      (e) => e.plan.summary.errors > 0 || (e.plan.summary.refused > 0 && !flags['skip-refused']),
    );
    if (failing.length > 0) {
      this.fail(
        new CrmSchemaError(
          'PLAN_ERRORS',
          `The plans of ${failing.map((e) => e.environment).join(', ')} hold errors or changes their policy refuses (listed above).`,
          {
            hint: "Fix the errors, or allow the refused changes in that environment's policy, and plan again.",
          },
        ),
      );
    } else if (
      flags['detailed-exitcode'] &&
      entries.some((e) => e.plan.changes.length > 0 || mayHoldChanges(e.plan))
    ) {
      this.exitWith(EXIT.changes);
    }
    return result;
  }
}

type PlanFlags = Omit<Interfaces.InferredFlags<typeof Plan.flags>, 'env'> & { env?: string | undefined };

/** A plan that could not read some resources the manifests name: changes may be present there. */
function mayHoldChanges(plan: Pick<PlanDocument, 'notRead' | 'diagnostics'>): boolean {
  return (plan.notRead ?? []).length > 0 && plan.diagnostics.some((d) => d.code === 'EVENTS_NOT_READ');
}

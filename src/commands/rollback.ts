/**
 * `crm-schema rollback RECORD`: the plan that reverses what an apply record says was applied, as an
 * ordinary plan (text, Markdown, JSON; `--out` saves it, and `apply FILE` applies it, verified like any
 * saved plan). Thin: src/engine/rollback reads the record and makes the desired state, src/engine/pipeline the plan,
 * src/engine/render prints it; the plan document is the result (`--json`).
 */
import { Args, Flags } from '@oclif/core';
import { CrmCommand } from '../cli/base-command.js';
import {
  dataCheckFlags,
  outputFlags,
  planSettingsOf,
  policyFlags,
  targetFlags,
} from '../cli/common-flags.js';
import { computeOptionsOf, planTargetOf } from '../cli/target.js';
import { computePlan } from '../engine/pipeline/compute-plan.js';
import { savedPlan } from '../engine/pipeline/saved-plan.js';
import type { PlanDocument } from '../engine/plan/plan-document.js';
import { defined } from '../core/defined.js';
import { projectRecordStore } from '../cli/record-store.js';
import { renderPlanJson } from '../engine/render/plan/plan-json.js';
import { showPlan } from '../cli/show-plan.js';
import { checkRecordAccount, rollbackDigest, rollbackOptions } from '../engine/rollback/rollback-check.js';
import { loadRollbackRecord, rollbackSource } from '../engine/rollback/rollback-source.js';

export default class Rollback extends CrmCommand {
  static override summary = 'Plan the reverse of what an apply record says was applied.';

  static override description =
    "Reads an apply record of the project's record store (an id crm-schema history lists, or a file whose id and content the store holds: the record folder, or the records branch) and the live account, and prints the " +
    'plan that puts back what that apply changed: archived properties and groups restored, changed fields and ' +
    'options put back, what it created archived or deleted (destructive: the policy decides as usual), renames ' +
    'renamed back with the values copied back, option remaps put back on the records the record lists, labels ' +
    'and limits as they were. A resource changed since the apply is a conflict and is not overwritten; what ' +
    'cannot be reversed is said. Either is an error unless --partial, which leaves it as it is and rolls back ' +
    'the rest. --out saves the plan; crm-schema apply FILE applies it, verified like any saved plan. Exit 0 ' +
    'on success; 1 on any error or refused change.';

  static override examples = [
    '<%= config.bin %> rollback .crm-schema/applies/2026-11-27T07-40-00-123Z-1a2b3c4d5e6f.json --local',
    '<%= config.bin %> rollback 2026-11-27T07-40-00-123Z-1a2b3c4d5e6f --env production --out rollback.json',
    '<%= config.bin %> apply rollback.json --env production',
  ];

  static override args = {
    record: Args.string({
      description: 'The apply record to reverse: its file, or its id (crm-schema history lists them).',
      required: true,
      ignoreStdin: true,
    }),
  };

  static override flags = {
    ...targetFlags,
    ...outputFlags,
    ...dataCheckFlags,
    ...policyFlags,
    out: Flags.string({
      summary:
        'Save the plan to FILE for apply (it names the record it reverses by id and digest; apply finds it in the record store).',
      helpValue: 'FILE',
    }),
    partial: Flags.boolean({
      summary:
        'Roll back what can be: leave a resource changed since the apply, and what cannot be reversed, as it is (warnings instead of errors).',
      default: false,
    }),
  };

  static override strict = true;

  static override enableJsonFlag = true;

  protected override renderJson(result: PlanDocument): string {
    return renderPlanJson(result);
  }

  async run(): Promise<PlanDocument> {
    const { args, flags } = await this.parse(Rollback);
    const output = this.output(flags);
    // the project file alone: a manifest broken by the deploy being rolled back must not stand in the way
    const project = await this.loadProject(flags, output, { configOnly: true });
    const store = await projectRecordStore(project.config);
    const { stored, shown } = await loadRollbackRecord(args.record, this.cwd, store);
    const record = stored.record;
    const target = this.resolveTarget(flags, project);
    const settings = planSettingsOf(flags);
    const { computed, account } = await this.withSession(target, flags, output, async (session) => {
      // the account was read first: a record of another account is refused before any other call
      checkRecordAccount(record, shown, session.account);
      return {
        computed: await computePlan(
          session.client,
          rollbackSource(record, { partial: flags.partial }),
          rollbackOptions(computeOptionsOf(target, settings)),
        ),
        account: session.account,
      };
    });
    const rollback = {
      recordId: record.id,
      recordDigest: stored.digest,
      partial: flags.partial,
      startedAt: record.startedAt,
      actor: record.actor.name,
      ...defined({ commit: record.git?.commit }),
    };
    const plan = savedPlan(computed.plan, {
      target: planTargetOf(target, account),
      digest: rollbackDigest(rollback),
      settings,
      rollback,
    });
    const failure = await showPlan(plan, {
      command: 'rollback',
      output,
      cwd: this.cwd,
      json: this.jsonEnabled(),
      format: flags.format,
      out: flags.out,
      skipRefused: flags['skip-refused'],
    });
    if (failure !== undefined) this.fail(failure);
    return plan;
  }
}

/**
 * `crm-schema apply [PLANFILE]`: makes the account match the manifests, or applies exactly a saved
 * plan. Thin: src/engine/pipeline makes (or verifies) the plan, src/engine/apply runs it with its record,
 * src/engine/render prints progress and the report; the report (or the dry run) is the result (`--json`).
 */
import { neutralize } from '../core/control-chars.js';
import { codeSpan } from '../engine/render/common/markdown-escape.js';
import { join, relative, resolve } from 'node:path';
import { defined } from '../core/defined.js';
import { recordFolder } from '../engine/record/record-file.js';
import type { ApplyRecord } from '../engine/record/shape/record-shape.js';
import { actorOf, gitOf } from '../engine/record/who-and-where.js';
import { checkRecordAccount, rollbackDigest, rollbackOptions } from '../engine/rollback/rollback-check.js';
import { rollbackSource, storedRollbackRecord } from '../engine/rollback/rollback-source.js';
import { projectRecordStore } from '../cli/record-store.js';
import { stoppedBy, withInterrupts } from '../cli/interrupts.js';
import { interruptedApply, recordUnwritable } from '../cli/apply-stops.js';
import { createInterface } from 'node:readline/promises';
import { Args, Flags, type Interfaces } from '@oclif/core';
import { CLIENT_VERSION } from '../api/version.js';
import { recordedApply } from '../engine/record/recorded-apply.js';
import { dryRun, type DryRun } from '../engine/apply/dry-run.js';
import { checkSavedAccount, checkSavedPlan, readSavedPlan } from '../engine/pipeline/plan-file.js';
import { prepareApply } from '../engine/pipeline/prepare-apply.js';
import type { ApplyReport } from '../engine/apply/types.js';
import { DEFAULT_PARALLELISM } from '../engine/apply/types.js';
import { CrmCommand } from '../cli/base-command.js';
import {
  dataCheckFlags,
  outputFlags,
  planSettingsOf,
  policyFlags,
  targetFlags,
} from '../cli/common-flags.js';
import { planErrors, refusedChanges } from '../engine/pipeline/plan-errors.js';
import { EXIT } from '../cli/exit-codes.js';
import type { Output } from '../cli/output.js';
import { manifestDigest, savedSettings } from '../engine/pipeline/saved-plan.js';
import type { Project } from '../engine/pipeline/project.js';
import { computeOptionsOf, describeTarget, planTargetOf } from '../cli/target.js';
import { CrmSchemaError, isCrmSchemaError } from '../core/errors.js';
import type { PlanDocument } from '../engine/plan/plan-document.js';
import { confirmQuestion, isYes, startLine } from '../engine/render/apply/apply-confirm.js';
import { renderDryRunJson, renderDryRunText } from '../engine/render/apply/apply-dry-run.js';
import { createApplyProgress } from '../engine/render/apply/apply-progress.js';
import { renderApplyReport, renderApplyReportJson } from '../engine/render/apply/apply-report.js';
import { renderPlanText } from '../engine/render/plan/plan-text.js';
import { renderApplyFailureMarkdown, renderApplyMarkdown } from '../engine/render/apply/apply-markdown.js';
import { appendStepSummary } from '../engine/render/common/step-summary.js';
import { plannedNowMarkdown, plannedNowText } from '../engine/render/apply/planned-now.js';

import { accountText } from '../engine/render/common/target-line.js';

export default class Apply extends CrmCommand {
  static override summary = 'Make the account match the manifests, or apply exactly a saved plan.';

  static override description =
    'Without PLANFILE: plans, shows the plan and asks for confirmation (on a terminal; otherwise --yes is ' +
    'required). With PLANFILE (from plan --out): checks that it was made for this target from these ' +
    'manifests, makes the plan again from the manifests and the live account and applies the saved plan ' +
    'only when both agree (a run that was interrupted finishes with the same file). When the plan holds ' +
    'changes the policy refuses, nothing is written (exit 1) unless --skip-refused is given. A second run ' +
    'after a failure or an interruption finishes the rest and repeats no write. Exit 0 when nothing failed; ' +
    '1 on any failure or refusal.';

  static override examples = [
    '<%= config.bin %> apply --local',
    'CRM_TOKEN_PRODUCTION=... <%= config.bin %> apply plan.json --env production',
    '<%= config.bin %> apply --env staging --yes --allow-destructive',
    '<%= config.bin %> apply plan.json --env production --dry-run',
  ];

  static override args = {
    planfile: Args.string({
      description: 'A plan saved by crm-schema plan --out; apply exactly its changes.',
      // stdin belongs to the confirmation prompt, never to an argument
      ignoreStdin: true,
    }),
  };

  static override flags = {
    ...targetFlags,
    ...dataCheckFlags,
    ...policyFlags,
    json: Flags.boolean({
      summary: 'Print the apply report (or the dry-run requests) as JSON on stdout, nothing else there.',
      default: false,
    }),
    format: outputFlags.format,
    'dry-run': Flags.boolean({
      summary: 'Print the exact requests (method, path, body) in send order; send no write.',
      default: false,
    }),
    yes: Flags.boolean({
      summary: 'Apply without asking for confirmation (required when not on a terminal).',
      default: false,
    }),
    record: Flags.string({
      summary:
        "Write the apply record to FILE (default: a new file in the project's record folder, applyRecords, .crm-schema/applies).",
      helpValue: 'FILE',
    }),
    parallelism: Flags.integer({
      summary: 'Independent calls in flight at once (within the rate limit).',
      default: DEFAULT_PARALLELISM,
      min: 1,
      max: 32,
      helpValue: 'N',
    }),
  };

  static override enableJsonFlag = true;

  protected override renderJson(result: ApplyResult): string {
    return result.kind === 'dry-run' ? renderDryRunJson(result.dryRun) : renderApplyReportJson(result.report);
  }

  async run(): Promise<ApplyResult | undefined> {
    const { args, flags } = await this.parse(Apply);
    try {
      return await this.apply(args, flags);
    } catch (error) {
      // the run's summary page says why nothing (or not everything) was applied
      if (isCrmSchemaError(error))
        await appendStepSummary(() => renderApplyFailureMarkdown(error, this.#where), process.env).catch(
          () => undefined,
        );
      throw error;
    }
  }

  /**
   * The project, then the saved plan, if any. A rollback's plan does not use the manifests: when they do
   * not validate (the deploy being rolled back may have broken them), it is applied with the project file
   * alone.
   */
  private async projectAndPlan(
    planfile: string | undefined,
    flags: Interfaces.InferredFlags<typeof Apply.flags>,
    output: Output,
  ): Promise<{ project: Project; saved: PlanDocument | undefined }> {
    try {
      const project = await this.loadProject(flags, output);
      return { project, saved: planfile === undefined ? undefined : await readSavedPlan(this.cwd, planfile) };
    } catch (error) {
      if (planfile === undefined || !isCrmSchemaError(error) || error.code !== 'MANIFEST_INVALID')
        throw error;
      const saved = await readSavedPlan(this.cwd, planfile);
      if (saved.rollback === undefined) throw error;
      output.err(
        `The manifests have errors (listed above), but ${neutralize(planfile, { oneLine: true })} is a rollback plan, which does not use them: applying it.`,
      );
      return { project: await this.loadProject(flags, output, { configOnly: true }), saved };
    }
  }

  /** where apply talks to, once known (for the step summary of a failure) */
  #where = 'not chosen yet';

  /** where the apply record was written */
  #recordPath = '';

  private async apply(
    args: { planfile?: string | undefined },
    flags: Interfaces.InferredFlags<typeof Apply.flags>,
  ): Promise<ApplyResult | undefined> {
    const output = this.output(flags);
    const json = this.jsonEnabled();
    const asks = args.planfile === undefined && !flags['dry-run'] && !flags.yes;
    // said at once, before anything is read: CI must never hang on a prompt
    if (asks && !process.stdin.isTTY) throw confirmationNeeded();
    // the manifests first: their parse is the largest passing use of memory, best done before a large
    // saved plan is held
    const { project, saved } = await this.projectAndPlan(args.planfile, flags, output);
    const target = this.resolveTarget(flags, project);
    // where the record goes is settled before anything is sent: a folder outside the project is refused now
    const recordAt: { folder: string } | { file: string } =
      flags.record === undefined
        ? { folder: await recordFolder(project.config.dir, project.config.applyRecords) }
        : { file: resolve(this.cwd, flags.record) };
    let settings = planSettingsOf(flags);
    // a rollback's plan is made again from the record it names, found in the project's record store (and
    // only there: a record this project did not write is never rolled back), before any call
    const rollback =
      saved?.rollback === undefined || args.planfile === undefined
        ? undefined
        : {
            ...saved.rollback,
            record: await storedRollbackRecord(
              saved.rollback,
              args.planfile,
              await projectRecordStore(project.config),
              this.cwd,
            ),
          };
    const digest = rollback === undefined ? manifestDigest(project.desired) : rollbackDigest(rollback);
    if (saved !== undefined && args.planfile !== undefined) {
      checkSavedPlan(saved, args.planfile, {
        toolVersion: CLIENT_VERSION,
        target: planTargetOf(target),
        manifestDigest: digest,
        apiVersion: target.apiVersion,
      });
      settings = savedSettings(saved, args.planfile, settings);
    }
    this.#where = describeTarget(target);

    const result = await this.withSession(
      target,
      flags,
      output,
      async (session): Promise<ApplyResult | undefined> => {
        // the account was read first: a saved plan made against another one is refused before any other call
        if (saved !== undefined && args.planfile !== undefined)
          checkSavedAccount(saved, args.planfile, session.account);
        // a rollback's record names the account its apply changed: only that one is rolled back
        if (rollback !== undefined && args.planfile !== undefined)
          checkRecordAccount(rollback.record, args.planfile, session.account);
        const ranOn = planTargetOf(target, session.account);
        const where = `${describeTarget(target)}, ${accountText(session.account)}`;
        this.#where = where;
        const input =
          rollback === undefined
            ? await prepareApply(session.client, project.desired, computeOptionsOf(target, settings), saved)
            : await prepareApply(
                session.client,
                rollbackSource(rollback.record, { partial: rollback.partial }),
                rollbackOptions(computeOptionsOf(target, settings)),
                saved,
              );
        const { plan, alreadyDone, typeIds } = input;
        if (saved === undefined) {
          // the plan made now is shown before anything is asked or sent (on stderr when stdout is JSON)
          const shown = { ...input.computed.plan, target: ranOn };
          const text = renderPlanText(shown, { color: json ? output.colorErr : output.color });
          if (json) output.err(text);
          else output.out(text);
          if (input.computed.plan.summary.errors > 0)
            throw planErrors(input.computed.plan, { command: 'apply' });
        }
        if (input.plannedNow.length > 0) {
          // what the saved plan could not read, planned now: shown (and on record) before anything is sent
          const shown = { ...input.computed.plan, target: ranOn };
          output.err(plannedNowText(shown, input.plannedNow, output.colorErr));
          await appendStepSummary(() => plannedNowMarkdown(shown, input.plannedNow), process.env);
        }
        const pending = plan.changes.filter((c) => !alreadyDone.has(c.id));
        if (pending.some((c) => c.policy.decision === 'refuse') && !flags['skip-refused'])
          throw refusedChanges({ changes: pending });
        const selection = dryRun(plan, { alreadyDone });
        if (flags['dry-run']) return { kind: 'dry-run', dryRun: { ...selection, target: ranOn } } as const;
        // the plan text already said "No changes"; --json still gets its (empty) report
        if (plan.changes.length === 0)
          return saved === undefined && !json
            ? undefined
            : ({ kind: 'report', report: { ...emptyReport(), target: ranOn } } as const);
        // nothing to confirm when every change is refused or done: the report says so
        if (asks && selection.changes > 0 && !(await confirm(confirmQuestion(selection, where)))) {
          throw new CrmSchemaError('APPLY_CANCELLED', 'Apply cancelled: nothing was changed.', {
            hint: 'Run crm-schema apply again and answer y to apply the plan shown.',
          });
        }
        output.err(startLine(selection.changes, where, args.planfile, alreadyDone.size));
        const progress = createApplyProgress({
          // isTTY is undefined (not false) off a terminal, whatever the typings say
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-boolean-literal-compare -- see above
          tty: process.stderr.isTTY === true,
          color: output.colorErr,
          write: (text) => {
            output.errRaw(text);
          },
        });
        // the record is written before the first write, and as the run goes (a folder that cannot be
        // written stops the apply here, with nothing sent)
        const done = await recordedApply(
          {
            plan,
            before: input.computed.live,
            desired: input.computed.desired,
            context: {
              startedAt: new Date(),
              actor: actorOf(process.env),
              ...defined({
                git: await gitOf(process.env, project.config.dir, [
                  project.config.path,
                  ...project.files.map((file) => resolve(this.cwd, file.file)),
                ]),
              }),
              target: ranOn,
              apiVersion: target.apiVersion,
              manifestDigest: digest,
              recordValues: target.policy.recordValues,
              ...defined({
                rollbackOf:
                  rollback === undefined
                    ? undefined
                    : { id: rollback.recordId, digest: rollback.recordDigest },
              }),
            },
            recordPath: (id) => ('file' in recordAt ? recordAt.file : join(recordAt.folder, `${id}.json`)),
            client: session.client,
            options: {
              parallelism: flags.parallelism,
              alreadyDone,
              typeIds,
              recordValues: target.policy.recordValues,
            },
            onEvent: (event) => {
              progress.onEvent(event);
            },
            guard: (controller, go) =>
              withInterrupts(
                controller,
                (signal) => {
                  output.err(
                    `${signal} received: no further change is started; the calls in flight finish and the record says what was sent. A second ${signal} stops at once.`,
                  );
                },
                go,
              ),
            stoppedBy,
          },
          (path) => {
            this.#recordPath = relative(this.cwd, path) || path;
          },
        );
        output.err(
          `Apply record: ${neutralize(this.#recordPath, { oneLine: true })} (crm-schema history lists the records)`,
        );
        return {
          kind: 'report',
          report: { ...done.report, target: ranOn },
          ...defined({ record: done.record, stoppedBy: done.stoppedBy, recordFailure: done.recordFailure }),
        } as const;
      },
    );

    if (result?.kind === 'report') {
      const markdown = () =>
        renderApplyMarkdown(result.report, { target: this.#where }) +
        (this.#recordPath === '' ? '' : `\nApply record: ${codeSpan(this.#recordPath)}\n`);
      await appendStepSummary(markdown, process.env);
      if (!json)
        output.out(
          flags.format === 'markdown'
            ? markdown()
            : renderApplyReport(result.report, { color: output.color }),
        );
    } else if (result !== undefined && !json) {
      output.out(renderDryRunText(result.dryRun));
    }
    if (result?.kind === 'report' && result.recordFailure !== undefined)
      throw recordUnwritable(result.recordFailure, this.#recordPath, result.report);
    if (result?.kind === 'report' && result.stoppedBy !== undefined)
      throw interruptedApply(result.stoppedBy, result.report, this.#recordPath);
    if (result?.kind === 'report' && !result.report.ok) this.exitWith(EXIT.error);
    return result;
  }
}

/** What apply did: the dry run's requests, or the report of what was sent. */
export type ApplyResult =
  | { kind: 'dry-run'; dryRun: DryRun }
  | {
      kind: 'report';
      report: ApplyReport;
      record?: ApplyRecord;
      /** the signal that stopped the run, when one did */
      stoppedBy?: string;
      /** why the record could not be written as the run went (the run stopped there) */
      recordFailure?: Error;
    };

async function confirm(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return isYes(await rl.question(question));
  } finally {
    rl.close();
  }
}

function emptyReport(): ApplyReport {
  const summary = { total: 0, applied: 0, alreadyDone: 0, failed: 0, skipped: 0, refused: 0 };
  return { ok: true, outcomes: [], summary, writes: 0, readBacks: 0, durationMs: 0 };
}

function confirmationNeeded(): CrmSchemaError {
  return new CrmSchemaError(
    'CONFIRMATION_NEEDED',
    'apply asks for confirmation before it changes the account, but standard input is not a terminal. Nothing was read or changed.',
    {
      hint:
        'Give --yes to apply without asking, or apply a reviewed plan: crm-schema plan --out plan.json, ' +
        'then crm-schema apply plan.json.',
    },
  );
}

/**
 * What `plan` and `rollback` do with the plan they made: print it (text or Markdown; nothing with --json,
 * whose document the command returns), save it with `--out` (not when it has errors), append its Markdown
 * to the step summary, and say why it cannot be applied as it is: errors, or changes the policy refuses
 * (unless --skip-refused). The plan is saved before the step summary is written: a summary file that
 * cannot be written loses no plan. A plan that holds a secret is not saved (pipeline/plan-secrets.ts).
 */
import { resolve } from 'node:path';
import type { CrmSchemaError } from '../core/errors.js';
import { writeFileAtomic } from '../core/write-file-atomic.js';
import { planErrors, refusedChanges } from '../engine/pipeline/plan-errors.js';
import type { PlanDocument } from '../engine/plan/plan-document.js';
import { planHoldsSecret, secretsInPlan } from '../engine/pipeline/plan-secrets.js';
import type { SourceLocation } from '../core/source/source-location.js';
import { appendStepSummary } from '../engine/render/common/step-summary.js';
import { planJsonChunks } from '../engine/render/plan/plan-json.js';
import { renderPlanMarkdown } from '../engine/render/plan/plan-markdown.js';
import { renderPlanText } from '../engine/render/plan/plan-text.js';
import type { OutputFormat } from './common-flags.js';
import type { Output } from './output.js';

export interface ShowPlanOptions {
  command: 'plan' | 'rollback';
  output: Output;
  cwd: string;
  json: boolean;
  format: OutputFormat;
  out: string | undefined;
  skipRefused: boolean;
  /** where each declared resource was written (the manifests'), to say where a secret is */
  sources?: ReadonlyMap<string, SourceLocation> | undefined;
}

/** Shows (and saves) the plan; returns the error the command fails with, if any. */
export async function showPlan(
  plan: PlanDocument,
  options: ShowPlanOptions,
): Promise<CrmSchemaError | undefined> {
  const { output, out } = options;
  const markdown = () => renderPlanMarkdown(plan);
  if (!options.json)
    output.out(options.format === 'markdown' ? markdown() : renderPlanText(plan, { color: output.color }));
  if (plan.summary.errors > 0) {
    await appendStepSummary(markdown, process.env);
    return planErrors(plan, { command: options.command, out });
  }
  const refused = plan.summary.refused > 0 && !options.skipRefused;
  const secrets = out === undefined ? [] : secretsInPlan(plan);
  if (out !== undefined && secrets.length > 0) {
    await appendStepSummary(markdown, process.env);
    return planHoldsSecret(secrets, out, options.sources);
  }
  if (out !== undefined) {
    await writeFileAtomic(resolve(options.cwd, out), planJsonChunks(plan));
    const what = options.command === 'rollback' ? 'the rollback plan' : 'the plan';
    output.err(
      refused
        ? `Saved ${what} to ${out}. It holds changes the policy refuses, so applying it writes nothing until they are allowed (or with --skip-refused).`
        : `Saved ${what} to ${out}. Apply exactly these changes with: crm-schema apply ${out}`,
    );
  }
  await appendStepSummary(markdown, process.env);
  return refused ? refusedChanges(plan, out) : undefined;
}

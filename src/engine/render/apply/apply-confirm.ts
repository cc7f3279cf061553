/**
 * The texts around an apply: the confirmation question (on a terminal, when applying without a plan
 * file) and the line that says what is about to run.
 *
 *   2 changes the policy refuses will be skipped (--skip-refused).
 *   Apply 5 changes to https://crm.example.com (environment production), account 1000001?
 *   Only 'y' or 'yes' applies. [y/N]          (one line)
 */
import type { DryRun } from '../../apply/dry-run.js';
import { countOf } from '../common/plan-values.js';
import { neutralize } from '../../../core/control-chars.js';

export function confirmQuestion(selection: Pick<DryRun, 'changes' | 'notSent'>, where: string): string {
  const refused = selection.notSent.filter((o) => o.skipCause === 'policy').length;
  const note =
    refused > 0
      ? `${countOf(refused, 'change the policy refuses', 'changes the policy refuses')} will be skipped (--skip-refused).\n`
      : '';
  return `${note}Apply ${countOf(selection.changes, 'change', 'changes')} to ${neutralize(where, { oneLine: true })}? Only 'y' or 'yes' applies. [y/N] `;
}

export function isYes(answer: string): boolean {
  return /^(y|yes)$/i.test(answer.trim());
}

/** `Applying 12 changes of plan.json to http://... (1 already done).` */
export function startLine(
  changes: number,
  where: string,
  source: string | undefined,
  alreadyDone: number,
): string {
  const from = source === undefined ? '' : ` of ${source}`;
  const done = alreadyDone > 0 ? ` (${countOf(alreadyDone, 'change is', 'changes are')} already done)` : '';
  return `Applying ${countOf(changes, 'change', 'changes')}${from} to ${neutralize(where, { oneLine: true })}${done}.`;
}

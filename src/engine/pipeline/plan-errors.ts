/**
 * The two ways a plan that was made cannot be applied as it is: it holds errors (nothing can be applied),
 * or it holds changes the target's policy refuses (apply writes nothing unless `--skip-refused`; plan
 * exits 1 so that CI shows it, listing each refused change and how to allow it).
 */
import { CrmSchemaError } from '../../core/errors.js';
import type { PlanDocument } from '../plan/plan-document.js';
import { refusalWords } from '../plan/policy-decision.js';

const MAX_LISTED = 20;

export function refusedChanges(plan: Pick<PlanDocument, 'changes'>, saved?: string): CrmSchemaError {
  const refused = plan.changes.filter((c) => c.policy.decision === 'refuse');
  const lines = refused.slice(0, MAX_LISTED).map((c) => {
    const words = refusalWords(c.policy);
    const allow = c.policy.allow === undefined ? '' : `\n      ${words.how}: ${c.policy.allow}`;
    return `  - ${c.id}: ${words.refused}: ${c.policy.reason}${allow}`;
  });
  if (refused.length > MAX_LISTED)
    lines.push(`  - ... and ${refused.length - MAX_LISTED} more (see the plan)`);
  const n = refused.length;
  const what = `${n} ${n === 1 ? 'change' : 'changes'} the policy refuses`;
  return new CrmSchemaError(
    'PLAN_REFUSED',
    `The plan holds ${what}, so apply would write nothing:\n${lines.join('\n')}`,
    {
      hint:
        `${refused.some((c) => c.policy.rule === 'conflict') ? 'Allow or decide' : 'Allow'} ${n === 1 ? 'it' : 'them'} as said above and plan again, or apply everything else with --skip-refused` +
        (saved === undefined ? '.' : ` (crm-schema apply ${saved} --skip-refused).`),
      meta: { refused: refused.map((c) => ({ id: c.id, ...c.policy })) },
    },
  );
}

/**
 * A plan with errors: `plan` does not save it, `apply` changes nothing. `unseen`: the plan was not
 * printed (apply of a saved plan makes it again silently), so the message lists its errors itself.
 */
export function planErrors(
  plan: Pick<PlanDocument, 'summary' | 'diagnostics'>,
  context: { command: 'plan' | 'apply' | 'rollback'; out?: string | undefined; unseen?: boolean },
): CrmSchemaError {
  const n = plan.summary.errors;
  const errors = `${n} error${n === 1 ? '' : 's'}`;
  const listed =
    context.unseen === true
      ? plan.diagnostics
          .filter((d) => d.level === 'error')
          .slice(0, MAX_LISTED)
          .map((d) => `\n  - ${d.code}: ${d.message}`)
          .join('')
      : '';
  const consequence =
    context.command === 'apply'
      ? '. Nothing was changed.'
      : context.out === undefined
        ? '.'
        : `; ${context.out} was not written.`;
  return new CrmSchemaError(
    'PLAN_ERRORS',
    `The plan has ${errors}${context.unseen === true ? '' : ' (listed above)'}, so it cannot be applied${consequence}${listed}`,
    {
      hint:
        context.command === 'rollback'
          ? 'Each error says what stands in the way: put it back by hand, or roll back the rest with --partial.'
          : `Fix what each error names in the manifests (or the account), then ${context.command === 'apply' ? 'run apply again' : 'plan again'}.`,
    },
  );
}

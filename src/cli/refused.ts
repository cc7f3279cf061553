/**
 * The error of a plan holding changes the target's policy refuses: apply writes nothing (unless
 * `--skip-refused`), and plan exits 1 so that CI shows it, listing each refused change and how to allow
 * it.
 */
import { CrmSchemaError } from '../core/errors.js';
import type { PlanDocument } from '../plan/plan-document.js';

const MAX_LISTED = 20;

export function refusedChanges(plan: Pick<PlanDocument, 'changes'>, saved?: string): CrmSchemaError {
  const refused = plan.changes.filter((c) => c.policy.decision === 'refuse');
  const lines = refused.slice(0, MAX_LISTED).map((c) => {
    const allow = c.policy.allow === undefined ? '' : `\n      to allow it: ${c.policy.allow}`;
    return `  - ${c.id}: refused by policy: ${c.policy.reason}${allow}`;
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
        `Allow ${n === 1 ? 'it' : 'them'} as said above and plan again, or apply everything else with --skip-refused` +
        (saved === undefined ? '.' : ` (crm-schema apply ${saved} --skip-refused).`),
      meta: { refused: refused.map((c) => ({ id: c.id, ...c.policy })) },
    },
  );
}

/**
 * The changes apply will not send, known before anything is sent: those the plan's policy decisions
 * refuse (with `--skip-refused`; without it apply refuses the whole plan before this), those found
 * already done, and everything that depends on a refused change. A refused change is skipped, never
 * failed. (Changes skipped because a dependency fails are only known while applying.)
 */
import { refusalWords } from '../plan/policy-decision.js';
import type { PlannedChange } from '../plan/plan-document.js';
import type { SkipCause } from './types.js';

export interface Skip {
  cause: SkipCause;
  reason: string;
}

/** Why the policy refuses `change` (and how to allow it), or undefined when it applies. */
export function refusal(change: Pick<PlannedChange, 'policy'>): string | undefined {
  const { policy } = change;
  if (policy.decision === 'apply') return undefined;
  return policy.allow === undefined ? policy.reason : `${policy.reason}; to allow it: ${policy.allow}`;
}

/** The reason a change is skipped because one it depends on did not apply. */
export function dependencySkip(dependency: string, status: 'failed' | 'skipped'): Skip {
  return {
    cause: 'dependency',
    reason: `not sent: it depends on ${dependency}, which ${status === 'failed' ? 'failed' : 'was skipped'}`,
  };
}

/**
 * The changes that will not be sent, in plan order (where a dependency always comes first): refused by
 * the policy, and everything that depends on a refused change.
 */
export function plannedSkips(
  changes: readonly PlannedChange[],
  alreadyDone: ReadonlyMap<string, string> = new Map(),
): Map<string, Skip> {
  const skips = new Map<string, Skip>();
  for (const change of changes) {
    if (alreadyDone.has(change.id)) continue;
    const refused = refusal(change);
    if (refused !== undefined) {
      skips.set(change.id, { cause: 'policy', reason: `${refusalWords(change.policy).refused}: ${refused}` });
      continue;
    }
    const blocked = change.dependsOn.find((dep) => skips.has(dep));
    if (blocked !== undefined) skips.set(change.id, dependencySkip(blocked, 'skipped'));
  }
  return skips;
}

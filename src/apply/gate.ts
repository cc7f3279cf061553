/**
 * The destructive gate and the changes apply will not send. A destructive change (severity
 * `destructive`: archive, delete, replace) runs only with `--allow-destructive`, or when the
 * environment's policy says `destructive: allow`, or when the policy's `allow` list names its address.
 * A refused change is skipped, never failed, and does not stop the safe ones; the changes that depend on
 * it (transitively) are skipped with it, because they cannot run without it.
 */
import type { PlannedChange } from '../plan/plan-document.js';
import type { DestructivePolicy, SkipCause } from './types.js';

export interface GateOptions {
  allowDestructive?: boolean;
  policy?: DestructivePolicy;
}

export interface Skip {
  cause: SkipCause;
  reason: string;
}

/** Why the gate refuses `change`, or undefined when it may run. */
export function refusal(change: PlannedChange, options: GateOptions): string | undefined {
  if (change.severity !== 'destructive') return undefined;
  if (options.allowDestructive === true) return undefined;
  if (options.policy?.destructive === 'allow') return undefined;
  if (options.policy?.allow.includes(change.address) === true) return undefined;
  return (
    `destructive change refused (${change.reason}). To apply it, give --allow-destructive, or allow it in ` +
    `the environment's policy (destructive: allow, or allow: [${change.address}])`
  );
}

/** The reason a change is skipped because one it depends on did not apply. */
export function dependencySkip(dependency: string, status: 'failed' | 'skipped'): Skip {
  return {
    cause: 'dependency',
    reason: `not sent: it depends on ${dependency}, which ${status === 'failed' ? 'failed' : 'was skipped'}`,
  };
}

/**
 * The changes that will not be sent, known before anything is sent: refused by the gate, already done,
 * and everything that depends on a refused change. (Changes skipped because a dependency fails are only
 * known while applying.) Changes are visited in plan order, where a dependency always comes first.
 */
export function plannedSkips(
  changes: readonly PlannedChange[],
  options: GateOptions,
  alreadyDone: ReadonlyMap<string, string> = new Map(),
): Map<string, Skip> {
  const skips = new Map<string, Skip>();
  for (const change of changes) {
    if (alreadyDone.has(change.id)) continue;
    const refused = refusal(change, options);
    if (refused !== undefined) {
      skips.set(change.id, { cause: 'destructive', reason: refused });
      continue;
    }
    const blocked = change.dependsOn.find((dep) => skips.has(dep));
    if (blocked !== undefined) skips.set(change.id, dependencySkip(blocked, 'skipped'));
  }
  return skips;
}

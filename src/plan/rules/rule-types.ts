/**
 * Severity rules run after the diff: `(changes, ctx) => changes`. A change enters with the base severity
 * of its kind; each rule may raise it (never silently lower it, except the data check proving an option
 * removal harmless) and says why in `reason`.
 */
import type { Change } from '../change-types.js';
import type { Affected, DataCounts } from '../data-check.js';
import type { Assessment, Severity } from '../severity.js';
import { severityRank } from '../severity.js';

/**
 * A change that must not run until the user decides (a data step meeting values it did not write): no
 * policy or flag lets it through, only a change of the manifests. `reason` says why, `decide` how.
 */
export interface Blocked {
  reason: string;
  decide: string;
}

/**
 * A change with its severity; `affected`: the records (or record associations) it touches (data check);
 * `blocked`: refused whatever the policy says, until the user decides.
 */
export type ClassifiedChange = Change & Assessment & { affected?: Affected; blocked?: Blocked };

export interface PlanRuleContext {
  /** from the data check; absent when `--data-check` is off, a count missing when it could not be read */
  counts?: DataCounts;
}

export type SeverityRule = (changes: readonly ClassifiedChange[], ctx: PlanRuleContext) => ClassifiedChange[];

/** Raises to `severity` (replacing the reason) or, at the same level, adds the reason; never lowers. */
export function raise<C extends ClassifiedChange>(change: C, severity: Severity, reason: string): C {
  const current = severityRank(change.severity);
  const next = severityRank(severity);
  if (next > current) return { ...change, severity, reason };
  if (next === current && severity !== 'safe') return { ...change, reason: `${change.reason}; ${reason}` };
  return change;
}

/** Adds a remark to the reason without changing the severity. */
export function remark<C extends ClassifiedChange>(change: C, text: string): C {
  return { ...change, reason: `${change.reason}; ${text}` };
}

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

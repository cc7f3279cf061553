/**
 * Severity rules run after the diff, each on the changes of the kinds that use it (a kind's `assess`
 * lists its rules, in order): `(change, ctx) => change`. A change enters with the base severity of its
 * kind; each rule may raise it (never silently lower it, except the data check proving an option removal
 * harmless) and says why in `reason`.
 */
import type { Change } from '../change-types.js';
import type { ChangeShape } from '../change-shapes.js';
import type { Affected, DataCounts } from '../data-counts.js';
import type { Assessment, Severity } from '../severity.js';
import { severityRank } from '../severity.js';

/**
 * A change that must not run until the user decides (a data step meeting values it did not write, a
 * restore of the values a finished rename left behind): no policy or flag lets it through, only a change
 * of the manifests. `reason` says why, `decide` how.
 */
export interface Blocked {
  reason: string;
  decide: string;
}

/**
 * A change with its severity; `affected`: the records (or record associations) it touches (data check);
 * `blocked`: refused whatever the policy says, until the user decides.
 */
export type Classified<C extends ChangeShape> = C & Assessment & { affected?: Affected; blocked?: Blocked };

export type ClassifiedChange = Classified<Change>;

export interface PlanRuleContext {
  /** from the data check; absent when `--data-check` is off, a count missing when it could not be read */
  counts?: DataCounts;
}

/** Raises to `severity` (replacing the reason) or, at the same level, adds the reason; never lowers. */
export function raise<C extends Assessment>(change: C, severity: Severity, reason: string): C {
  const current = severityRank(change.severity);
  const next = severityRank(severity);
  if (next > current) return { ...change, severity, reason };
  if (next === current && severity !== 'safe') return { ...change, reason: `${change.reason}; ${reason}` };
  return change;
}

/** Adds a remark to the reason without changing the severity. */
export function remark<C extends Assessment>(change: C, text: string): C {
  return { ...change, reason: `${change.reason}; ${text}` };
}

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * What the live reader reads: only what the desired state and the policy put in scope, each family's part
 * of the scope its own (`LivePart`). Built from the planner's desired input (`scopeFromDesired`); apply and
 * drift use the same function, so that the live state they compare (and the fingerprints they recompute)
 * is read exactly as `plan` read it.
 */
import type { Family } from '../family.js';
import { families } from '../installed.js';
import type { DesiredState } from '../model/desired-state.js';
import type { ScopePolicy } from '../model/policy.js';

/** family name -> its part of the scope */
export type LiveScope = Map<string, unknown>;

/** A scope that reads nothing: each family's part empty. */
export function emptyScope(): LiveScope {
  return new Map(families().map((family) => [family.name, family.live.emptyScope()]));
}

/** A family's part of a scope, made empty on first use. */
export function scopePart<S>(scope: LiveScope, family: Family<S>): S {
  let part = scope.get(family.name) as S | undefined;
  if (part === undefined) {
    part = family.live.emptyScope();
    scope.set(family.name, part);
  }
  return part;
}

export function scopeFromDesired(desired: DesiredState, policy: ScopePolicy): LiveScope {
  const scope = emptyScope();
  for (const family of families()) family.live.fromDesired(desired, policy, scopePart(scope, family));
  return scope;
}

/** `into` widened to read everything `other` reads too (drift reads one scope for two desired states). */
export function mergeScope(into: LiveScope, other: LiveScope): LiveScope {
  for (const family of families()) family.live.merge(scopePart(into, family), scopePart(other, family));
  return into;
}

/** Whether the scope reads nothing at all. */
export function isEmptyScope(scope: LiveScope): boolean {
  return families().every((family) => family.live.isEmpty(scopePart(scope, family)));
}

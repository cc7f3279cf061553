/**
 * The project policy (src/manifest/project/config.ts) as the planner takes it, and what it means for reading:
 * which object types must be listed in full so that the `unmanaged` policy sees every custom property.
 *
 * `manage.groups` and `manage.prefixes` entries are `escalation` (every object type the manifests name)
 * or qualified by an object type, `tickets.escalation` / `0-5.escalation`; the qualifier is made
 * canonical (`tickets`) here, the planner applies a qualified entry to its object type only.
 * `manage.events` entries are event definition names, taken as they are. `manage.labels` entries
 * (`0-5->0-123:Escalation *`) get canonical object types too (`tickets->orders:Escalation *`).
 */
import { defined } from '../core/defined.js';
import { canonicalLabelEntry } from '../model/label-scope.js';
import { canonicalObjectType } from '../model/object-types.js';
import type { Policy, ScopePolicy } from '../model/policy.js';

export function toPlanPolicy(policy: Pick<Policy, 'unmanaged' | 'manage'>): ScopePolicy {
  return {
    unmanaged: policy.unmanaged,
    manage: {
      groups: policy.manage.groups.map(canonicalEntry),
      prefixes: policy.manage.prefixes.map(canonicalEntry),
      ...defined({ events: policy.manage.events, labels: policy.manage.labels?.map(canonicalLabelEntry) }),
    },
  };
}

/** `0-5.support_` -> `tickets.support_`; an unqualified entry as it is. */
function canonicalEntry(entry: string): string {
  const dot = entry.indexOf('.');
  if (dot < 0) return entry;
  return `${canonicalObjectType(entry.slice(0, dot))}.${entry.slice(dot + 1)}`;
}

function qualifierOf(entry: string): string | undefined {
  const dot = entry.indexOf('.');
  return dot < 0 ? undefined : entry.slice(0, dot);
}

/** The object types qualified entries name (canonical): the policy puts them under management. */
export function policyObjectTypes(policy: ScopePolicy): Set<string> {
  const types = new Set<string>();
  for (const entry of [...policy.manage.groups, ...policy.manage.prefixes]) {
    const qualifier = qualifierOf(entry);
    if (qualifier !== undefined) types.add(qualifier);
  }
  return types;
}

/** Whether the unmanaged policy looks at custom properties of `objectType` (canonical) at all. */
export function watchesUnmanaged(policy: ScopePolicy, objectType: string): boolean {
  if (policy.unmanaged === 'ignore') return false;
  return [...policy.manage.groups, ...policy.manage.prefixes].some((entry) => {
    const qualifier = qualifierOf(entry);
    return qualifier === undefined || qualifier === objectType;
  });
}

/**
 * The property family's part of the policy: `manage.groups` and `manage.prefixes` entries are `escalation`
 * (every object type the manifests name) or qualified by an object type, `tickets.escalation` /
 * `0-5.escalation`; the qualifier is made canonical (`tickets`) by `toPlanPolicy`, and a qualified entry
 * applies to its object type only. Which object types the `unmanaged` policy lists in full follows.
 */
import { canonicalObjectType } from '../../engine/model/object-types.js';
import type { ScopePolicy } from '../../engine/model/policy.js';

/** `manage.groups` and `manage.prefixes` of a policy (none when it has none). */
export function propertyEntries(policy: Pick<ScopePolicy, 'manage'>): {
  groups: readonly string[];
  prefixes: readonly string[];
} {
  return { groups: policy.manage.groups ?? [], prefixes: policy.manage.prefixes ?? [] };
}

/** `0-5.support_` -> `tickets.support_`; an unqualified entry as it is. */
export function canonicalEntry(entry: string): string {
  const dot = entry.indexOf('.');
  if (dot < 0) return entry;
  return `${canonicalObjectType(entry.slice(0, dot))}.${entry.slice(dot + 1)}`;
}

function qualifierOf(entry: string): string | undefined {
  const dot = entry.indexOf('.');
  return dot < 0 ? undefined : entry.slice(0, dot);
}

/** The object types qualified entries name (canonical): the policy puts them under management. */
export function policyObjectTypes(policy: Pick<ScopePolicy, 'manage'>): Set<string> {
  const types = new Set<string>();
  const { groups, prefixes } = propertyEntries(policy);
  for (const entry of [...groups, ...prefixes]) {
    const qualifier = qualifierOf(entry);
    if (qualifier !== undefined) types.add(qualifier);
  }
  return types;
}

/** Whether the unmanaged policy looks at custom properties of `objectType` (canonical) at all. */
export function watchesUnmanaged(policy: ScopePolicy, objectType: string): boolean {
  if (policy.unmanaged === 'ignore') return false;
  const { groups, prefixes } = propertyEntries(policy);
  return [...groups, ...prefixes].some((entry) => {
    const qualifier = qualifierOf(entry);
    return qualifier === undefined || qualifier === objectType;
  });
}

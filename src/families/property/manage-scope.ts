/**
 * The property family's managed scope of a policy (`manage.groups`, `manage.prefixes`), as the diff applies it: what the project owns (with any
 * entry, every resource a manifest names must lie inside it: ownership.ts) and what the `unmanaged`
 * policy looks at. Each question is answered with why a resource is in scope (`group 'tickets.escalation'`,
 * `prefix 'support_'`, `event 'order_shipped'`), or undefined when it is not:
 *
 * - a group: `manage.groups` lists it, or its name starts with a managed prefix;
 * - a property: its name starts with a managed prefix, or its group is in scope;
 *
 * An entry qualified by an object type (`tickets.escalation`, `tickets.support_`) counts for that object
 * type only (`objectType`, canonical); a question without an object type sees unqualified entries only.
 */
import type { ScopePolicy } from '../../engine/model/policy.js';
import { propertyEntries } from './policy-scope.js';

export interface ObjectTypeScope {
  /** why a group of this object type is in scope */
  group: (name: string) => string | undefined;
  /** why a property of this object type, in `groupName` (when known), is in scope */
  property: (name: string, groupName?: string) => string | undefined;
}

export function objectTypeScope(policy: ScopePolicy, objectType?: string): ObjectTypeScope {
  const { groups: groupEntries, prefixes: prefixEntries } = propertyEntries(policy);
  const groups = new Set(groupEntries);
  const own = objectType === undefined ? undefined : `${objectType}.`;
  // unqualified prefixes as they are, and this object type's qualified ones without their qualifier
  const prefixes = prefixEntries.flatMap((p) =>
    !p.includes('.')
      ? [{ entry: p, prefix: p }]
      : own !== undefined && p.startsWith(own)
        ? [{ entry: p, prefix: p.slice(own.length) }]
        : [],
  );
  const byPrefix = (name: string): string | undefined => {
    const found = prefixes.find((p) => name.startsWith(p.prefix));
    return found === undefined ? undefined : `prefix '${found.entry}'`;
  };
  const listedGroup = (name: string): string | undefined => {
    if (groups.has(name)) return `group '${name}'`;
    if (own !== undefined && groups.has(own + name)) return `group '${own + name}'`;
    return undefined;
  };
  const group = (name: string): string | undefined => {
    const listed = listedGroup(name);
    if (listed !== undefined) return listed;
    const prefix = byPrefix(name);
    return prefix === undefined ? undefined : `group '${name}' (${prefix})`;
  };
  return {
    group,
    property: (name, groupName) => {
      const listed = groupName === undefined ? undefined : listedGroup(groupName);
      if (listed !== undefined) return listed;
      return byPrefix(name) ?? (groupName === undefined ? undefined : group(groupName));
    },
  };
}

/**
 * "in the managed scope" of a property: a managed group, or a managed name prefix (see the top of this
 * file); without an object type, only unqualified prefixes count.
 */
export function managedScope(
  policy: ScopePolicy,
  objectType?: string,
): (name: string, groupName?: string) => string | undefined {
  return objectTypeScope(policy, objectType).property;
}

/**
 * The managed scope of a policy (`manage`), as the diff applies it: what the project owns (with any
 * entry, every resource a manifest names must lie inside it: ownership.ts) and what the `unmanaged`
 * policy looks at. Each question is answered with why a resource is in scope (`group 'tickets.escalation'`,
 * `prefix 'support_'`, `event 'order_shipped'`), or undefined when it is not:
 *
 * - a group: `manage.groups` lists it, or its name starts with a managed prefix;
 * - a property: its name starts with a managed prefix, or its group is in scope;
 * - an event definition: `manage.events` lists it, or its name starts with an unqualified prefix;
 * - an event property: its name starts with an unqualified prefix, or its event definition is in scope.
 *
 * An entry qualified by an object type (`tickets.escalation`, `tickets.support_`) counts for that object
 * type only (`objectType`, canonical); event definitions and their properties see unqualified entries only.
 */
import type { ScopePolicy } from '../../model/policy.js';

export interface ObjectTypeScope {
  /** why a group of this object type is in scope */
  group: (name: string) => string | undefined;
  /** why a property of this object type, in `groupName` (when known), is in scope */
  property: (name: string, groupName?: string) => string | undefined;
}

export interface EventScope {
  definition: (eventName: string) => string | undefined;
  property: (eventName: string, name: string) => string | undefined;
}

export function objectTypeScope(policy: ScopePolicy, objectType?: string): ObjectTypeScope {
  const groups = new Set(policy.manage.groups);
  const own = objectType === undefined ? undefined : `${objectType}.`;
  // unqualified prefixes as they are, and this object type's qualified ones without their qualifier
  const prefixes = policy.manage.prefixes.flatMap((p) =>
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
 * file); event properties pass no object type and see only unqualified prefixes (`eventScope` also counts
 * their event definition).
 */
export function managedScope(
  policy: ScopePolicy,
  objectType?: string,
): (name: string, groupName?: string) => string | undefined {
  return objectTypeScope(policy, objectType).property;
}

export function eventScope(policy: ScopePolicy): EventScope {
  const events = new Set(policy.manage.events ?? []);
  const byPrefix = objectTypeScope(policy).property;
  const definition = (eventName: string): string | undefined =>
    events.has(eventName) ? `event '${eventName}'` : byPrefix(eventName);
  return {
    definition,
    property: (eventName, name) => {
      const prefix = byPrefix(name);
      if (prefix !== undefined) return prefix;
      const owner = definition(eventName);
      if (owner === undefined) return undefined;
      return events.has(eventName) ? owner : `event '${eventName}' (${owner})`;
    },
  };
}

/**
 * The event family's managed scope of a policy, as the diff applies it:
 *
 * - an event definition: `manage.events` lists it, or its name starts with an unqualified prefix;
 * - an event property: its name starts with an unqualified prefix, or its event definition is in scope.
 *
 * Each question is answered with why a resource is in scope (`event 'order_shipped'`, `prefix 'support_'`),
 * or undefined when it is not.
 */
import type { ScopePolicy } from '../../engine/model/policy.js';
import { objectTypeScope } from '../property/manage-scope.js';

export interface EventScope {
  definition: (eventName: string) => string | undefined;
  property: (eventName: string, name: string) => string | undefined;
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

/**
 * The project policy (src/engine/manifest/project/config.ts) as the planner takes it: each family's entries of
 * `policy.manage` made canonical as the family says (object types by their canonical names), so that
 * the planner reads one spelling of each.
 */
import { families } from '../installed.js';
import type { Policy, ScopePolicy } from '../model/policy.js';

export function toPlanPolicy(policy: Pick<Policy, 'unmanaged' | 'manage'>): ScopePolicy {
  const manage: Record<string, readonly string[]> = {};
  for (const [key, entries] of Object.entries(policy.manage))
    if (entries !== undefined) manage[key] = entries;
  for (const family of families())
    for (const key of family.manage ?? []) {
      const entries = manage[key.key];
      if (entries !== undefined && key.canonical !== undefined)
        manage[key.key] = entries.map((entry) => key.canonical?.(entry) ?? entry);
    }
  return { unmanaged: policy.unmanaged, manage: manage };
}

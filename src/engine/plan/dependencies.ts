/**
 * `dependsOn` of every change (change ids), so that apply runs a change only after the changes it needs,
 * and skips it when one of them failed. Each kind says what it provides and what it needs as keys (built
 * with `keys`, dependency-keys.ts); a change depends on every other change that provides a key it needs.
 *
 * Creating: a property depends on the creation of its group and of the properties its formula uses; a
 * limit on a new label on the label's creation; an event property on the creation of its event
 * definition, and one re-created for a type change on its delete.
 * Removing (reverse order): a group archive depends on the changes that take properties out of it; a
 * label delete on the purge of its limit; a property archive on the archives of the calculated
 * properties whose formulas use it.
 */
import type { Change } from './change-types.js';
import { dependencyKeysOf, idOf } from './kinds/registry.js';

export function computeDependencies(changes: readonly Change[]): Map<string, string[]> {
  const entries = changes.map((change) => ({ id: idOf(change), ...dependencyKeysOf(change) }));
  const providers = new Map<string, string[]>();
  for (const { id, provides = [] } of entries) {
    for (const key of provides) {
      const list = providers.get(key);
      if (list === undefined) providers.set(key, [id]);
      else list.push(id);
    }
  }
  return new Map(
    entries.map(({ id, needs = [] }) => {
      const deps = new Set<string>();
      for (const key of needs) for (const dep of providers.get(key) ?? []) if (dep !== id) deps.add(dep);
      return [id, [...deps].sort()];
    }),
  );
}

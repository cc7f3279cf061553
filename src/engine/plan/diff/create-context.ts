/** The diff's context made from its inputs: the tombstones indexed by kind and address, as their families say. */
import type { DesiredState, Tombstone } from '../../model/desired-state.js';
import type { ScopePolicy } from '../../model/policy.js';
import type { SchemaState } from '../../model/schema-model.js';
import { tombstoneAddressOf } from '../../installed.js';
import type { DiffContext, TombstoneKind } from './diff-context.js';

export function createDiffContext(
  desired: DesiredState,
  live: SchemaState,
  policy: ScopePolicy,
): DiffContext {
  const tombstones = new Map<TombstoneKind, Map<string, Tombstone>>();
  for (const tombstone of desired.tombstones) {
    let byAddress = tombstones.get(tombstone.kind);
    if (byAddress === undefined) {
      byAddress = new Map<string, Tombstone>();
      tombstones.set(tombstone.kind, byAddress);
    }
    byAddress.set(tombstoneAddress(tombstone), tombstone);
  }
  return { desired, live, policy, tombstones, changes: [], diagnostics: [] };
}

/** The address of a tombstone, as its family says. */
export function tombstoneAddress(t: Tombstone): string {
  return tombstoneAddressOf(t);
}

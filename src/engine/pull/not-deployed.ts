/**
 * `pull --baseline REF`: what pull leaves as the manifests have it. The baseline is the manifests as
 * last deployed (read from git as `drift --baseline` reads them). Both the manifests and the baseline are
 * compared with the account by the planner's own diff (with every unmanaged resource in the pull's scope
 * turned into a change, as drift does), resource by resource (by address):
 *
 * - no difference between the manifests and the account: nothing to do;
 * - the same difference from the baseline (the manifests did not change the resource since the deploy,
 *   the account did): changed outside crm-schema, pulled;
 * - a difference the baseline does not share (the account is as deployed, the manifests changed since):
 *   not yet deployed, kept;
 * - a different difference (the manifests and the account both changed it since the deploy): kept as
 *   the manifests have it, and listed, for a person to settle.
 *
 * What the manifests did to a kept resource since the deploy is told by where it is declared: added
 * (not in the baseline), removed (only in the baseline: not pulled back), tombstoned, or changed.
 */
import { canonicalJson } from '../plan/canonical-json.js';
import type { Change } from '../plan/change-types.js';
import { diff } from '../plan/diff/diff.js';
import { tombstoneAddress } from '../plan/diff/create-context.js';
import { addressOf } from '../plan/kinds/registry.js';
import type { DesiredState } from '../model/desired-state.js';
import type { ScopePolicy } from '../model/policy.js';
import type { SchemaState } from '../model/schema-model.js';
import { families } from '../installed.js';

export type { Kept, KeptEntry, ManifestChange } from './kept.js';
import type { Kept, KeptEntry, ManifestChange } from './kept.js';

export const NOTHING_KEPT: Kept = { addresses: new Set(), notDeployed: [], conflicts: [] };

export function keptByBaseline(
  desired: DesiredState,
  baseline: DesiredState,
  live: SchemaState,
  policy: ScopePolicy,
): Kept {
  const current = byAddress(diff(desired, live, { policy }).changes);
  const deployed = byAddress(diff(baseline, live, { policy }).changes);
  const now = declaredAddresses(desired);
  const before = declaredAddresses(baseline);
  const kept: Kept & { addresses: Set<string> } = { addresses: new Set(), notDeployed: [], conflicts: [] };
  for (const [address, changes] of current) {
    const shared = deployed.get(address);
    if (shared === changes) continue;
    kept.addresses.add(address);
    const entry = { address, change: manifestChange(now.get(address), before.get(address)) };
    (shared === undefined ? kept.notDeployed : kept.conflicts).push(entry);
  }
  const order = (a: KeptEntry, b: KeptEntry) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0);
  kept.notDeployed.sort(order);
  kept.conflicts.sort(order);
  return kept;
}

/** Per address, the canonical text of its changes (equal texts: the same difference). */
function byAddress(changes: readonly Change[]): Map<string, string> {
  const grouped = new Map<string, string[]>();
  for (const change of changes) {
    const address = addressOf(change);
    const list = grouped.get(address) ?? [];
    list.push(canonicalJson({ type: change.type, meta: change.meta }));
    grouped.set(address, list);
  }
  return new Map([...grouped].map(([address, list]) => [address, list.sort().join('\n')]));
}

type Declared = 'declared' | 'tombstone';

/** The address of everything a desired state declares or tombstones. */
function declaredAddresses(desired: DesiredState): Map<string, Declared> {
  const out = new Map<string, Declared>();
  for (const family of families())
    for (const address of family.addresses(desired.state)) out.set(address, 'declared');
  for (const tombstone of desired.tombstones) out.set(tombstoneAddress(tombstone), 'tombstone');
  return out;
}

function manifestChange(now: Declared | undefined, before: Declared | undefined): ManifestChange {
  if (now === 'tombstone' && before !== 'tombstone') return 'tombstoned';
  if (now !== undefined && before === undefined) return 'added';
  if (now === undefined && before !== undefined) return 'removed';
  return 'changed';
}

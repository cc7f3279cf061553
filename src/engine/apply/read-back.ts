/**
 * Reading back exactly the resources a set of changes touches, with the fewest calls: the live reader
 * (src/engine/live) over a scope built from the changes' targets instead of from the manifests, each resource
 * put in its family's part of the scope as its type says (a property by name, a group with its object
 * type's group list, a label with both directions of its pair). Used to verify a saved plan and to
 * reconcile writes whose outcome is unknown.
 */
import type { CrmClient } from '../../api/client.js';
import { resourceTypeOf } from '../installed.js';
import { minimumCalls, readLiveState } from '../live/read-live.js';
import { emptyScope, scopePart, type LiveScope } from '../live/scope.js';
import type { SchemaState } from '../model/schema-model.js';
import type { Change } from '../plan/change-types.js';
import { targetOf } from '../plan/kinds/registry.js';

export function scopeOfChanges(changes: readonly Change[]): LiveScope {
  const scope = emptyScope();
  for (const change of changes) {
    const ref = targetOf(change);
    const { family, type } = resourceTypeOf(ref);
    type.readBack(ref, scopePart(scope, family));
  }
  return scope;
}

export interface ReadBack {
  live: SchemaState;
  /** calls made */
  calls: number;
}

/** The live state of every resource `changes` touch. */
export async function readBack(client: CrmClient, changes: readonly Change[]): Promise<ReadBack> {
  const scope = scopeOfChanges(changes);
  const live = await readLiveState(client, scope);
  return { live, calls: minimumCalls(scope, live, client.apiVersion) };
}

/**
 * Reading back exactly the resources a set of changes touches, with the fewest calls: the live reader
 * (src/live) over a scope built from the changes' targets instead of from the manifests. Properties are
 * read by name with the batch read (100 names per call), groups with one list per object type (only when
 * a group change is among them), labels and limits with one configuration read per object pair (and its
 * reverse when a label changes), and each event definition once. Used to verify a saved plan and to
 * reconcile writes whose outcome is unknown.
 */
import type { CrmClient } from '../api/client.js';
import { minimumCalls, readLiveState } from '../live/read-live.js';
import { emptyScope, objectTypeScopeOf, pairScopeOf, type LiveScope } from '../live/scope.js';
import type { SchemaState } from '../model/schema-model.js';
import type { Change } from '../plan/change-types.js';
import { targetOf } from '../plan/kinds/registry.js';
import type { ResourceRef } from '../plan/kinds/resource.js';

/** Puts one resource in a read scope. */
function addToScope(ref: ResourceRef, scope: LiveScope): void {
  switch (ref.kind) {
    case 'property':
      objectTypeScopeOf(scope, ref.objectType).properties.add(ref.name);
      return;
    case 'group':
      objectTypeScopeOf(scope, ref.objectType).groups = true;
      return;
    case 'label':
      // with the reverse direction, so that a label reads as the plan read it whether or not the plan's
      // scope had the inverse labels (a saved plan's verification compares both forms)
      pairScopeOf(scope, ref.from, ref.to).inverse = true;
      return;
    case 'limit':
      pairScopeOf(scope, ref.from, ref.to);
      return;
    case 'eventDefinition':
    case 'eventProperty':
      scope.events.add(ref.eventName);
      return;
  }
}

export function scopeOfChanges(changes: readonly Change[]): LiveScope {
  const scope = emptyScope();
  for (const change of changes) addToScope(targetOf(change), scope);
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

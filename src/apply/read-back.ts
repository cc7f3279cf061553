/**
 * Reading back exactly the resources a set of changes touches, with the fewest calls: the live reader
 * (src/live) over a scope built from the changes instead of from the manifests. Properties are read by
 * name with the batch read (100 names per call), groups with one list per object type (only when a
 * group change is among them), labels and limits with one configuration read per object pair (and its
 * reverse when a label changes), and each event definition once. Used by the stale check of
 * a saved plan and to reconcile writes whose outcome is unknown.
 */
import type { CrmClient } from '../api/client.js';
import { minimumCalls, readLiveState } from '../live/read-live.js';
import { emptyScope, objectTypeScopeOf, pairScopeOf, type LiveScope } from '../live/scope.js';
import type { SchemaState } from '../model/schema-model.js';
import type { Change, ChangeOf, ChangeType } from '../plan/change-types.js';

type Adder<T extends ChangeType> = (change: ChangeOf<T>, scope: LiveScope) => void;

function property(scope: LiveScope, objectType: string, name: string): void {
  objectTypeScopeOf(scope, objectType).properties.add(name);
}

function group(scope: LiveScope, objectType: string): void {
  objectTypeScopeOf(scope, objectType).groups = true;
}

function pair(scope: LiveScope, from: string, to: string, inverse = false): void {
  const entry = pairScopeOf(scope, from, to);
  if (inverse) entry.inverse = true;
}

const ADDERS: { readonly [T in ChangeType]: Adder<T> } = {
  'property.create': (c, s) => property(s, c.meta.objectType, c.meta.property.name),
  'property.update': (c, s) => property(s, c.meta.objectType, c.meta.name),
  'property.archive': (c, s) => property(s, c.meta.objectType, c.meta.name),
  'property.replace': (c, s) => property(s, c.meta.objectType, c.meta.name),
  'group.create': (c, s) => group(s, c.meta.objectType),
  'group.update': (c, s) => group(s, c.meta.objectType),
  'group.archive': (c, s) => group(s, c.meta.objectType),
  // labels: with the reverse direction, so that a label reads as the plan read it whether or not the
  // plan's scope had the inverse labels (the stale check compares both forms)
  'label.create': (c, s) => pair(s, c.meta.from, c.meta.to, true),
  'label.update': (c, s) => pair(s, c.meta.from, c.meta.to, true),
  'label.delete': (c, s) => pair(s, c.meta.from, c.meta.to, true),
  'limit.set': (c, s) => pair(s, c.meta.from, c.meta.to),
  'limit.purge': (c, s) => pair(s, c.meta.from, c.meta.to),
  'eventDefinition.create': (c, s) => void s.events.add(c.meta.eventName),
  'eventProperty.create': (c, s) => void s.events.add(c.meta.eventName),
  'eventProperty.update': (c, s) => void s.events.add(c.meta.eventName),
  'eventProperty.delete': (c, s) => void s.events.add(c.meta.eventName),
};

export function scopeOfChanges(changes: readonly Change[]): LiveScope {
  const scope = emptyScope();
  for (const change of changes) (ADDERS[change.type] as Adder<ChangeType>)(change, scope);
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
  return { live, calls: minimumCalls(scope) };
}

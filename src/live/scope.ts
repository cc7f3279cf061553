/**
 * What the live reader reads: only what the desired state and the policy put in scope. Built from the
 * planner's desired input (`scopeFromDesired`); apply and drift use the same function, so that the live
 * state they compare (and the fingerprints they recompute) is read exactly as `plan` read it.
 */
import { pairKey } from '../model/normalize-association.js';
import { canonicalObjectType } from '../model/object-types.js';
import type { DesiredState } from '../model/desired-state.js';
import { policyObjectTypes, watchesUnmanaged } from './managed-scope.js';
import type { ScopePolicy } from '../model/policy.js';
import { labelScope } from '../model/label-scope.js';

export interface ObjectTypeScope {
  /** canonical name, also used in request paths */
  objectType: string;
  /** properties to read by name (batch read, 100 names per call) */
  properties: Set<string>;
  /**
   * read every property of the object type instead (one list call per data sensitivity): the unmanaged
   * policy must see the custom properties no manifest names, and archiving a group must know every
   * property it still holds
   */
  fullList: boolean;
  /** read the groups (one list call) */
  groups: boolean;
}

export interface PairScope {
  from: string;
  to: string;
  /**
   * also read the reverse direction (to -> from) to learn each label's inverse: needed whenever labels
   * are managed, since a label pair is one resource with two directions (matched by the text of either,
   * unmanaged as a whole); only a direction that manages built-in type limits alone does without
   */
  inverse: boolean;
}

export interface LiveScope {
  /** keyed by canonical object type */
  objectTypes: Map<string, ObjectTypeScope>;
  /** keyed by `pairKey(from, to)` */
  pairs: Map<string, PairScope>;
  /** event definition names */
  events: Set<string>;
}

export function emptyScope(): LiveScope {
  return { objectTypes: new Map(), pairs: new Map(), events: new Set() };
}

export function objectTypeScopeOf(scope: LiveScope, objectType: string): ObjectTypeScope {
  const key = canonicalObjectType(objectType);
  let entry = scope.objectTypes.get(key);
  if (entry === undefined) {
    entry = { objectType: key, properties: new Set(), fullList: false, groups: false };
    scope.objectTypes.set(key, entry);
  }
  return entry;
}

export function pairScopeOf(scope: LiveScope, from: string, to: string): PairScope {
  const key = pairKey(from, to);
  let entry = scope.pairs.get(key);
  if (entry === undefined) {
    entry = { from: canonicalObjectType(from), to: canonicalObjectType(to), inverse: false };
    scope.pairs.set(key, entry);
  }
  return entry;
}

export function scopeFromDesired(desired: DesiredState, policy: ScopePolicy): LiveScope {
  const scope = emptyScope();
  for (const schema of desired.state.objects.values()) {
    const entry = objectTypeScopeOf(scope, schema.objectType);
    entry.groups = true;
    for (const name of schema.properties.keys()) entry.properties.add(name);
  }
  const labelsManaged = policy.unmanaged !== 'ignore';
  for (const pair of desired.state.associations.values()) {
    const entry = pairScopeOf(scope, pair.from, pair.to);
    if (labelsManaged || pair.labels.size > 0 || [...pair.limits.values()].some((l) => l.label !== undefined))
      entry.inverse = true;
  }
  // a rename reads the property it renames (its values are copied from there)
  for (const [address, from] of desired.renames ?? []) {
    objectTypeScopeOf(scope, address.slice(0, address.indexOf('.'))).properties.add(from);
  }
  for (const definition of desired.state.events.values()) scope.events.add(definition.name);
  for (const tombstone of desired.tombstones) {
    if (tombstone.kind === 'property') {
      const entry = objectTypeScopeOf(scope, tombstone.objectType);
      entry.groups = true;
      entry.properties.add(tombstone.name);
    } else if (tombstone.kind === 'group') {
      const entry = objectTypeScopeOf(scope, tombstone.objectType);
      entry.groups = true;
      entry.fullList = true;
    } else if (tombstone.kind === 'label') {
      pairScopeOf(scope, tombstone.from, tombstone.to).inverse = true;
    } else if (tombstone.kind === 'limit') {
      pairScopeOf(scope, tombstone.from, tombstone.to);
    } else {
      scope.events.add(tombstone.eventName);
    }
  }
  // qualified policy entries put their object type under management even when no manifest names it
  for (const objectType of policyObjectTypes(policy)) {
    if (watchesUnmanaged(policy, objectType)) objectTypeScopeOf(scope, objectType);
  }
  for (const entry of scope.objectTypes.values()) {
    if (watchesUnmanaged(policy, entry.objectType)) entry.fullList = true;
  }
  // the object pairs the label scope names, with their inverses, when the unmanaged policy looks at them
  if (labelsManaged)
    for (const { from, to } of labelScope(policy.manage.labels ?? []).pairs)
      pairScopeOf(scope, from, to).inverse = true;
  return scope;
}

/** `into` widened to read everything `other` reads too (drift reads one scope for two desired states). */
export function mergeScope(into: LiveScope, other: LiveScope): LiveScope {
  for (const entry of other.objectTypes.values()) {
    const target = objectTypeScopeOf(into, entry.objectType);
    for (const name of entry.properties) target.properties.add(name);
    target.fullList ||= entry.fullList;
    target.groups ||= entry.groups;
  }
  for (const pair of other.pairs.values()) pairScopeOf(into, pair.from, pair.to).inverse ||= pair.inverse;
  for (const name of other.events) into.events.add(name);
  return into;
}

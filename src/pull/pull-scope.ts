/**
 * What `pull` reads and writes. With `--object-type`, `--associations` or `--event`: exactly what they
 * name. Otherwise what the project puts in scope: the object types, association pairs and event
 * definitions its manifests name (declarations and tombstones), and the object types qualified policy
 * entries name (`tickets.support_`), so that `pull` in a project refreshes it.
 *
 * Reading: every property of each object type (one list call per data sensitivity: what pull adds is
 * found among all of them, and a group counts as built-in when it holds a built-in property), its groups,
 * both directions of each pair (the reverse one gives each label's inverse), each event definition.
 */
import { CrmSchemaError } from '../core/errors.js';
import { policyObjectTypes } from '../live/managed-scope.js';
import { emptyScope, objectTypeScopeOf, pairScopeOf, type LiveScope } from '../live/scope.js';
import { pairKey } from '../model/normalize-association.js';
import { canonicalObjectType } from '../model/object-types.js';
import type { DesiredState } from '../model/desired-state.js';
import type { ScopePolicy } from '../model/policy.js';

export interface PullFlags {
  objectTypes: readonly string[];
  /** `FROM:TO` */
  associations: readonly string[];
  events: readonly string[];
}

export interface PullScope {
  /** `flags`: exactly what the flags name; `project`: what the manifests and the policy put in scope */
  mode: 'flags' | 'project';
  /** canonical names */
  objectTypes: Set<string>;
  /** by `pairKey` */
  pairs: Map<string, { from: string; to: string }>;
  events: Set<string>;
}

export function hasScopeFlags(flags: PullFlags): boolean {
  return flags.objectTypes.length + flags.associations.length + flags.events.length > 0;
}

export function scopeFromFlags(flags: PullFlags): PullScope {
  const scope: PullScope = { mode: 'flags', objectTypes: new Set(), pairs: new Map(), events: new Set() };
  for (const objectType of flags.objectTypes) scope.objectTypes.add(canonicalObjectType(objectType.trim()));
  for (const value of flags.associations) {
    const [from, to, ...rest] = value.split(':').map((part) => part.trim());
    if (from === undefined || to === undefined || from === '' || to === '' || rest.length > 0) {
      throw new CrmSchemaError('PULL_FLAG_INVALID', `--associations ${value}: expected FROM:TO.`, {
        hint: 'Name one direction of an object pair, e.g. --associations tickets:orders (repeat the flag for more).',
      });
    }
    scope.pairs.set(pairKey(from, to), { from: canonicalObjectType(from), to: canonicalObjectType(to) });
  }
  for (const event of flags.events) scope.events.add(event.trim());
  return scope;
}

export function scopeFromProject(desired: DesiredState, policy: ScopePolicy): PullScope {
  const scope: PullScope = { mode: 'project', objectTypes: new Set(), pairs: new Map(), events: new Set() };
  const addPair = (from: string, to: string) =>
    scope.pairs.set(pairKey(from, to), { from: canonicalObjectType(from), to: canonicalObjectType(to) });
  for (const objectType of desired.state.objects.keys())
    scope.objectTypes.add(canonicalObjectType(objectType));
  for (const pair of desired.state.associations.values()) addPair(pair.from, pair.to);
  for (const name of desired.state.events.keys()) scope.events.add(name);
  for (const tombstone of desired.tombstones) {
    if (tombstone.kind === 'property' || tombstone.kind === 'group')
      scope.objectTypes.add(canonicalObjectType(tombstone.objectType));
    else if (tombstone.kind === 'label' || tombstone.kind === 'limit') addPair(tombstone.from, tombstone.to);
    else scope.events.add(tombstone.eventName);
  }
  for (const objectType of policyObjectTypes(policy)) scope.objectTypes.add(objectType);
  return scope;
}

export function isEmptyScope(scope: PullScope): boolean {
  return scope.objectTypes.size + scope.pairs.size + scope.events.size === 0;
}

/** The live read for a pull scope. */
export function liveScopeOf(scope: PullScope): LiveScope {
  const live = emptyScope();
  for (const objectType of scope.objectTypes) {
    const entry = objectTypeScopeOf(live, objectType);
    entry.fullList = true;
    entry.groups = true;
  }
  for (const { from, to } of scope.pairs.values()) pairScopeOf(live, from, to).inverse = true;
  for (const name of scope.events) live.events.add(name);
  return live;
}

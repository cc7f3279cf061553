/**
 * What `pull` reads and writes. With `--object-type`, `--associations` or `--event`: exactly what they
 * name. Otherwise what the project puts in scope: the object types, association pairs and event
 * definitions its manifests name (declarations and tombstones), and the object types qualified policy
 * entries name (`tickets.support_`), so that `pull` in a project refreshes it.
 *
 * Which live custom properties (and groups) pull adds: those in a managed scope, never others (another
 * team's properties stay out). The scope is `--prefix` / `--group`, else the project's `policy.manage`;
 * flags in a project that has a scope of its own are bounded by it. Pulling an object type without any
 * scope is refused: pull adopts only a scope. Labels likewise: the user labels (and limits) pull adds
 * are those of the label scope, `--label`, else `policy.manage.labels`, bounded by the project's when
 * flags give it; each entry names its object pair, read in both directions. Pulling a direction
 * (`--associations`) that no label entry names is refused.
 *
 * Reading: every property of each object type (one list call per data sensitivity: what pull adds is
 * found among all of them, and a group counts as built-in when it holds a built-in property), its groups,
 * both directions of each pair (the reverse one gives each label's inverse), each event definition.
 */
import { CrmSchemaError } from '../core/errors.js';
import { policyObjectTypes } from '../live/managed-scope.js';
import {
  describeLabels,
  describeManage,
  manageFromFlags,
  ownsProperties,
  scopePolicyOf,
  type ManageEntries,
} from './scope-flags.js';
import { defined } from '../core/defined.js';
import { labelScope } from '../model/label-scope.js';
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
  /** `--prefix`: property name prefixes, optionally qualified (`tickets.support_`) */
  prefixes?: readonly string[];
  /** `--group`: property groups, optionally qualified (`tickets.support`) */
  groups?: readonly string[];
  /** `--label`: object pairs, optionally with a pattern of label text (`tickets->orders`) */
  labels?: readonly string[];
}

export interface PullScope {
  /** `flags`: exactly what the flags name; `project`: what the manifests and the policy put in scope */
  mode: 'flags' | 'project';
  /** canonical names */
  objectTypes: Set<string>;
  /** by `pairKey` */
  pairs: Map<string, { from: string; to: string }>;
  events: Set<string>;
  /**
   * the live custom properties and groups pull adds: those in this scope (canonical entries); `labels`:
   * the user labels (and limits) it adds
   */
  manage: ManageEntries;
  /** and within this one too: the project's own scope, when the flags name the scope */
  within?: ManageEntries;
  /** the scope was given by `--prefix` / `--group` */
  byFlags: boolean;
  /** and the labels within these too: the project's own, when `--label` names the labels */
  labelsWithin?: readonly string[];
  /** the labels were given by `--label` */
  labelsByFlags: boolean;
  /** the directions `--associations` names (by `pairKey`): only they get notes of a direction left empty */
  named: Set<string>;
}

export function hasScopeFlags(flags: PullFlags): boolean {
  return flags.objectTypes.length + flags.associations.length + flags.events.length > 0;
}

export interface ResolveOptions {
  flags: PullFlags;
  /** what the manifests declare (empty without a project) */
  desired: DesiredState;
  /** the project's (or environment's) policy, canonical (`toPlanPolicy`) */
  policy: ScopePolicy;
}

/** The scope of a `pull` run: what it reads, and which live properties it adds (see the top). */
export function resolvePullScope({ flags, desired, policy }: ResolveOptions): PullScope {
  const given = manageFromFlags(flags);
  const byFlags = ownsProperties(given);
  const labelsByFlags = given.labels !== undefined;
  const owned = policy.manage.labels ?? [];
  const labels = given.labels ?? owned;
  const manage: ManageEntries = {
    ...(byFlags ? { groups: given.groups, prefixes: given.prefixes } : withoutLabels(policy.manage)),
    ...defined({ labels: labels.length > 0 ? labels : undefined }),
  };
  const scope = hasScopeFlags(flags)
    ? scopeFromFlags(flags, manage)
    : scopeFromProject(desired, policy, manage);
  for (const objectType of policyObjectTypes(scopePolicyOf(manage))) scope.objectTypes.add(objectType);
  // a label entry names its object pair: both directions are read (a label pair is written once)
  for (const { from, to } of labelScope(labels).pairs) {
    scope.pairs.set(pairKey(from, to), { from, to });
    scope.pairs.set(pairKey(to, from), { from: to, to: from });
  }
  scope.byFlags = byFlags;
  scope.labelsByFlags = labelsByFlags;
  if (byFlags && ownsProperties(policy.manage)) scope.within = policy.manage;
  if (labelsByFlags && owned.length > 0) scope.labelsWithin = owned;
  const unnamed = [...scope.named].filter((key) => {
    const pair = scope.pairs.get(key);
    return pair !== undefined && !labelScope(labels).namesPair(pair.from, pair.to);
  });
  if (unnamed.length > 0) {
    const [first = ''] = unnamed;
    throw new CrmSchemaError(
      'PULL_SCOPE_NEEDED',
      `pull adds only the association labels of a label scope, and none names ${unnamed.join(', ')}: another team's labels would be pulled too.`,
      {
        hint:
          `Name the labels to pull with --label (repeatable): --label '${first}' for every label of that object pair, or ` +
          `--label '${first}:Escalation *' for those whose text matches; or set policy.manage.labels in crm-schema.yaml.`,
      },
    );
  }
  if (scope.mode === 'flags' && scope.objectTypes.size > 0 && !ownsProperties(manage)) {
    throw new CrmSchemaError(
      'PULL_SCOPE_NEEDED',
      `pull adds only the properties of a managed scope, and none is given for ${[...scope.objectTypes].join(', ')}: another team's properties would be pulled too.`,
      {
        hint:
          'Name the properties to pull with --prefix PREFIX or --group GROUP (repeatable; qualify one with an object ' +
          'type: --prefix tickets.support_, --group deals.finance), or set policy.manage in crm-schema.yaml.',
      },
    );
  }
  return scope;
}

/** `--prefix support_`, or `policy.manage`: where the scope of a pull comes from, for notes. */
export function scopeSource(scope: PullScope): string {
  return scope.byFlags ? describeManage(scope.manage) : 'policy.manage';
}

/** `--label 'tickets->orders'`, or `policy.manage.labels`: where the label scope of a pull comes from. */
export function labelSource(scope: PullScope): string {
  return scope.labelsByFlags ? describeLabels(scope.manage.labels ?? []) : 'policy.manage.labels';
}

function withoutLabels(manage: ManageEntries): ManageEntries {
  const { labels: _labels, ...rest } = manage;
  return rest;
}

export function scopeFromFlags(flags: PullFlags, manage: ManageEntries): PullScope {
  const scope: PullScope = {
    mode: 'flags',
    objectTypes: new Set(),
    pairs: new Map(),
    events: new Set(),
    manage,
    byFlags: false,
    labelsByFlags: false,
    named: new Set(),
  };
  for (const objectType of flags.objectTypes) scope.objectTypes.add(canonicalObjectType(objectType.trim()));
  for (const value of flags.associations) {
    const [from, to, ...rest] = value.split(':').map((part) => part.trim());
    if (from === undefined || to === undefined || from === '' || to === '' || rest.length > 0) {
      throw new CrmSchemaError('PULL_FLAG_INVALID', `--associations ${value}: expected FROM:TO.`, {
        hint: 'Name one direction of an object pair, e.g. --associations tickets:orders (repeat the flag for more).',
      });
    }
    scope.pairs.set(pairKey(from, to), { from: canonicalObjectType(from), to: canonicalObjectType(to) });
    scope.named.add(pairKey(from, to));
  }
  for (const event of flags.events) scope.events.add(event.trim());
  return scope;
}

export function scopeFromProject(
  desired: DesiredState,
  policy: ScopePolicy,
  manage: ManageEntries = policy.manage,
): PullScope {
  const scope: PullScope = {
    mode: 'project',
    objectTypes: new Set(),
    pairs: new Map(),
    events: new Set(),
    manage,
    byFlags: false,
    labelsByFlags: false,
    named: new Set(),
  };
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
  // an event definition the project owns (manage.events) is pulled whole, declared yet or not
  for (const name of policy.manage.events ?? []) scope.events.add(name);
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

/**
 * The scope `init --pull` adopts: these object types and event definitions, read as a project's (custom
 * event properties by prefix), adding the properties in `manage`, and both directions of each object pair
 * its label entries name, adding the labels in them.
 */
export function adoptionScope(
  objectTypes: readonly string[],
  events: readonly string[],
  manage: ManageEntries,
): PullScope {
  const scope: PullScope = {
    mode: 'project',
    objectTypes: new Set(objectTypes.map(canonicalObjectType)),
    pairs: new Map(),
    events: new Set(events),
    manage,
    byFlags: true,
    labelsByFlags: true,
    named: new Set(),
  };
  for (const { from, to } of labelScope(manage.labels ?? []).pairs) {
    scope.pairs.set(pairKey(from, to), { from, to });
    scope.pairs.set(pairKey(to, from), { from: to, to: from });
  }
  return scope;
}

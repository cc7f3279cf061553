/**
 * What `pull` reads and writes. With a flag naming what to read (a family's: `--object-type`,
 * `--associations`, `--event`): exactly what the flags name. Otherwise what the project puts in scope:
 * what its manifests name (declarations and tombstones) and its policy names, so that `pull` in a project
 * refreshes it. Each family says what that is for it (`PullPart.scope`).
 *
 * Which live resources pull adds: those in the managed scope, never others (another team's stay out).
 * The scope is given by the flags of the families' manage keys (`--prefix`, `--group`, `--label`), else
 * by the project's `policy.manage`; flags in a project that has entries of their keys are bounded by
 * them. A family refuses a scope that would pull another team's resources (PULL_SCOPE_NEEDED).
 */
import type { PullContext } from '../pull-part.js';
import { families } from '../installed.js';
import { emptyScope, scopePart, type LiveScope } from '../live/scope.js';
import type { DesiredState } from '../model/desired-state.js';
import type { ManageEntries, ScopePolicy } from '../model/policy.js';
import { describeManage, manageFromFlags, manageKeys, togetherWith } from './scope-flags.js';

/** The values of the flags of `pull` (the families' read flags and manage flags), by flag name. */
export type PullFlags = Readonly<Record<string, readonly string[] | undefined>>;

export interface PullScope {
  /** `flags`: exactly what the flags name; `project`: what the manifests and the policy put in scope */
  mode: 'flags' | 'project';
  /** the managed scope the pull adds within (canonical entries) */
  manage: ManageEntries;
  /** per manage key the flags gave: the project's own entries, which bound them (absent: unbounded) */
  within: ManageEntries;
  /** the manage keys whose entries the flags gave */
  byFlags: ReadonlySet<string>;
  /** each family's part: what it reads and may add */
  parts: Map<string, unknown>;
}

export interface ResolveOptions {
  flags: PullFlags;
  /** what the manifests declare (empty without a project) */
  desired: DesiredState;
  /** the project's (or environment's) policy, canonical (`toPlanPolicy`) */
  policy: ScopePolicy;
}

/** Whether a flag naming what to read was given. */
export function hasScopeFlags(flags: PullFlags): boolean {
  return families().some((family) =>
    (family.pull?.flags ?? []).some((flag) => (flags[flag.name] ?? []).length > 0),
  );
}

/** The managed scope of a pull: the flags' entries where given (bounded by the project's), else the policy's. */
export function pullManage(
  given: Readonly<Record<string, readonly string[]>>,
  policy: ScopePolicy,
): Pick<PullScope, 'manage' | 'within' | 'byFlags'> {
  const byFlags = new Set<string>();
  for (const key of Object.keys(given)) for (const other of togetherWith(key)) byFlags.add(other);
  const manage: Record<string, readonly string[]> = {};
  const within: Record<string, readonly string[]> = {};
  for (const { key } of manageKeys()) {
    const entries = byFlags.has(key) ? (given[key] ?? []) : policy.manage[key];
    if (entries !== undefined) manage[key] = entries;
  }
  // flags are bounded by the project's own entries of the keys they give, when it has any
  for (const key of byFlags) {
    const keys = togetherWith(key);
    const flagged = manageKeys().filter((k) => keys.includes(k.key) && k.flag !== undefined);
    if (flagged.some((k) => (policy.manage[k.key] ?? []).length > 0))
      for (const other of keys) within[other] = policy.manage[other] ?? [];
  }
  return { manage, within, byFlags };
}

/** The scope of a `pull` run: what it reads, and which live resources it adds (see the top). */
export function resolvePullScope({ flags, desired, policy }: ResolveOptions): PullScope {
  const { manage, within, byFlags } = pullManage(manageFromFlags(flags), policy);
  const mode = hasScopeFlags(flags) ? 'flags' : 'project';
  const parts = new Map<string, unknown>();
  for (const family of families()) {
    if (family.pull === undefined) continue;
    const own: Record<string, readonly string[]> = {};
    for (const flag of family.pull.flags ?? []) own[flag.name] = flags[flag.name] ?? [];
    parts.set(family.name, family.pull.scope({ mode, flags: own, desired, policy, manage }));
  }
  return { mode, manage, within, byFlags, parts };
}

/** Whether the scope reads nothing. */
export function isEmptyScope(scope: PullScope): boolean {
  return families().every(
    (family) => family.pull === undefined || family.pull.isEmpty(scope.parts.get(family.name)),
  );
}

/** The live read for a pull scope. */
export function liveScopeOf(scope: PullScope): LiveScope {
  const live = emptyScope();
  for (const family of families()) {
    if (family.pull !== undefined && scope.parts.has(family.name))
      family.pull.liveScope(scope.parts.get(family.name), scopePart(live, family));
  }
  return live;
}

/** What selecting and writing get of a scope. */
export function pullContext(
  scope: PullScope,
  rest: Pick<PullContext, 'desired' | 'includeBuiltIn' | 'held' | 'notes'>,
): PullContext {
  return {
    manage: scope.manage,
    within: scope.within,
    byFlags: scope.byFlags,
    mode: scope.mode,
    source: (keys) =>
      keys.some((key) => scope.byFlags.has(key))
        ? describeManage(scope.manage, keys)
        : keys.length === 1
          ? `policy.manage.${keys[0] ?? ''}`
          : 'policy.manage',
    ...rest,
  };
}

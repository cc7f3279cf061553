/**
 * A target's policy: the one shape, from the project file (with an environment's overrides) to the
 * planner. The diff reads the managed scope (`unmanaged`, `manage`: what the project owns, and what the
 * `unmanaged` policy looks at); the policy decision reads the gate (`destructive`, `dangerous`,
 * `irreversible`, `allow`).
 */
export const DESTRUCTIVE_POLICIES = ['deny', 'allow'] as const;
export type DestructivePolicy = (typeof DESTRUCTIVE_POLICIES)[number];

export const DANGEROUS_POLICIES = ['allow', 'deny'] as const;
export type DangerousPolicy = (typeof DANGEROUS_POLICIES)[number];

export const IRREVERSIBLE_POLICIES = ['allow', 'deny'] as const;
export type IrreversiblePolicy = (typeof IRREVERSIBLE_POLICIES)[number];

export const UNMANAGED_POLICIES = ['ignore', 'report', 'archive'] as const;
export const RECORD_VALUES_POLICIES = ['hide', 'show'] as const;
export type RecordValuesPolicy = (typeof RECORD_VALUES_POLICIES)[number];
export type UnmanagedPolicy = (typeof UNMANAGED_POLICIES)[number];

/** `policy.manage`: a family's key -> its entries. */
export type ManageEntries = { readonly [key: string]: readonly string[] | undefined };

export interface Policy {
  destructive: DestructivePolicy;
  dangerous: DangerousPolicy;
  /**
   * changes a rollback cannot reverse: `allow` (absent: the default) or `deny`, which refuses them like
   * destructive ones
   */
  irreversible?: IrreversiblePolicy;
  /** addresses of single destructive (dangerous, irreversible) changes allowed even when the policy denies them */
  allow: readonly string[];
  /** what to do with live custom resources in the managed scope that no manifest names */
  unmanaged: UnmanagedPolicy;
  /** whether plans may quote record values (samples); never a sensitive property's */
  recordValues: RecordValuesPolicy;
  /**
   * the managed scope, which the project owns: each family's lists of entries under its own keys (a
   * family declares its keys, what an entry means and how it is made canonical); a key left out is none
   */
  manage: ManageEntries;
}

export const DEFAULT_POLICY: Policy = {
  destructive: 'deny',
  dangerous: 'allow',
  allow: [],
  unmanaged: 'ignore',
  recordValues: 'hide',
  manage: {},
};

/** Whether the policy names a managed scope at all (any entry): then every resource a manifest names must lie inside it. */
export function hasManageScope(policy: Pick<Policy, 'manage'>): boolean {
  return Object.values(policy.manage).some((entries) => (entries ?? []).length > 0);
}

/** What the diff needs of a policy: which live resources are managed, and what to do with strays. */
export type ScopePolicy = Pick<Policy, 'unmanaged' | 'manage'>;

/** What decides each change (apply or refuse), with where the policy comes from for messages. */
export type GatePolicy = Pick<Policy, 'destructive' | 'dangerous' | 'irreversible' | 'allow'> & {
  /** `environment production`, `the project` */
  source: string;
};

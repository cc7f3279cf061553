/** What pull keeps as the manifests have it, with a baseline (not-deployed.ts works it out). */

/** What the manifests did to a resource since the deploy. */
export type ManifestChange = 'added' | 'changed' | 'removed' | 'tombstoned';

export interface KeptEntry {
  address: string;
  change: ManifestChange;
}

export interface Kept {
  /** the addresses pull leaves as the manifests have them (entries untouched, nothing added) */
  addresses: ReadonlySet<string>;
  /** the account is as deployed; the manifests changed since */
  notDeployed: KeptEntry[];
  /** both the manifests and the account changed since the deploy */
  conflicts: KeptEntry[];
}

/**
 * What a pull did: the files written, the resources added, updated and removed, what it kept as the
 * manifests have it (with a baseline: changes not yet deployed, and changes made on both sides), and
 * notes. `pull --json` prints it.
 */
import type { ManifestFile } from './manifest-set.js';
import type { KeptEntry } from './kept.js';

export type FileStatus = 'created' | 'updated' | 'deleted';

export interface PullReport {
  /** display paths, in the order written */
  files: { path: string; status: FileStatus }[];
  /** addresses, as plan prints them */
  added: string[];
  updated: string[];
  removed: string[];
  /** with a baseline: changed in the manifests since the deploy, the account as deployed: kept */
  notDeployed: KeptEntry[];
  /** with a baseline: changed both in the manifests and in the account since the deploy: kept */
  conflicts: KeptEntry[];
  /** things a person should know: tombstones of resources still live, definitions missing, ... */
  notes: string[];
  /** the manifests as last deployed, when given (`--baseline`) */
  baseline?: { ref: string; commit: string };
}

/** Collects what the merges do; each call marks the file it touched as changed. */
export class Recorder {
  readonly added: string[] = [];
  readonly updated: string[] = [];
  readonly removed: string[] = [];
  readonly notes: string[] = [];

  add(address: string, file: ManifestFile): void {
    this.added.push(address);
    file.changed = true;
  }

  update(address: string, file: ManifestFile): void {
    this.updated.push(address);
    file.changed = true;
  }

  remove(address: string, file: ManifestFile): void {
    this.removed.push(address);
    file.changed = true;
  }

  /** a tombstone whose resource is still in the account: pull keeps it (plan will remove the resource) */
  tombstoneStillLive(address: string, file: ManifestFile, verb: 'archived' | 'deleted'): void {
    this.notes.push(
      `${address} is marked ${verb} in ${file.display} but is still in the account: kept (plan ${verb === 'archived' ? 'archives' : 'deletes'} it; remove the tombstone to keep it instead).`,
    );
  }

  note(text: string): void {
    this.notes.push(text);
  }
}

/**
 * The merge every list of named entries shares (groups, properties, event properties): an entry whose
 * resource is live gets the live values, an entry whose resource is gone is removed (unless it is pending:
 * a rename not applied yet), a tombstone is kept (and reported when its resource is still live), and an
 * entry pull holds (with a baseline: a change not deployed yet) is left as it is.
 */
import type { YAMLMap } from 'yaml';
import type { DocRef } from './manifest-set.js';
import type { Recorder } from './pull-report.js';
import { filterEntries, plainValue, stringValue } from './yaml-edit.js';

export interface NamedEntryMerge<T> {
  /** addresses left as the manifests have them (with a baseline: changes not yet deployed) */
  held: ReadonlySet<string>;
  /** the tombstone key of this kind of entry */
  tombstone: 'archived' | 'deleted';
  address(name: string): string;
  /** the live resource of that name; undefined when it is gone */
  live(name: string): T | undefined;
  /** writes the live values into a kept entry; true when the entry changed */
  update(entry: YAMLMap, live: T, name: string): boolean;
  /** an entry whose resource is not live yet by design (a rename not applied): the note to keep it by */
  pending?(entry: YAMLMap, name: string): string | undefined;
}

/** Merges the entries under `key` of one document; true when an entry was removed. */
export function mergeNamedEntries<T>(
  ref: DocRef,
  key: string,
  rec: Recorder,
  merge: NamedEntryMerge<T>,
): boolean {
  return filterEntries(ref.map, key, (entry) => {
    const name = stringValue(entry, 'name');
    if (name === undefined) return true;
    const address = merge.address(name);
    if (merge.held.has(address)) return true;
    const current = merge.live(name);
    if (plainValue(entry, merge.tombstone) === true) {
      if (current !== undefined) rec.tombstoneStillLive(address, ref.file, merge.tombstone);
      return true;
    }
    if (current === undefined) {
      const pending = merge.pending?.(entry, name);
      if (pending !== undefined) {
        rec.note(pending);
        return true;
      }
      rec.remove(address, ref.file);
      return false;
    }
    if (merge.update(entry, current, name)) rec.update(address, ref.file);
    return true;
  });
}

/**
 * Record associations (`state.recordAssociations`, one entry per direction) with an index by source
 * record, so reads and limit checks touch only the records asked about.
 *
 * The index is rebuilt whenever the array was replaced or changed length behind its back (the label
 * endpoints remove associations when a label is deleted); code that edits entries in place without
 * changing the length must call `invalidateAssociationIndex`.
 */
import type { EmulatorState, RecordAssociation } from '../state/model.js';

interface AssociationIndex {
  source: RecordAssociation[];
  length: number;
  byFrom: Map<string, RecordAssociation[]>;
}

const indexes = new WeakMap<EmulatorState, AssociationIndex>();
const key = (objectTypeId: string, id: string): string => `${objectTypeId}:${id}`;

function indexOf(state: EmulatorState): AssociationIndex {
  const cached = indexes.get(state);
  const source = state.recordAssociations;
  if (cached && cached.source === source && cached.length === source.length) return cached;
  const byFrom = new Map<string, RecordAssociation[]>();
  for (const entry of source) {
    const k = key(entry.fromObjectTypeId, entry.fromId);
    const list = byFrom.get(k);
    if (list) list.push(entry);
    else byFrom.set(k, [entry]);
  }
  const fresh = { source, length: source.length, byFrom };
  indexes.set(state, fresh);
  return fresh;
}

export function invalidateAssociationIndex(state: EmulatorState): void {
  indexes.delete(state);
}

/** Every association from one record (all types, all target object types). */
export function associationsFrom(
  state: EmulatorState,
  objectTypeId: string,
  id: string,
): readonly RecordAssociation[] {
  return indexOf(state).byFrom.get(key(objectTypeId, id)) ?? [];
}

/** Adds an association unless the same one (records and type) exists; returns whether it was added. */
export function addAssociation(state: EmulatorState, entry: RecordAssociation): boolean {
  const index = indexOf(state);
  const k = key(entry.fromObjectTypeId, entry.fromId);
  const list = index.byFrom.get(k);
  const same = (e: RecordAssociation): boolean =>
    e.typeId === entry.typeId && e.toId === entry.toId && e.toObjectTypeId === entry.toObjectTypeId;
  if (list?.some(same)) return false;
  state.recordAssociations.push(entry);
  index.length = state.recordAssociations.length;
  if (list) list.push(entry);
  else index.byFrom.set(k, [entry]);
  return true;
}

/** Removes the given entries in one pass over the array. */
export function removeAssociations(state: EmulatorState, doomed: ReadonlySet<RecordAssociation>): number {
  if (doomed.size === 0) return 0;
  const before = state.recordAssociations.length;
  state.recordAssociations = state.recordAssociations.filter((e) => !doomed.has(e));
  invalidateAssociationIndex(state);
  return before - state.recordAssociations.length;
}

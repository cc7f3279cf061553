/**
 * The ids of an object type's records in ascending numeric order, for list paging without scanning
 * from the start. Built lazily (records may come from a data or seed file); new ids are the largest
 * ever handed out, so a create appends.
 */
import type { ObjectTypeState, RecordState } from '../state/model.js';

const sortedIds = new WeakMap<Record<string, RecordState>, string[]>();

export function recordIds(objectType: ObjectTypeState): readonly string[] {
  let ids = sortedIds.get(objectType.records);
  if (!ids) {
    ids = Object.keys(objectType.records).sort((a, b) => Number(a) - Number(b));
    sortedIds.set(objectType.records, ids);
  }
  return ids;
}

export function noteRecordCreated(objectType: ObjectTypeState, id: string): void {
  const ids = sortedIds.get(objectType.records);
  if (!ids) return;
  const last = ids.at(-1);
  if (last === undefined || Number(last) < Number(id)) ids.push(id);
  else sortedIds.delete(objectType.records); // out of order (not expected): rebuild on next use
}

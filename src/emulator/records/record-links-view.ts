/**
 * Wire shapes of the v4 record association endpoints: the link answer with its
 * labels, and a record's associated records of one object type, grouped by record with every type that
 * links to it. Links to archived records are hidden, as in record reads.
 */
import type { AssociatedRecord, AssociationLabel, RecordAssociationLink } from '../../wire/api.js';
import { type ObjectPair, toLabelItem } from '../associations/association-types.js';
import type { EmulatorState } from '../state/model.js';
import { associationsFrom } from './associations.js';
import { own } from '../../core/own.js';

const byTypeId = (a: AssociationLabel, b: AssociationLabel): number => a.typeId - b.typeId;

/** The records `fromId` is linked to in the pair's `to` object type, by ascending record id. */
export function linkedRecords(state: EmulatorState, pair: ObjectPair, fromId: string): AssociatedRecord[] {
  const byTarget = new Map<string, AssociationLabel[]>();
  for (const entry of associationsFrom(state, pair.from.objectTypeId, fromId)) {
    if (entry.toObjectTypeId !== pair.to.objectTypeId) continue;
    const other = own(pair.to.records, entry.toId);
    if (!other || other.archived) continue; // links to archived records are hidden
    const type = own(state.associationTypes, String(entry.typeId));
    const item = type ? toLabelItem(type) : { category: entry.category, typeId: entry.typeId, label: null };
    const list = byTarget.get(entry.toId);
    if (list) list.push(item);
    else byTarget.set(entry.toId, [item]);
  }
  return [...byTarget]
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([toObjectId, types]) => ({ toObjectId, associationTypes: types.sort(byTypeId) }));
}

/** The answer to a link: the pair and the labels of the labelled types now linking from -> to. */
export function linkAnswer(
  state: EmulatorState,
  pair: ObjectPair,
  fromId: string,
  toId: string,
): RecordAssociationLink {
  const labels = associationsFrom(state, pair.from.objectTypeId, fromId)
    .filter((e) => e.toObjectTypeId === pair.to.objectTypeId && e.toId === toId)
    .flatMap((e) => own(state.associationTypes, String(e.typeId)) ?? [])
    .sort((a, b) => a.typeId - b.typeId)
    .flatMap((t) => (t.label === null ? [] : [t.label]));
  return {
    fromObjectTypeId: pair.from.objectTypeId,
    fromObjectId: fromId,
    toObjectTypeId: pair.to.objectTypeId,
    toObjectId: toId,
    labels,
  };
}

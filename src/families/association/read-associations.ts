/**
 * Association labels and limits of the pairs in scope. One configuration read per direction
 * gives every association type of the direction with its `category`, `typeId`, `label` and, when one is
 * set, `userEnforcedMaxToObjectIds`: both the labels and the limits, so the label list
 * is not read. The reverse direction is read too when the inverse labels are needed (`PairScope.inverse`),
 * or when that direction is in scope anyway; each direction is read once, and a direction read for its
 * inverse labels goes into the state as well (each label pair then appears in both directions).
 */
import type { CrmClient } from '../../api/client.js';
import { at } from '../../core/must.js';
import { pairKey } from './normalize-association.js';
import { addApiLabel, addApiLimit, associationPairOf } from './model.js';
import type { SchemaState } from '../../engine/model/schema-model.js';
import type { AssociationTypeConfig } from '../../wire/api.js';
import { inverseTypes } from './live-pairs.js';
import type { PairScope } from './live/scope.js';

export async function readAssociations(
  client: CrmClient,
  pairs: ReadonlyMap<string, PairScope>,
  state: SchemaState,
): Promise<void> {
  const wanted = new Map<string, { from: string; to: string }>();
  for (const pair of pairs.values()) {
    wanted.set(pairKey(pair.from, pair.to), pair);
    if (pair.inverse && pair.from !== pair.to)
      wanted.set(pairKey(pair.to, pair.from), { from: pair.to, to: pair.from });
  }
  const entries = [...wanted];
  const lists = await Promise.all(entries.map(([, { from, to }]) => client.limits.get(from, to)));
  const byKey = new Map<string, AssociationTypeConfig[]>(entries.map(([key], i) => [key, at(lists, i)]));

  const added = new Set<string>();
  const add = (from: string, to: string, reverse: AssociationTypeConfig[] | undefined): void => {
    const key = pairKey(from, to);
    if (added.has(key)) return;
    added.add(key);
    const forward = byKey.get(key) ?? [];
    // the inverse is known when the reverse list was read (and always for an object type with itself)
    const inverse = from === to || reverse !== undefined ? inverseTypes(forward, reverse) : undefined;
    associationPairOf(state, from, to);
    for (const item of forward) {
      addApiLabel(state, from, to, item, inverse?.get(item.typeId));
      addApiLimit(state, from, to, item);
    }
  };
  for (const pair of pairs.values()) {
    const { from, to } = pair;
    const reverse = from === to ? undefined : byKey.get(pairKey(to, from));
    add(from, to, reverse);
    // both directions read: the reverse one is in the state too, each label the mirror of the other
    if (reverse !== undefined) add(to, from, byKey.get(pairKey(from, to)));
  }
}

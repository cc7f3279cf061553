/**
 * Which user label type is the inverse of which. The API never says: label lists and configuration
 * items carry `{category, typeId, label}` only. A label is created with both directions at once, and the
 * platform (and the emulator) gives the two types consecutive typeIds, the `from -> to` one first. So the
 * user label types of both directions, sorted by typeId, pair up two by two: each type with the next one
 * when that one runs the other way. Types of an object type with itself (contacts -> contacts) are in one
 * list, and pair up the same way.
 */
import type { AssociationTypeConfig } from '../../wire/api.js';
import { at } from '../../core/must.js';
import { USER_DEFINED } from './normalize-association.js';

export type InverseOf = ReadonlyMap<number, Pick<AssociationTypeConfig, 'typeId' | 'label'>>;

/**
 * typeId of a `forward` user label -> its inverse type (from `reverse`). `reverse` is the to -> from list,
 * or undefined for a pair of an object type with itself (then `forward` holds both directions).
 */
export function inverseTypes(
  forward: readonly AssociationTypeConfig[],
  reverse: readonly AssociationTypeConfig[] | undefined,
): InverseOf {
  const labelled = (items: readonly AssociationTypeConfig[], direction: 'forward' | 'reverse') =>
    items
      .filter((t) => t.category === USER_DEFINED && t.label !== null && t.label !== '')
      .map((type) => ({ type, direction }));
  const sameType = reverse === undefined;
  const all = [...labelled(forward, 'forward'), ...labelled(reverse ?? [], 'reverse')].sort(
    (a, b) => a.type.typeId - b.type.typeId,
  );
  const inverse = new Map<number, Pick<AssociationTypeConfig, 'typeId' | 'label'>>();
  for (let i = 0; i + 1 < all.length;) {
    const a = at(all, i);
    const b = at(all, i + 1);
    if (sameType || a.direction !== b.direction) {
      inverse.set(a.type.typeId, b.type);
      inverse.set(b.type.typeId, a.type);
      i += 2;
    } else {
      i += 1;
    }
  }
  return inverse;
}

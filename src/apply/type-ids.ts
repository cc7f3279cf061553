/**
 * The typeIds of labels created by a plan, learned while applying (from a create's answer or a
 * read-back) and kept by the key `{ ref }` placeholders name them by (`refKey`): the label's address for
 * its own direction, `<address>#inverse` for its inverse direction.
 */
import { refKey } from '../plan/change-types.js';
import type { PlannedChange } from '../plan/plan-document.js';

export function learnTypeIds(
  typeIds: Map<string, number>,
  change: Pick<PlannedChange, 'type' | 'address'>,
  learned: { typeId?: number; inverseTypeId?: number },
): void {
  if (change.type !== 'label.create') return;
  if (learned.typeId !== undefined) typeIds.set(refKey({ ref: change.address }), learned.typeId);
  if (learned.inverseTypeId !== undefined)
    typeIds.set(refKey({ ref: change.address, side: 'inverse' }), learned.inverseTypeId);
}

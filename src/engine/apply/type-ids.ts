/**
 * The typeIds of labels created by a plan, learned while applying (from a create's answer or a
 * read-back) and kept by the key `{ ref }` placeholders name them by (`refKey`): the label's address for
 * its own direction, `<address>#inverse` for its inverse direction. Which changes make ids known, and
 * under which keys, is their kind's (`refsLearned`).
 */
import type { Change } from '../plan/change-types.js';
import type { LearnedIds } from '../plan/kinds/change-kind.js';
import { refsLearned } from '../plan/kinds/registry.js';

export function learnTypeIds(typeIds: Map<string, number>, change: Change, learned: LearnedIds): void {
  for (const [key, typeId] of refsLearned(change, learned)) typeIds.set(key, typeId);
}

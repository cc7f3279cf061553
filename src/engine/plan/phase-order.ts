/** Where a phase comes in apply order: the installed families' phases, in the order of the family list. */
import { phaseList } from '../installed.js';
import type { Phase } from './phases.js';

export function phaseIndex(phase: Phase): number {
  const list = phaseList();
  const index = list.indexOf(phase);
  return index < 0 ? list.length : index;
}

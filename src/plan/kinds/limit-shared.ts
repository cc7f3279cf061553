/** The address of a limit change: its label's, or `CATEGORY/typeId` for a built-in type. */
import { limitAddress } from '../../model/address.js';
import type { LimitPurgeChange } from './limit-purge.js';
import type { LimitSetChange } from './limit-set.js';
import { isRef } from '../change-shapes.js';

export function limitAddressOf(m: LimitSetChange['meta'] | LimitPurgeChange['meta']): string {
  const typeId = isRef(m.typeId) ? undefined : m.typeId;
  return limitAddress(m.from, m.to, { category: m.category, typeId, label: m.label });
}

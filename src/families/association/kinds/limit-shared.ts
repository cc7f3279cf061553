/** The address of a limit change: its label's, or `CATEGORY/typeId` for a built-in type. */
import type { LimitPurgeChange } from './limit-purge-meta.js';
import type { LimitSetChange } from './limit-set-meta.js';
import { isRef } from '../../../engine/plan/change-shapes.js';
import { limitAddress } from '../limit-model.js';

export function limitAddressOf(m: LimitSetChange['meta'] | LimitPurgeChange['meta']): string {
  const typeId = isRef(m.typeId) ? undefined : m.typeId;
  return limitAddress(m.from, m.to, { category: m.category, typeId, label: m.label });
}

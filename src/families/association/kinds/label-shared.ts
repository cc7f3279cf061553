/** What the label kinds share: both directions' texts must match. */
import type { FieldChange } from '../../../engine/plan/change-types.js';

/**
 * The inverse text matches: compared only when the plan names one and it was read (the reverse
 * direction is read only for labels that declare an inverse).
 */
export function inverseMatches(
  wanted: string | undefined,
  live: { inverseLabel?: string; inverseTypeId?: number },
): boolean {
  if (wanted === undefined || live.inverseTypeId === undefined) return true;
  return live.inverseLabel === wanted;
}

/** `"Disputed order" -> "Order in dispute", inverse "Disputed" -> "In dispute"` */
export function relabelled(fields: readonly FieldChange[]): string {
  const parts = fields.map((f) => {
    const side = f.field === 'inverseLabel' ? 'inverse ' : '';
    return `${side}${f.old === null ? '(none)' : JSON.stringify(f.old)} -> ${JSON.stringify(f.new)}`;
  });
  return parts.join(', ');
}

/**
 * A change is data: `{ type, meta }`. Address, message, base severity, phase and requests are derived
 * from `meta` by the kind registry (`kinds/registry.ts`), so a plan written to JSON and read back gives
 * the same derived values. Every value here is JSON-able.
 *
 * The engine knows a change by its shape only (`ChangeShape`): the kinds, and the type of each kind's
 * meta, are the families' (each declares its kinds), joined by the family list at the top.
 */
import type { ChangeShape } from './change-shapes.js';

export type { FieldChange, OptionChange, Ref } from './change-shapes.js';

/** A change of any kind, as the engine sees it. */
export type Change = ChangeShape;

export type ChangeType = string;

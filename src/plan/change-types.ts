/**
 * A change is data: `{ type, meta }`, one union of every kind the planner produces. Address, message,
 * base severity, phase and requests are derived from `meta` by the kind registry (`kinds/`), so a plan
 * written to JSON and read back gives the same derived values. Every value here is JSON-able.
 *
 * Nothing here lists the kinds: the union and the list of types follow from the list of kinds
 * (`kinds/all-kinds.ts`), and each kind's meta type from the declaration in its module.
 */
import type { KINDS } from './kinds/all-kinds.js';
import type { ChangeKind } from './kinds/change-kind.js';
import { KIND_TYPES } from './kinds/registry.js';

export type { FieldChange, OptionChange, Ref } from './change-shapes.js';

/** The change a kind handles. */
export type ChangeOfKind<K> = K extends ChangeKind<infer C> ? C : never;

export type Change = ChangeOfKind<(typeof KINDS)[number]>;

export type ChangeType = Change['type'];

/** Every change type: the registry's, in the order of the list of kinds (`kinds/all-kinds.ts`). */
export const CHANGE_TYPES: readonly ChangeType[] = KIND_TYPES;

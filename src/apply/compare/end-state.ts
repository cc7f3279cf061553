/**
 * Whether the live account already holds what a change wants (its desired end state), read from a
 * normalised live state. This is the evidence apply acts on instead of guessing:
 * - after a write whose answer was lost: done -> applied (reconciled); `absent` -> the create was not
 *   applied and may be sent again; anything else -> failed, the user re-plans;
 * - after a 409 on a create: done -> already done; otherwise a conflict, with the differences;
 * - in the stale check of a saved plan: done -> already done (e.g. by an earlier, interrupted run).
 */
import { defined } from '../../core/defined.js';
import type { SchemaState } from '../../model/schema-model.js';
import type { Change, ChangeOf, ChangeType, FieldChange } from '../../plan/change-types.js';
import type { FieldDifference } from '../types.js';
import {
  liveEventProperty,
  liveGroup,
  liveLabelByText,
  liveLabelByTypeId,
  liveLimit,
  liveProperty,
} from '../../model/schema-lookup.js';
import { fieldDifferences, fieldsNotHolding, limitTypeId } from './lookup.js';

export interface EndState {
  /** the live resource is what the change wants */
  done: boolean;
  /** the resource a create makes is absent: sending the create cannot make a second copy */
  absent: boolean;
  /** when not done: how the live resource differs from the wanted one */
  differences: FieldDifference[];
  /** a label's typeIds (its own direction's and the inverse's), when the live label is known */
  typeId?: number;
  inverseTypeId?: number;
}

type Check<T extends ChangeType> = (
  change: ChangeOf<T>,
  live: SchemaState,
  typeIds: ReadonlyMap<string, number>,
) => EndState;

const MISSING: FieldDifference = { field: 'exists', expected: true, actual: false };
const PRESENT: FieldDifference = { field: 'exists', expected: false, actual: true };

/** A create: done when the live resource equals the wanted one, field for field. */
function created(wanted: object, live: object | undefined): EndState {
  if (live === undefined) return { done: false, absent: true, differences: [MISSING] };
  const differences = fieldDifferences(wanted, live);
  return { done: differences.length === 0, absent: false, differences };
}

/** An update: done when every changed field holds its new value. */
function updated(fields: readonly FieldChange[], live: object | undefined): EndState {
  if (live === undefined) return { done: false, absent: true, differences: [MISSING] };
  const differences = fieldsNotHolding(fields, 'new', live);
  return { done: differences.length === 0, absent: false, differences };
}

/** A removal: done when the resource is gone. */
function removed(live: unknown): EndState {
  return live === undefined
    ? { done: true, absent: true, differences: [] }
    : { done: false, absent: false, differences: [PRESENT] };
}

/**
 * Both directions' texts must match; the inverse text is compared only when the plan names one and it
 * was read (the reverse direction is read only for labels that declare an inverse).
 */
function inverseMatches(wanted: string | undefined, live: { inverseLabel?: string; inverseTypeId?: number }) {
  if (wanted === undefined || live.inverseTypeId === undefined) return true;
  return live.inverseLabel === wanted;
}

const CHECKS: { readonly [T in ChangeType]: Check<T> } = {
  'property.create': (c, live) =>
    created(c.meta.property, liveProperty(live, c.meta.objectType, c.meta.property.name)),
  'property.replace': (c, live) =>
    created(c.meta.property, liveProperty(live, c.meta.objectType, c.meta.property.name)),
  'property.update': (c, live) => updated(c.meta.fields, liveProperty(live, c.meta.objectType, c.meta.name)),
  'property.archive': (c, live) => removed(liveProperty(live, c.meta.objectType, c.meta.name)),
  'group.create': (c, live) => created(c.meta.group, liveGroup(live, c.meta.objectType, c.meta.group.name)),
  'group.update': (c, live) => updated(c.meta.fields, liveGroup(live, c.meta.objectType, c.meta.name)),
  'group.archive': (c, live) => removed(liveGroup(live, c.meta.objectType, c.meta.name)),
  'label.create': (c, live) => {
    const found = liveLabelByText(live, c.meta.from, c.meta.to, c.meta.label.label);
    if (found === undefined) return { done: false, absent: true, differences: [MISSING] };
    const done = inverseMatches(c.meta.label.inverseLabel, found);
    const differences = done
      ? []
      : [
          {
            field: 'inverseLabel',
            expected: c.meta.label.inverseLabel ?? null,
            actual: found.inverseLabel ?? null,
          },
        ];
    return {
      done,
      absent: false,
      differences,
      ...defined({ typeId: found.typeId, inverseTypeId: found.inverseTypeId }),
    };
  },
  'label.update': (c, live) => {
    const found = liveLabelByTypeId(live, c.meta.from, c.meta.to, c.meta.typeId);
    if (found === undefined) return { done: false, absent: true, differences: [MISSING] };
    const differences: FieldDifference[] = [];
    if (found.label !== c.meta.label)
      differences.push({ field: 'label', expected: c.meta.label, actual: found.label });
    if (!inverseMatches(c.meta.inverseLabel, found))
      differences.push({
        field: 'inverseLabel',
        expected: c.meta.inverseLabel ?? null,
        actual: found.inverseLabel ?? null,
      });
    return { done: differences.length === 0, absent: false, differences, typeId: c.meta.typeId };
  },
  'label.delete': (c, live) => removed(liveLabelByTypeId(live, c.meta.from, c.meta.to, c.meta.label.typeId)),
  'limit.set': (c, live, typeIds) => {
    const typeId = limitTypeId(c.meta, live, typeIds);
    const found = liveLimit(live, c.meta.from, c.meta.to, c.meta.category, typeId);
    if (found === undefined) return { done: false, absent: true, differences: [MISSING] };
    const done = found.maxToObjectIds === c.meta.new;
    const differences = done
      ? []
      : [{ field: 'maxToObjectIds', expected: c.meta.new, actual: found.maxToObjectIds ?? null }];
    return { done, absent: false, differences };
  },
  'limit.purge': (c, live) =>
    removed(liveLimit(live, c.meta.from, c.meta.to, c.meta.category, c.meta.typeId)),
  'eventDefinition.create': (c, live) => {
    const found = live.events.get(c.meta.eventName);
    if (found?.exists !== true) return { done: false, absent: true, differences: [MISSING] };
    // the fields a definition block sets; the primary object comes back as the account names it
    const differences =
      found.definition === undefined
        ? []
        : fieldDifferences(c.meta.definition, found.definition, ['label', 'description']);
    return { done: differences.length === 0, absent: false, differences };
  },
  'eventProperty.create': (c, live) =>
    created(c.meta.property, liveEventProperty(live, c.meta.eventName, c.meta.property.name)),
  'eventProperty.update': (c, live) =>
    updated(c.meta.fields, liveEventProperty(live, c.meta.eventName, c.meta.name)),
  'eventProperty.delete': (c, live) => {
    const found = liveEventProperty(live, c.meta.eventName, c.meta.name);
    // deleted to be created again with a new type: the re-created property means this step is done too
    if (c.meta.cause === 'type-change' && found !== undefined && found.type === c.meta.newType)
      return { done: true, absent: false, differences: [] };
    return removed(found);
  },
};

export function endStateOf(
  change: Change,
  live: SchemaState,
  typeIds: ReadonlyMap<string, number> = new Map(),
): EndState {
  return (CHECKS[change.type] as Check<ChangeType>)(change, live, typeIds);
}

/** The change types whose write is a create: the ones sent with the `unsafe` retry class, never twice blindly. */
export const CREATE_TYPES: ReadonlySet<ChangeType> = new Set([
  'property.create',
  'property.replace',
  'group.create',
  'label.create',
  'eventDefinition.create',
  'eventProperty.create',
]);

/** Whether a change's write is a create (a limit set where none exists is one too). */
export function isCreate(change: Change): boolean {
  return CREATE_TYPES.has(change.type) || (change.type === 'limit.set' && change.meta.mode === 'create');
}

/** The change types that remove something: a 404 means the wanted end state (absent) already holds. */
export const REMOVAL_TYPES: ReadonlySet<ChangeType> = new Set([
  'property.archive',
  'group.archive',
  'label.delete',
  'limit.purge',
  'eventProperty.delete',
]);

/**
 * Option lists compared by `value`: added, removed, relabelled, reordered (its `displayOrder` or its
 * position among the options both lists share changed), hidden changed, description changed. O(n).
 */
import type { NormalizedOption } from '../../model/schema-model.js';
import type { OptionChange } from '../change-types.js';

export function diffOptions(
  old: readonly NormalizedOption[],
  next: readonly NormalizedOption[],
): OptionChange[] {
  const oldByValue = new Map(old.map((o) => [o.value, o]));
  const oldIndex = new Map(old.map((o, i) => [o.value, i]));
  const nextByValue = new Map(next.map((o) => [o.value, o]));
  // positions within the options both lists share: moving one option is not a move of every other one
  const oldShared = sharedPositions(old, nextByValue);
  const nextShared = sharedPositions(next, oldByValue);

  const changes: OptionChange[] = [];
  for (const option of old) {
    if (!nextByValue.has(option.value)) changes.push({ kind: 'removed', value: option.value, option });
  }
  next.forEach((option, newPosition) => {
    const before = oldByValue.get(option.value);
    if (before === undefined) {
      changes.push({ kind: 'added', value: option.value, option });
      return;
    }
    const value = option.value;
    if (before.label !== option.label)
      changes.push({ kind: 'relabelled', value, old: before.label, new: option.label });
    if (before.displayOrder !== option.displayOrder || oldShared.get(value) !== nextShared.get(value)) {
      changes.push({
        kind: 'reordered',
        value,
        oldPosition: oldIndex.get(value) ?? -1,
        newPosition,
        oldDisplayOrder: before.displayOrder,
        newDisplayOrder: option.displayOrder,
      });
    }
    if (before.hidden !== option.hidden)
      changes.push({ kind: 'hidden', value, old: before.hidden, new: option.hidden });
    if (before.description !== option.description) {
      changes.push({ kind: 'description', value, old: before.description, new: option.description });
    }
  });
  return changes;
}

function sharedPositions(
  list: readonly NormalizedOption[],
  other: ReadonlyMap<string, NormalizedOption>,
): Map<string, number> {
  const positions = new Map<string, number>();
  for (const option of list) if (other.has(option.value)) positions.set(option.value, positions.size);
  return positions;
}

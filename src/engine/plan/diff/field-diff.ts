/**
 * Field-by-field comparison of two normalised values. Scalars compare with `===`; option lists by
 * `optionsEqual`, and a changed list carries its option changes. An unset optional field is `null`.
 */
import { optionsEqual } from '../../model/normalize-options.js';
import type { NormalizedOption } from '../../model/schema-model.js';
import type { FieldChange } from '../change-types.js';
import { optionBody } from '../requests/bodies.js';
import { diffOptions } from './option-diff.js';
import type { JsonValue } from '../../../core/json.js';

type Scalar = string | number | boolean | undefined;
type Comparable = Record<string, Scalar | readonly NormalizedOption[]>;

export function diffFields<T extends object>(
  old: T,
  next: T,
  fields: readonly (keyof T & string)[],
): FieldChange[] {
  const a = old as unknown as Comparable;
  const b = next as unknown as Comparable;
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const before = a[field];
    const after = b[field];
    if (Array.isArray(before) || Array.isArray(after)) {
      const x = (before ?? []) as readonly NormalizedOption[];
      const y = (after ?? []) as readonly NormalizedOption[];
      if (!optionsEqual(x, y)) {
        changes.push({ field, old: x.map(optionBody), new: y.map(optionBody), options: diffOptions(x, y) });
      }
    } else if (before !== after) {
      changes.push({ field, old: toJson(before as Scalar), new: toJson(after as Scalar) });
    }
  }
  return changes;
}

function toJson(value: Scalar): JsonValue {
  return value === undefined ? null : value;
}

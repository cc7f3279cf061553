/** Options of properties and event properties, defaults filled (`defaults.ts`). */
import { at } from '../../core/must.js';
import type { PropertyOption } from '../../wire/api.js';
import { defaultOptionDisplayOrder, OPTION_DEFAULTS } from './defaults.js';
import type { NormalizedOption } from './schema-model.js';

/** An option as a manifest may write it or the API returns it; only `label` and `value` are needed. */
export type OptionLike = Pick<PropertyOption, 'label' | 'value'> & Partial<PropertyOption>;

export function normalizeOption(option: OptionLike, index: number): NormalizedOption {
  return {
    label: option.label,
    value: option.value,
    description: option.description ?? OPTION_DEFAULTS.description,
    displayOrder: option.displayOrder ?? defaultOptionDisplayOrder(index),
    hidden: option.hidden ?? OPTION_DEFAULTS.hidden,
  };
}

export function normalizeOptions(options: readonly OptionLike[] | null | undefined): NormalizedOption[] {
  return (options ?? []).map(normalizeOption);
}

/** Equal when every field matches, in list order. */
export function optionsEqual(a: readonly NormalizedOption[], b: readonly NormalizedOption[]): boolean {
  if (a.length !== b.length) return false;
  for (const [i, x] of a.entries()) {
    const y = at(b, i);
    if (
      x.value !== y.value ||
      x.label !== y.label ||
      x.description !== y.description ||
      x.displayOrder !== y.displayOrder ||
      x.hidden !== y.hidden
    ) {
      return false;
    }
  }
  return true;
}

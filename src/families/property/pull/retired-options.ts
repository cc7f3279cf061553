/**
 * The options a finished remap keeps (hidden, marked with the value that replaced them: see
 * model/data-step-marks.ts) are written back as `replaces` of the option that replaced them, not as
 * options: the manifest then says what it said when the remap ran, the plan after a pull stays empty, and
 * the remap is still known to be done.
 */
import { replacedBy } from '../data-step-marks.js';
import type { NormalizedOption } from '../../../engine/model/schema-model.js';

export interface SplitOptions {
  /** the options the manifest declares */
  shown: NormalizedOption[];
  /** replacing value -> the retired values it replaces, in live order */
  replaces: Map<string, string[]>;
}

export function splitRetired(options: readonly NormalizedOption[]): SplitOptions {
  const values = new Set(options.map((o) => o.value));
  const shown: NormalizedOption[] = [];
  const replaces = new Map<string, string[]>();
  for (const option of options) {
    const by = replacedBy(option);
    // retired: hidden, marked, and the option that replaced it is there; anything else is an option
    if (option.hidden && by !== undefined && by !== option.value && values.has(by)) {
      replaces.set(by, [...(replaces.get(by) ?? []), option.value]);
      continue;
    }
    shown.push(option);
  }
  return { shown, replaces };
}

/**
 * Which counts the changes of a plan want, so that their severity is sharp and a reviewer sees what they
 * do to records: each change's kind names its own (`dataCheck`); this collects them. The counts, their
 * keys and the targets are in data-counts.ts.
 */
import type { Change } from './change-types.js';
import { NO_VALUES, type DataCheckTarget, type SampleValues } from './data-counts.js';
import { dataCheckTargetsOf } from './kinds/registry.js';

export * from './data-counts.js';

/** The counts the kinds can use for these changes, each once, in change order. */
export function dataCheckTargets(
  changes: readonly Change[],
  quote: SampleValues = NO_VALUES,
): DataCheckTarget[] {
  const targets = new Map<string, DataCheckTarget>();
  for (const change of changes)
    for (const target of dataCheckTargetsOf(change, quote))
      if (!targets.has(target.key)) targets.set(target.key, target);
  return [...targets.values()];
}

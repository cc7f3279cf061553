/**
 * The data check: which record counts would sharpen the severity of a plan, and how they are keyed.
 * The live reader counts them through search (`HAS_PROPERTY` for a whole property, `EQ` for an option
 * value) and hands them to the rules as `RecordCounts`.
 *
 *   tickets.escalation_level          records that hold any value (archive, replace)
 *   tickets.escalation_level=legacy   records that hold the option value `legacy` (option removal)
 */
import type { Change } from './change-types.js';
import { propertyAddress } from './address.js';

export type RecordCounts = ReadonlyMap<string, number>;

export interface DataCheckTarget {
  key: string;
  objectType: string;
  propertyName: string;
  /** absent: count records holding any value */
  value?: string;
}

export function recordCountKey(objectType: string, propertyName: string, value?: string): string {
  const address = propertyAddress(objectType, propertyName);
  return value === undefined ? address : `${address}=${value}`;
}

/** The counts the rules can use for these changes, each once, in change order. */
export function dataCheckTargets(changes: readonly Change[]): DataCheckTarget[] {
  const targets = new Map<string, DataCheckTarget>();
  const add = (objectType: string, propertyName: string, value?: string): void => {
    const key = recordCountKey(objectType, propertyName, value);
    if (!targets.has(key))
      targets.set(key, { key, objectType, propertyName, ...(value === undefined ? {} : { value }) });
  };
  for (const change of changes) {
    if (change.type === 'property.archive' || change.type === 'property.replace') {
      add(change.meta.objectType, change.meta.name);
    } else if (change.type === 'property.update') {
      for (const value of removedOptionValues(change.meta.fields))
        add(change.meta.objectType, change.meta.name, value);
    }
  }
  return [...targets.values()];
}

export function removedOptionValues(
  fields: readonly { options?: readonly { kind: string; value: string }[] }[],
): string[] {
  const values: string[] = [];
  for (const field of fields)
    for (const o of field.options ?? []) if (o.kind === 'removed') values.push(o.value);
  return values;
}

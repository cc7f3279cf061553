/**
 * Lookups that cannot miss by construction (an index below the length, a key put in just before).
 * A miss is a bug in crm-schema, so it throws a plain `Error` (reported as an unexpected failure),
 * never a `CrmSchemaError`.
 */
export function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`internal error: ${what} is missing`);
  return value;
}

/** `array[index]`, which must exist. */
export function at<T>(array: ArrayLike<T>, index: number): T {
  const value = array[index];
  if (value === undefined) throw new Error(`internal error: no element ${index} (of ${array.length})`);
  return value;
}

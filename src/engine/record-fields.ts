/**
 * What the engine knows of records' fields: their data sensitivity, from the family that defines them
 * (object properties). Data steps keep, and the data check quotes, only non-sensitive values.
 */
import { families } from './installed.js';
import type { SchemaState } from './model/schema-model.js';

/** The sensitivity of a field in `state`, or undefined where no family knows the field there. */
export function fieldSensitivity(state: SchemaState, objectType: string, name: string): string | undefined {
  for (const family of families()) {
    const sensitivity = family.fieldSensitivity?.(state, objectType, name);
    if (sensitivity !== undefined) return sensitivity;
  }
  return undefined;
}

/** The sensitivity the platform gives a field when it says none. */
export const NON_SENSITIVE = 'non_sensitive';

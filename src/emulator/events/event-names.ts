/**
 * Pure name rules of custom event definitions and their properties, as the platform applies them: a
 * lowercase letter first, then lowercase letters, digits and underscores, at most 50
 * characters. The emulator applies the same rule to event names (the platform documents none for them).
 */
export const MAX_EVENT_NAME_LENGTH = 50;

const NAME_PATTERN = /^[a-z][a-z0-9_]*$/;

/** The name the platform derives from a label when none is given: lowercase, other characters -> `_`. */
export function nameFromLabel(label: string): string {
  return label.toLowerCase().replace(/[^a-z0-9_]/g, '_');
}

/** Why `name` is refused, or null when it is fine. */
export function eventNameProblem(name: string): string | null {
  if (name.length === 0) return 'must not be empty';
  if (name.length > MAX_EVENT_NAME_LENGTH) {
    return `is ${name.length} characters long; at most ${MAX_EVENT_NAME_LENGTH} are allowed`;
  }
  if (!/^[a-z]/.test(name)) return 'must start with a lowercase letter';
  if (!NAME_PATTERN.test(name)) return 'may hold only lowercase letters, digits and underscores';
  return null;
}

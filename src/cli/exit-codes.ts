/** The exit codes every command keeps to (scripts rely on them). */
export const EXIT = {
  /** success, no changes, no drift */
  ok: 0,
  /** bad input, API failure, refused plan */
  error: 1,
  /** changes present (`plan --detailed-exitcode`) or drift found (`drift`) */
  changes: 2,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

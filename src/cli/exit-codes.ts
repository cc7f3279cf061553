/** The contract's exit codes (design/PRODUCT.md). */
export const EXIT = {
  /** success, no changes, no drift */
  ok: 0,
  /** bad input, API failure, refused plan */
  error: 1,
  /** changes present (`plan --detailed-exitcode`) or drift found (`drift`) */
  changes: 2,
} as const;

/**
 * The one error base of the tool. Errors are recognised by their `code`, never by `instanceof`
 * across module copies. `meta` is JSON-able and never holds a secret.
 */
export interface CrmSchemaErrorOptions {
  /** what to do next, shown under the message */
  hint?: string;
  /** JSON-able details for `--json` output */
  meta?: Record<string, unknown>;
  /** process exit code; 1 unless said otherwise */
  exitCode?: number;
  cause?: unknown;
}

export class CrmSchemaError extends Error {
  readonly code: string;
  readonly hint: string | undefined;
  readonly meta: Record<string, unknown>;
  readonly exitCode: number;
  /** marks user-facing errors: printed without a stack trace */
  readonly isCrmSchemaError = true;

  constructor(code: string, message: string, options: CrmSchemaErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CrmSchemaError';
    this.code = code;
    this.hint = options.hint;
    this.meta = options.meta ?? {};
    this.exitCode = options.exitCode ?? 1;
  }
}

export function isCrmSchemaError(value: unknown): value is CrmSchemaError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { isCrmSchemaError?: unknown }).isCrmSchemaError === true &&
    typeof (value as { code?: unknown }).code === 'string'
  );
}

/**
 * From the server's answer to a typed error: whole-call error bodies and batch error items. The
 * category decides first (it is the server's own word), the HTTP status
 * second; anything unrecognised is `SERVER` with the category passed through unchanged.
 *
 * The answer is the server's, so nothing of it is trusted: fields of the wrong type are left out, and
 * the text taken into a message is one line without control characters, cut to a readable length
 * (answer-text.ts). The token was removed before (answer-scrub.ts).
 */
import type { BatchErrorItem, ErrorDetail } from '../wire/api.js';
import { printable } from './answer-text.js';
import {
  AuthError,
  ConflictError,
  MissingScopesError,
  NotFoundError,
  RateLimitError,
  ServerError,
  ValidationError,
  type ApiErrorCode,
  type ApiErrorFields,
  type CrmApiError,
} from './errors.js';
import { defined } from '../core/defined.js';

const BY_CATEGORY: Readonly<Record<string, ApiErrorCode>> = {
  VALIDATION_ERROR: 'VALIDATION',
  OBJECT_NOT_FOUND: 'NOT_FOUND',
  OBJECT_ALREADY_EXISTS: 'CONFLICT',
  CONFLICT: 'CONFLICT',
  INVALID_AUTHENTICATION: 'AUTH',
  MISSING_SCOPES: 'MISSING_SCOPES',
  RATE_LIMITS: 'RATE_LIMIT',
  RATE_LIMIT: 'RATE_LIMIT',
};

const BY_STATUS: Readonly<Record<number, ApiErrorCode>> = {
  400: 'VALIDATION',
  401: 'AUTH',
  403: 'AUTH',
  404: 'NOT_FOUND',
  405: 'VALIDATION',
  409: 'CONFLICT',
  413: 'VALIDATION',
  415: 'VALIDATION',
  422: 'VALIDATION',
  429: 'RATE_LIMIT',
  // "too many labels" and similar caps: the request cannot succeed as sent
  437: 'VALIDATION',
};

const serverError = (fields: ApiErrorFields): CrmApiError => new ServerError(fields);

const BUILDERS: Readonly<Record<ApiErrorCode, ((fields: ApiErrorFields, body: Body) => CrmApiError) | null>> =
  {
    NOT_FOUND: (f) => new NotFoundError(f),
    CONFLICT: (f) => new ConflictError(f),
    VALIDATION: (f) => new ValidationError(f),
    AUTH: (f) => new AuthError(f),
    MISSING_SCOPES: (f) => new MissingScopesError(f, missingScopes(f)),
    RATE_LIMIT: (f, body) => new RateLimitError(f, str(body.policyName)),
    SERVER: serverError,
    // built by the request loop, never from an error answer
    NETWORK: null,
    OUTCOME_UNKNOWN: null,
    BAD_RESPONSE: null,
  };

type Body = Record<string, unknown>;

export function codeFor(status: number | undefined, category: string | undefined): ApiErrorCode {
  const byCategory = category === undefined ? undefined : BY_CATEGORY[category];
  if (byCategory) return byCategory;
  if (status === 403) return 'AUTH';
  return (status === undefined ? undefined : BY_STATUS[status]) ?? 'SERVER';
}

/**
 * The error for a non-2xx answer; `body` is the parsed JSON (or undefined when it was not JSON).
 * `hint`: a better one than the code's default.
 */
export function errorFromResponse(
  call: { method: string; path: string },
  status: number,
  body: unknown,
  hint?: string,
): CrmApiError {
  const b: Body = isObject(body) ? body : {};
  const fields = { ...fieldsOf(call, status, b), ...defined({ hint }) };
  let code = codeFor(status, fields.category);
  if (code === 'AUTH' && missingScopes(fields).length > 0) code = 'MISSING_SCOPES';
  if (status === 429) code = 'RATE_LIMIT';
  return build(code, fields, b);
}

/** The error of one failed item inside a batch response (status there is a string such as "error"). */
export function errorFromBatchItem(
  call: { method: string; path: string },
  item: BatchErrorItem,
): CrmApiError {
  const b: Body = isObject(item) ? item : {};
  const numeric = Number(b.status);
  const fields = fieldsOf(call, Number.isInteger(numeric) && numeric > 0 ? numeric : undefined, b);
  let code = codeFor(fields.status, fields.category);
  if (code === 'AUTH' && missingScopes(fields).length > 0) code = 'MISSING_SCOPES';
  // a batch read of names an account lacks answers one error per name (10,000 in a plan from an empty
  // account); these errors are returned, not thrown, so a stack trace would only cost time and memory
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return build(code, fields, b);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

function build(code: ApiErrorCode, fields: ApiErrorFields, body: Body): CrmApiError {
  const builder = BUILDERS[code] ?? serverError;
  return builder(fields, body);
}

function fieldsOf(
  call: { method: string; path: string },
  status: number | undefined,
  b: Body,
): ApiErrorFields {
  const subCategory = b.subCategory;
  return {
    method: call.method,
    path: call.path,
    status,
    category: short(b.category) ?? short(b.errorType),
    subCategory:
      typeof subCategory === 'string'
        ? short(subCategory)
        : isObject(subCategory)
          ? short(safeJson(subCategory))
          : undefined,
    serverMessage: typeof b.message === 'string' ? printable(b.message) : undefined,
    correlationId: short(b.correlationId),
    errors: Array.isArray(b.errors) ? (b.errors.filter(isObject) as ErrorDetail[]) : [],
    context: isObject(b.context) ? b.context : {},
  };
}

/** a name-like string of the answer (category, correlationId), made printable and short */
function short(value: unknown): string | undefined {
  return typeof value === 'string' ? printable(value, 200) : undefined;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return '(unreadable)';
  }
}

/** Missing scopes from `errors[].context.missingScopes` (their usual place) or the top-level context. */
function missingScopes(fields: ApiErrorFields): string[] {
  const found = new Set<string>();
  const add = (value: unknown) => {
    if (Array.isArray(value)) for (const s of value) if (typeof s === 'string') found.add(s);
  };
  for (const detail of fields.errors ?? []) {
    if (isObject(detail.context)) add(detail.context.missingScopes);
  }
  add(fields.context?.missingScopes);
  return [...found];
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function isObject(value: unknown): value is Body {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

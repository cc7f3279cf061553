/**
 * The client's typed errors. One base, `CrmApiError` (a `CrmSchemaError`, so the CLI prints message and
 * hint without a stack), with a stable `code`. Callers branch on `code`, never on `instanceof` across
 * module copies. No field, message or `cause` ever holds the token: errors are built from the method,
 * the path and the server's answer only.
 */
import { CrmSchemaError } from '../core/errors.js';
import type { ErrorDetail } from '../wire/api.js';

export const API_ERROR_CODES = [
  'NOT_FOUND',
  'CONFLICT',
  'VALIDATION',
  'AUTH',
  'MISSING_SCOPES',
  'RATE_LIMIT',
  'NETWORK',
  'OUTCOME_UNKNOWN',
  'SERVER',
  'BAD_RESPONSE',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** What the server said, as far as it said it, plus the call that failed. */
export interface ApiErrorFields {
  method: string;
  /** the request path with its query (no secrets: see log.ts) */
  path: string;
  status?: number;
  category?: string;
  subCategory?: string;
  /** the server's own message */
  serverMessage?: string;
  correlationId?: string;
  errors?: ErrorDetail[];
  context?: Record<string, unknown>;
  /** a better hint than the code's default one */
  hint?: string;
  cause?: unknown;
}

const DEFAULT_HINTS: Record<ApiErrorCode, string> = {
  NOT_FOUND: 'Check the object type and name; it may have been archived or deleted.',
  CONFLICT: 'It already exists or changed meanwhile: read it back and compare before trying again.',
  VALIDATION: 'Fix the request as the server says (see errors[] for the fields), then try again.',
  AUTH: 'Check that the access token is set, valid and belongs to this account.',
  MISSING_SCOPES: 'Grant the app the missing scopes, then use a new token.',
  RATE_LIMIT: 'Wait and run again later, or lower the request rate (the client limits itself per 10 s).',
  NETWORK: 'Check the base URL and the network; the client already retried.',
  OUTCOME_UNKNOWN:
    'Read the resource back to see whether the write was applied before trying again; the client did not repeat it.',
  SERVER: 'The server failed; try again later. The correlationId identifies the request to support.',
  BAD_RESPONSE:
    'The server did not answer as the CRM API does (a wrong base URL, a proxy in the way, or a server fault): check --base-url or CRM_BASE_URL. Nothing of the answer was used.',
};

/** The hint of a call that ran out of time. */
export const TIMEOUT_HINT =
  'The server did not finish answering in time. If it is only slow, give it longer: --timeout SECONDS or CRM_TIMEOUT (timeoutMs for the API client).';

export class CrmApiError extends CrmSchemaError {
  declare readonly code: ApiErrorCode;
  readonly isApiError = true;
  readonly method: string;
  readonly path: string;
  readonly status: number | undefined;
  readonly category: string | undefined;
  readonly subCategory: string | undefined;
  readonly serverMessage: string | undefined;
  readonly correlationId: string | undefined;
  readonly errors: ErrorDetail[];
  readonly context: Record<string, unknown>;

  constructor(code: ApiErrorCode, what: string, fields: ApiErrorFields) {
    const message = `${fields.method} ${fields.path}: ${what}`;
    super(code, message, {
      hint: fields.hint ?? DEFAULT_HINTS[code],
      cause: fields.cause,
      meta: {
        method: fields.method,
        path: fields.path,
        status: fields.status,
        category: fields.category,
        subCategory: fields.subCategory,
        serverMessage: fields.serverMessage,
        correlationId: fields.correlationId,
        errors: fields.errors ?? [],
        context: fields.context ?? {},
      },
    });
    this.name = 'CrmApiError';
    this.method = fields.method;
    this.path = fields.path;
    this.status = fields.status;
    this.category = fields.category;
    this.subCategory = fields.subCategory;
    this.serverMessage = fields.serverMessage;
    this.correlationId = fields.correlationId;
    this.errors = fields.errors ?? [];
    this.context = fields.context ?? {};
  }
}

export function isApiError(value: unknown): value is CrmApiError {
  return (
    typeof value === 'object' && value !== null && (value as { isApiError?: unknown }).isApiError === true
  );
}

/** "409 OBJECT_ALREADY_EXISTS: A property named 'x' already exists. (correlationId ...)" */
function serverSaid(fields: ApiErrorFields): string {
  const head = [fields.status, fields.category].filter((part) => part !== undefined).join(' ');
  const said = fields.serverMessage ? `${head}: ${fields.serverMessage}` : head || 'failed';
  return fields.correlationId ? `${said} (correlationId ${fields.correlationId})` : said;
}

export class NotFoundError extends CrmApiError {
  constructor(fields: ApiErrorFields) {
    super('NOT_FOUND', serverSaid(fields), fields);
    this.name = 'NotFoundError';
  }
}

export class ConflictError extends CrmApiError {
  constructor(fields: ApiErrorFields) {
    super('CONFLICT', serverSaid(fields), fields);
    this.name = 'ConflictError';
  }
}

export class ValidationError extends CrmApiError {
  constructor(fields: ApiErrorFields) {
    super('VALIDATION', serverSaid(fields), fields);
    this.name = 'ValidationError';
  }
}

export class AuthError extends CrmApiError {
  constructor(fields: ApiErrorFields) {
    super('AUTH', serverSaid(fields), fields);
    this.name = 'AuthError';
  }
}

export class MissingScopesError extends CrmApiError {
  /** the scopes the token lacks, from errors[].context.missingScopes */
  readonly scopes: string[];
  constructor(fields: ApiErrorFields, scopes: string[]) {
    const hint = scopes.length
      ? `Grant the app these scopes: ${scopes.join(', ')}; then use a new token.`
      : undefined;
    super('MISSING_SCOPES', serverSaid(fields), { ...fields, hint: fields.hint ?? hint });
    this.name = 'MissingScopesError';
    this.scopes = scopes;
    this.meta.scopes = scopes;
  }
}

export class RateLimitError extends CrmApiError {
  /** `TEN_SECONDLY_ROLLING`, `DAILY`, `SECONDLY`, or whatever the server named; unknown ones pass through */
  readonly policyName: string | undefined;
  /** true for the daily limit: retrying today will not help */
  readonly daily: boolean;
  constructor(fields: ApiErrorFields, policyName: string | undefined) {
    const daily = policyName === 'DAILY';
    const what = daily
      ? `the account's daily API limit is used up (${serverSaid(fields)})`
      : `still rate limited after retrying (${serverSaid(fields)})`;
    const hint = daily
      ? 'The daily limit resets at midnight in the account time zone; run again after that.'
      : undefined;
    super('RATE_LIMIT', what, { ...fields, hint: fields.hint ?? hint });
    this.name = 'RateLimitError';
    this.policyName = policyName;
    this.daily = daily;
    this.meta.policyName = policyName;
    this.meta.daily = daily;
  }
}

export class ServerError extends CrmApiError {
  constructor(fields: ApiErrorFields) {
    super('SERVER', serverSaid(fields), fields);
    this.name = 'ServerError';
  }
}

export class NetworkError extends CrmApiError {
  /** the socket-level code, e.g. ECONNREFUSED, UND_ERR_CONNECT_TIMEOUT, or CALL_TIMEOUT (the client's deadline) */
  readonly networkCode: string;
  constructor(fields: ApiErrorFields, networkCode: string, detail: string, what?: string) {
    super('NETWORK', what ?? `the connection failed (${networkCode}: ${detail})`, fields);
    this.name = 'NetworkError';
    this.networkCode = networkCode;
    this.meta.networkCode = networkCode;
  }
}

/**
 * A non-idempotent write (a create) whose request may have reached the server, but whose answer was
 * lost: the connection broke after sending, the response timed out, or the server answered 500. The
 * client never repeats such a write; the caller reads back and reconciles.
 */
export class OutcomeUnknownError extends CrmApiError {
  /** the JSON body that was sent, so the caller can find what it would have created */
  readonly requestBody: unknown;
  /** why the outcome is unknown, e.g. `UND_ERR_SOCKET: other side closed` or `500 INTERNAL_ERROR` */
  readonly reason: string;
  constructor(fields: ApiErrorFields, requestBody: unknown, reason: string) {
    super('OUTCOME_UNKNOWN', `the write may or may not have been applied (${reason})`, fields);
    this.name = 'OutcomeUnknownError';
    this.requestBody = requestBody;
    this.reason = reason;
    this.meta.requestBody = requestBody;
    this.meta.reason = reason;
  }
}

/**
 * A 2xx answer the client cannot use: not JSON, larger than the size cap, nested absurdly deep, or not
 * of the shape the call relies on (e.g. `results` that is not a list). Never retried: a server that
 * answers nonsense once is not trusted to answer sense on a repeat. (For a create the same problems are
 * an OUTCOME_UNKNOWN instead: the write may have been applied.)
 */
export class BadResponseError extends CrmApiError {
  /** what is wrong with the answer, e.g. `results[2].name is not a string (a number)` */
  readonly problem: string;
  constructor(fields: ApiErrorFields, problem: string) {
    const status = fields.status === undefined ? 'answer' : `${fields.status} answer`;
    super('BAD_RESPONSE', `the server's ${status} cannot be used: ${problem}`, fields);
    this.name = 'BadResponseError';
    this.problem = problem;
    this.meta.problem = problem;
  }
}
